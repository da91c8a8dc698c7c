/// A player on a team's roster, with the shirt number worn in that team and
/// the strap the player wears by default in that team's sessions.
/// A strap is unique within a team and may be reused across teams.
public struct Membership: Sendable, Equatable, Codable {
    public var teamID: Int64
    public var playerID: Int64
    public var shirtNumber: Int
    public var strapID: Int64?

    public init(teamID: Int64, playerID: Int64, shirtNumber: Int, strapID: Int64? = nil) {
        self.teamID = teamID
        self.playerID = playerID
        self.shirtNumber = shirtNumber
        self.strapID = strapID
    }
}

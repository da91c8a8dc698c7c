import TeamCore

/// A roster line: the player, their number in this team and their default strap id.
public struct RosterLine: Sendable, Equatable {
    public var playerID: Int64
    public var player: Player
    public var shirtNumber: Int
    public var strapID: Int64?
    /// The stored photo's version (when it was imported); nil: the screens show initials.
    public var photoVersion: Int64?
    public init(playerID: Int64, player: Player, shirtNumber: Int, strapID: Int64?, photoVersion: Int64? = nil) {
        self.playerID = playerID
        self.player = player
        self.shirtNumber = shirtNumber
        self.strapID = strapID
        self.photoVersion = photoVersion
    }
}

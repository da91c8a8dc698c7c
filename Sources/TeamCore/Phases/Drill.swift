/// A drill of a team's library: "Warm-up", "Rondo 5v2", "SSG 4v4", "Sprints 6×30 m", with the minutes
/// the coach plans for it (nil: as long as it takes). A session keeps the name it was recorded under
/// (`DrillStart`), so renaming or removing a drill changes no past session.
public struct Drill: Sendable, Equatable, Hashable, Codable {
    public var id: Int64
    public var teamID: Int64
    public var name: String
    public var plannedMinutes: Int?

    public init(id: Int64, teamID: Int64, name: String, plannedMinutes: Int? = nil) {
        self.id = id
        self.teamID = teamID
        self.name = name
        self.plannedMinutes = plannedMinutes
    }

    /// Long enough for "Sprints 6×30 m, then 4×40 m"; short enough for a button.
    public static let maxNameLength = 32
    /// At most two hours planned.
    public static let plannedMinutesRange = 1...120

    /// Why `name` is no drill's name, or nil. Bytes are counted first, so a 10 kB name costs nothing to refuse.
    public static func nameProblem(_ name: String) -> String? {
        if name.utf8.count > 4 * maxNameLength { return "has more than \(maxNameLength) characters (\(name.utf8.count) bytes)" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "cannot hold a line break or another control character"
        }
        let trimmed = trimmed(name)
        if trimmed.isEmpty { return "is empty" }
        if trimmed.count > maxNameLength { return "has more than \(maxNameLength) characters (\(trimmed.count))" }
        return nil
    }

    /// The name as kept: without spaces around it.
    public static func trimmed(_ name: String) -> String {
        String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

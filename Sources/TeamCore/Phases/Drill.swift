import Localization

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

    /// Why a name is no drill's name.
    public enum NameProblem: Sendable, Equatable, CustomStringConvertible {
        case tooManyBytes(Int), controlCharacter, empty, tooLong(Int)

        /// English, after "drill name" or "the name" (the command line's, the store's and the log's words).
        public var description: String {
            switch self {
            case .tooManyBytes(let bytes): "has more than \(Drill.maxNameLength) characters (\(bytes) bytes)"
            case .controlCharacter: "cannot hold a line break or another control character"
            case .empty: "is empty"
            case .tooLong(let count): "has more than \(Drill.maxNameLength) characters (\(count))"
            }
        }

        /// The whole sentence the kiosk's form shows, in its language.
        public var message: Message {
            switch self {
            case .tooManyBytes, .tooLong: Message(N_("the name has more than {max} characters"), ["max": "\(Drill.maxNameLength)"])
            case .controlCharacter: Message(N_("the name cannot hold a line break or another control character"))
            case .empty: Message(N_("the name is empty"))
            }
        }
    }

    /// Why `name` is no drill's name, or nil. Bytes are counted first, so a 10 kB name costs nothing to refuse.
    public static func nameProblem(_ name: String) -> NameProblem? {
        if name.utf8.count > 4 * maxNameLength { return .tooManyBytes(name.utf8.count) }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacter }
        let trimmed = trimmed(name)
        if trimmed.isEmpty { return .empty }
        if trimmed.count > maxNameLength { return .tooLong(trimmed.count) }
        return nil
    }

    /// The name as kept: without spaces around it.
    public static func trimmed(_ name: String) -> String {
        String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

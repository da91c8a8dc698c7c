import TeamCore

/// Store failures, each with a message a coach or club admin can act on.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case newerSchema(path: String)
    case notADatabase(path: String)
    /// The file holds another program's tables and none of Sideline's migrations.
    case foreignDatabase(path: String, tables: [String])
    case diskFull(path: String)
    /// An export file (or its folder) could not be written; nothing is wrong with the database.
    case cannotWriteExport(path: String, reason: String)
    case unknownTeam(String)
    case unknownSession(Int64)
    case unknownPlayer(Int64)
    case unknownStrap(String)
    /// Something that already exists (a team name, a shirt number, a strap in the team).
    case duplicate(String)
    /// Input that breaks a rule (an empty name).
    case invalid(String)
    case rosterRejected([String])
    case noDatabase(path: String)
    case backupFailed(reason: String)
    case backupRejected(path: String, reason: String)
    /// A session rating the rules do not take (off the scale, not a player of the session, too late…).
    case ratingRefused(RatingRefusal)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "cannot open the database at \(path): \(reason)"
        case let .newerSchema(path):
            return "the database at \(path) was written by a newer version of Sideline; upgrade Sideline (nothing was changed)"
        case let .notADatabase(path):
            return "\(path) is not a Sideline database (or is damaged); nothing was changed — restore a backup or choose another --db"
        case let .cannotWriteExport(path, reason):
            return "cannot write the export file \(path): \(reason)"
        case let .foreignDatabase(path, tables):
            let shown = tables.prefix(3).joined(separator: ", ") + (tables.count > 3 ? ", …" : "")
            return "\(path) holds another program's tables (\(shown)), not Sideline's; nothing was changed — choose another --db, or add --adopt-database to add Sideline's tables to it"
        case let .diskFull(path):
            return "the disk holding \(path) is full; everything recorded up to the last second is saved — free some space"
        case let .unknownTeam(name):
            return "no team named '\(name)' (see `sideline teams`)"
        case let .unknownSession(id):
            return "no session with id \(id) (see `sideline sessions`)"
        case let .unknownPlayer(id):
            return "no player with id \(id)"
        case let .unknownStrap(address):
            return "no strap with address \(address) (see `sideline straps`)"
        case let .duplicate(what), let .invalid(what):
            return what
        case let .noDatabase(path):
            return "there is no database at \(path) (see --db)"
        case let .backupFailed(reason):
            return "backup failed: \(reason)"
        case let .backupRejected(path, reason):
            return "cannot restore \(path): \(reason); nothing was changed"
        case let .ratingRefused(refusal):
            return refusal.description
        case let .rosterRejected(lines):
            return "roster not imported, nothing changed:\n" + lines.joined(separator: "\n")
        }
    }
}

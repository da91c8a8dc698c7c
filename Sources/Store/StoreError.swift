import Localization
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
    case cannotWriteExport(path: String, reason: Message)
    case unknownTeam(String)
    case unknownSession(Int64)
    case unknownPlayer(Int64)
    case unknownStrap(String)
    /// Something that already exists (a team name, a shirt number, a strap in the team): a message, so the kiosk's
    /// notice says it in the coach's language.
    case duplicate(Message)
    /// Input that breaks a rule (an empty name).
    case invalid(Message)
    /// The lines whose players the team cannot take (a shirt number or strap already in it).
    case rosterRejected([RosterCSV.LineError])
    case noDatabase(path: String)
    case backupFailed(reason: Message)
    case backupRejected(path: String, reason: Message)
    /// A session rating the rules do not take (off the scale, not a player of the session, too late…).
    case ratingRefused(RatingRefusal)
    /// Morning wellness answers the rules do not take (off the scale, a day to come).
    case wellnessRefused(WellnessRefusal)
    /// An `rr_minute` row that is not 4-byte beats within its minute (another program wrote it, or the file is damaged).
    case damagedBeats(session: Int64, player: Int64, minute: Int64)
    /// A `sample_minute` row that is not 10-byte readings within its minute with their wide values (another
    /// program wrote it, or the file is damaged).
    case damagedReadings(session: Int64, player: Int64, minute: Int64)

    /// English, for logs and the kiosk's journal.
    public var description: String { message.english }

    /// The sentence as a message (decision 080): the command line prints it in the admin's language.
    public var message: Message {
        switch self {
        case let .cannotOpen(path, reason):
            return Message(N_("cannot open the database at {path}: {reason}"), ["path": path, "reason": reason])
        case let .newerSchema(path):
            return Message(N_("the database at {path} was written by a newer version of Sideline; upgrade Sideline (nothing was changed)"), ["path": path])
        case let .notADatabase(path):
            return Message(N_("{path} is not a Sideline database (or is damaged); nothing was changed — restore a backup or choose another --db"), ["path": path])
        case let .cannotWriteExport(path, reason):
            return Message(N_("cannot write the export file {path}: {reason}"), ["path": path], nested: ["reason": reason])
        case let .foreignDatabase(path, tables):
            let shown = tables.prefix(3).joined(separator: ", ") + (tables.count > 3 ? ", …" : "")
            return Message(N_("{path} holds another program's tables ({tables}), not Sideline's; nothing was changed — choose another --db, or add --adopt-database to add Sideline's tables to it"),
                           ["path": path, "tables": shown])
        case let .diskFull(path):
            return Message(N_("the disk holding {path} is full; everything recorded up to the last second is saved — free some space"), ["path": path])
        case let .unknownTeam(name):
            return Message(N_("no team named '{team}' (see `sideline teams`)"), ["team": name])
        case let .unknownSession(id):
            return Message(N_("no session with id {id} (see `sideline sessions`)"), ["id": "\(id)"])
        case let .unknownPlayer(id):
            return Message(N_("no player with id {id}"), ["id": "\(id)"])
        case let .unknownStrap(address):
            return Message(N_("no strap with address {address} (see `sideline straps`)"), ["address": address])
        case let .duplicate(what), let .invalid(what):
            return what  // worded where it is found
        case let .noDatabase(path):
            return Message(N_("there is no database at {path} (see --db)"), ["path": path])
        case let .backupFailed(reason):
            return Message(N_("backup failed: {reason}"), nested: ["reason": reason])
        case let .backupRejected(path, reason):
            return Message(N_("cannot restore {path}: {reason}; nothing was changed"), ["path": path], nested: ["reason": reason])
        case let .ratingRefused(refusal):
            return refusal.message
        case let .wellnessRefused(refusal):
            return refusal.message
        case let .damagedBeats(session, player, minute):
            return Message(N_("the RR intervals of player {player} in minute {minute} of session {session} are damaged in the database; none of them was read — restore a backup"),
                           ["session": "\(session)", "player": "\(player)", "minute": "\(minute)"])
        case let .damagedReadings(session, player, minute):
            return Message(N_("the heart rates of player {player} in minute {minute} of session {session} are damaged in the database; none of them was read — restore a backup"),
                           ["session": "\(session)", "player": "\(player)", "minute": "\(minute)"])
        case let .rosterRejected(lines):
            return Message(N_("roster not imported, nothing changed:\n{lines}"), ["lines": lines.map(\.description).joined(separator: "\n")])
        }
    }
}

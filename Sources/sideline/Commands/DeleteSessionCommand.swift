import ArgumentParser
import Foundation
import Localization
import Store
import TeamCore

/// `sideline delete-session ID`: a saved session and everything recorded in it, after a question.
struct DeleteSessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-session",
        abstract: "Delete a saved session with its samples, RR intervals, laps, events and cached analyses.",
        discussion: "Asks first unless --yes. All of it goes in one transaction, or nothing. Not a session being recorded.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Session id (see `sideline sessions`).") var id: Int64
    @Flag(help: "Do not ask.") var yes = false

    func run() throws {
        let store = try database.open()
        let session = try store.session(id)
        try Recording.refuseIfLive([session], store: store, what: "session \(id) is being recorded")
        guard let overview = try store.sessions(teamID: session.teamID).first(where: { $0.session.id == id }) else {
            throw StoreError.unknownSession(id)
        }
        let length = overview.effortMs.map { Formatting.duration(Double($0) / 1000) } ?? "–"
        let question = trn("Delete session {id} of {team} ({when}, {n} player, {length}, {samples} samples) and everything recorded in it?",
                           "Delete session {id} of {team} ({when}, {n} players, {length}, {samples} samples) and everything recorded in it?",
                           n: overview.playerCount, ["id": "\(id)", "team": overview.teamName, "when": Formatting.dateTime(session.startedAt),
                                                     "length": length, "samples": "\(overview.sampleCount)"])
        guard TerminalQuestion.ask(question, assumeYes: yes) else { return print(TerminalQuestion.declined) }
        try store.deleteSession(id)
        print(tr("deleted session {id} of {team}", ["id": "\(id)", "team": overview.teamName]))
    }
}

/// Refusals shared by the commands that delete what a recorder may be writing.
enum Recording {
    /// A session still running or paused while a recorder (the kiosk, `record`) holds the lock is
    /// live: deleting it would pull the rows from under the recorder.
    static func refuseIfLive(_ sessions: [Session], store: SidelineStore, what: String) throws {
        let running = sessions.contains { $0.state == .running || $0.state == .paused }
        if running, RecorderLock(databasePath: store.path) == nil {
            throw UserError(tr("{what} (the kiosk or `record` is writing it); stop the recording first; nothing was deleted", ["what": what]))
        }
    }
}

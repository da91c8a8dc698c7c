import ArgumentParser
import ClubProtocol
import ClubSync
import Foundation
import Localization
import Store

/// `sideline club …`: this kiosk in a club (docs/CLUB.md). The command line parses; `ClubSync` does.
struct ClubCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "club",
        abstract: "Sync this kiosk's sessions and rosters with a club server (sideline-club).",
        subcommands: [ClubJoinCommand.self, ClubSyncCommand.self, ClubStatusCommand.self, ClubLeaveCommand.self])
}

struct ClubJoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Enrol this kiosk with the code `sideline-club add-kiosk` printed.",
        discussion: """
            The address is https://…; plain http:// only to this machine. The kiosk's token is kept beside the database \
            (<database>.club, readable by this user only), not in it: backups do not carry it. The whole roster is queued \
            for the club; every finished session waits in the outbox until `sideline club sync`.
            """)
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The club server's address (https://club.example.org).") var url: String
    @Argument(help: "The one-time enrolment code.") var code: String
    @Option(name: .customLong("ca-file"), help: "The club's own CA certificate (PEM), when its server's is not from a public CA.")
    var caFile: String?

    func run() throws {
        let store = try database.open()
        let link = try ClubMembership.join(store: store, server: url, code: code, caFile: caFile)
        print(tr("joined the club {club} at {server} as {kiosk}; `sideline club sync` sends what waits",
                 ["club": link.clubName, "server": link.server, "kiosk": link.kioskName]))
    }
}

struct ClubSyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "One sync pass: deletions, finished sessions and roster edits up, the club's changes down.",
        discussion: """
            A join typed on the kiosk's screen (<database>.club-join) is done first: a refused code is dropped, an \
            unreachable club keeps it for the next pass. A pass the kiosk asked for while this one ran (it wrote \
            <database>.club-sync-request: a session saved, Sync now) follows it, up to 3 in all. Exits 0 when everything \
            is up and down; 2 with one line saying what waits and why (or that this kiosk is in no club, unless --if-joined).
            """)
    @OptionGroup var database: DatabaseOptions
    @Flag(name: .customLong("if-joined"), help: "Exit 0 quietly when this kiosk is in no club and no join waits (the appliance's sync service).")
    var ifJoined = false
    @Flag(name: .customLong("when-due"), help: """
        Exit 0 quietly when the last pass chose a longer wait that has not passed (an hour after the club refused this \
        kiosk's token, up to 15 minutes while it cannot be reached) and the kiosk asked for no pass since (the appliance's timer).
        """)
    var whenDue = false
    @Option(name: .customLong("ca-file"), help: "The club's own CA certificate (PEM), over the one the join kept; also for a join typed on the kiosk.")
    var caFile: String?
    @Option(name: .customLong("chunk-bytes"), help: ArgumentHelp("Bytes per upload request (tests).", visibility: .hidden))
    var chunkBytes: Int?
    @Option(help: """
        The kiosk's config file (the appliance's sync service: /etc/sideline/sideline.conf): its club-ca-file, when there is \
        one, over the CA file `club join --ca-file` kept, as the kiosk's own sync takes it; its other lines are the kiosk's.
        """)
    var config: String?

    func validate() throws {
        if let chunkBytes, !(1...UploadRequest.maxChunk).contains(chunkBytes) {
            throw ValidationError(tr("--chunk-bytes must be 1 to {most}", ["most": "\(UploadRequest.maxChunk)"]))
        }
    }

    func run() throws {
        let store = try database.open()
        // --ca-file, else the config file's club-ca-file, else the CA the join kept.
        let ca = try caFile ?? config.flatMap { try KioskConfigFile(path: $0).value(of: "club-ca-file") }
        let pace = ClubSyncPace.load(forDatabase: store.path), started = Date()
        if whenDue, let pace, !pace.isDue(now: started, askedAt: ClubSyncRequest.lastAsked(forDatabase: store.path),
                                          waitsOnScreen: ClubSyncRun.waitsOnScreen(forDatabase: store.path)) { return }
        var passes = 0
        let outcome = ClubSyncRun.runAnsweringRequests(store: store, caFile: ca, chunkBytes: chunkBytes, leftClub: { link, server in
            // Left on the kiosk's screen: this pass asked the server to revoke the token.
            switch server {
            case .revoked: print(tr("the token of the club {club}, left on the kiosk, is revoked there", ["club": link.clubName]))
            case .unknownThere: print(tr("the token of the club {club}, left on the kiosk, was unknown there", ["club": link.clubName]))
            case .notRevoked(let problem):
                print(tr("the token of the club {club}, left on the kiosk, is not revoked yet: {problem}; the next pass asks again",
                         ["club": link.clubName, "problem": problem.message.translated]))
            case .notAsked: break
            }
        }) { outcome in
            passes += 1
            // What each pass did; a pass that stopped on a problem says it as the exit's one line below.
            guard case .passed(let report, let joined) = outcome else { return }
            if let joined { print(tr("joined the club {club} at {server} as {kiosk}", ["club": joined.clubName, "server": joined.server, "kiosk": joined.kioskName])) }
            let words = Localization.current
            for line in report.sessionLines { print(line.translated) }
            for hold in report.heldForConsent { print(hold.line(in: words)) }
            guard report.problem == nil else { return }
            print(passes > 1 ? tr("another pass, asked for during the last: {line}", ["line": report.line(in: words)]) : report.line(in: words))
        }
        // The next timed pass waits as long as this one's outcome says (a pass typed by hand counts too).
        if case .notInClub = outcome { ClubSyncPace.forget(forDatabase: store.path) } else {
            try? ClubSyncPace.after(outcome, startedAt: started, previous: pace).save(forDatabase: store.path)
        }
        if case .notInClub = outcome {
            if ifJoined { return }
            throw ClubSyncError.notJoined
        }
        // The pass logged nothing of it: this exit line is where it is said, once.
        if let problem = outcome.problem(in: Localization.current) { throw UserError(problem) }
    }
}

struct ClubStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "What waits to be synced, when the last sync went through, and the club's server.")
    @OptionGroup var database: DatabaseOptions
    @Flag(help: "As JSON.") var json = false

    func run() throws {
        let status = try ClubStatus.read(store: try database.open())
        guard json else {
            print(status.line())
            for line in status.refusedLines() + status.newerServerLines() + status.consentLines() { print(line) }
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(status), as: UTF8.self))
    }
}

struct ClubLeaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave",
        abstract: "Revoke the club's token on its server (when it answers) and forget it here; every session and the roster stay on this kiosk.")
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let (link, server) = try ClubMembership.leave(store: try database.open())
        let club = ["club": link.clubName, "server": link.server, "kiosk": link.kioskName]
        switch server {
        case .revoked:
            print(tr("left the club {club} ({server}): its token is revoked there; everything recorded stays here", club))
        case .unknownThere:
            print(tr("left the club {club} ({server}): the server no longer knew its token; everything recorded stays here", club))
        case .notRevoked(let problem):
            print(tr("left the club {club} here only: {problem} — its token was not revoked on the server (the club's admin: `sideline-club revoke-kiosk --club '{club}' {kiosk}`); everything recorded stays here",
                     club.merging(["problem": problem.message.translated]) { $1 }))
        case .notAsked:
            print(tr("left the club {club} here only; everything recorded stays here", club))
        }
    }
}

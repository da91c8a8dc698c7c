import ArgumentParser
import ClubServer
import ClubStorage
import Diagnostics
import Foundation
import Localization
import Logging

/// `sideline-club`: the club server and its administration (docs/CLUB.md).
@main
struct SidelineClub: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sideline-club",
        abstract: "The club server: every kiosk of a club syncs its sessions and rosters to one PostgreSQL.",
        version: SidelineVersion.current,
        subcommands: [MigrateCommand.self, ServeCommand.self, AddClubCommand.self, AddKioskCommand.self, AddUserCommand.self,
                      AddTokenCommand.self, RevokeKioskCommand.self, RevokeTokenCommand.self, DisableUserCommand.self, EnableUserCommand.self,
                      ListKiosksCommand.self, ListTokensCommand.self, ListUsersCommand.self, CheckCommand.self, BenchCommand.self,
                      ErasePlayerCommand.self, PlayerDataCommand.self, AccessLogCommand.self, SettingsCommand.self, ApplyRetentionCommand.self])

    /// A mistake the user can fix or a refusal prints one line and exits 2, like `sideline`.
    static func main() async {
        var command: ParsableCommand
        AdminLanguage.start(Array(CommandLine.arguments.dropFirst()))
        do {
            command = try parseAsRoot()
        } catch {
            Diagnostics.bootstrap()
            if exitCode(for: error) == .success { exit(withError: error) }
            fail(tr("{problem} (see `sideline-club --help`)", ["problem": message(for: error)]))
        }
        // `serve` runs for weeks: its log, when not journald's, says when each line was written (issue 35).
        Diagnostics.bootstrap(timestamped: command is ServeCommand)
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let error as ClubError {
            fail(error.sentence.translated)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            fail(message(for: error))
        }
    }

    static func fail(_ message: String) -> Never {
        log.error("\(message)")
        Foundation.exit(2)
    }

    static let log = Diagnostics.logger("club")
}

/// `--database-url`, shared by every command.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database-url"), help: "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (default: $SIDELINE_CLUB_DATABASE_URL).")
    var databaseURL: String?

    func url() throws -> DatabaseURL { try DatabaseURL.resolve(databaseURL) }

    /// Runs `work` with the database's connection pool.
    func with<T: Sendable>(logLevel: Logger.Level? = nil, _ work: @Sendable (ClubDatabase) async throws -> T) async throws -> T {
        var logger = Diagnostics.logger("club.db")
        if let logLevel { logger.logLevel = logLevel }
        return try await ClubDatabase.with(try url(), logger: logger, work)
    }
}

/// Prints a command's answer on stdout, flushed (tests and scripts read the last line).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create or update the club schema (run as its owner) and grant the server's role what it needs.")

    @OptionGroup var database: DatabaseOptions
    @Option(name: .customLong("app-role"), help: "The role `serve` connects as: it must exist, log in, and be neither superuser nor BYPASSRLS.")
    var appRole: String

    func run() async throws {
        let report = try await database.with { try await Migrator.migrate($0, appRole: appRole) }
        let figures = ["version": "\(report.version)", "role": appRole, "applied": report.applied.joined(separator: ", ")]
        say(report.applied.isEmpty ? tr("schema at version {version}; nothing to do; grants to {role} renewed", figures)
                                   : tr("applied {applied}; schema at version {version}; grants to {role} renewed", figures))
    }
}

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the club's API, connecting as the app role.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "HOST:PORT to listen on (port 0: any free port, printed).")
    var listen: String = "127.0.0.1:8443"
    @Option(name: .customLong("tls-cert"), help: "PEM certificate chain: serve HTTPS (else plain HTTP, for a proxy in front).")
    var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: "PEM private key of --tls-cert.")
    var tlsKey: String?
    @Option(name: .customLong("idle-timeout"),
            help: "Seconds a connection may stay silent, or take to send a request's headers, before it is closed (1-3600).")
    var idleTimeout: Int = ClubServerApp.Limits().idleTimeoutSeconds
    @Option(name: .customLong("max-connections"),
            help: "Connections open at once; more wait to be accepted until one closes (16-60000; keep it under the unit's LimitNOFILE).")
    var maxConnections: Int = ClubServerApp.Limits().maxConnections
    @Option(name: .customLong("shutdown-grace"),
            help: "Seconds requests under way may take to finish after SIGTERM before they are cancelled (1-60).")
    var shutdownGrace: Int = ClubServerApp.Limits().shutdownGraceSeconds
    @Option(name: .customLong("database-deadline"),
            help: "Seconds one request's database work may take, waiting for a connection included, before it is answered 503 (1-300).")
    var databaseDeadline: Int = Int(ClubDatabase.servingDeadline.components.seconds)

    func run() async throws {
        guard (1...3600).contains(idleTimeout) else {
            throw ClubError(.badRequest, "--idle-timeout \(idleTimeout): seconds from 1 to 3600")
        }
        guard (16...60000).contains(maxConnections) else {
            throw ClubError(.badRequest, "--max-connections \(maxConnections): from 16 to 60000")
        }
        guard (1...60).contains(shutdownGrace) else {
            throw ClubError(.badRequest, "--shutdown-grace \(shutdownGrace): seconds from 1 to 60")
        }
        guard (1...300).contains(databaseDeadline) else {
            throw ClubError(.badRequest, "--database-deadline \(databaseDeadline): seconds from 1 to 300")
        }
        var limits = ClubServerApp.Limits()
        limits.idleTimeoutSeconds = idleTimeout
        limits.maxConnections = maxConnections
        limits.shutdownGraceSeconds = shutdownGrace
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port) else {
            throw ClubError(.badRequest, "--listen '\(listen)' is not HOST:PORT")
        }
        let host = String(listen[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let tls: ClubServerApp.TLSFiles?
        switch (tlsCert, tlsKey) {
        case let (cert?, key?): tls = .init(certificate: cert, key: key)
        case (nil, nil): tls = nil
        default: throw ClubError(.badRequest, "--tls-cert and --tls-key go together")
        }
        let formats = try BundleFormatsTaken.fromEnvironment()
        if formats != .current {
            // On the log, not on stdout: the first line there is "listening on …", which scripts wait for.
            let range = "\(formats.formats.lowerBound) to \(formats.formats.upperBound)", unlisted = formats.listed ? "" : ", not listed, as a release before decision 082"
            Diagnostics.logger("club").warning("for tests only (\(BundleFormatsTaken.testVariable)): taking bundle formats \(range)\(unlisted)")
        }
        let url = try database.url()
        try await ClubDatabase.checkServingRole(url, logger: Diagnostics.logger("club.db"))
        let db = ClubDatabase(url: url, logger: Diagnostics.logger("club.db"), deadline: .seconds(databaseDeadline))
        let scheme = tls == nil ? "http" : "https"
        try await ClubServerApp.run(database: db, host: host, port: port, tls: tls, limits: limits, formats: formats) { bound in
            say("listening on \(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(bound)")
        }
    }
}

struct AddClubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add-club", abstract: "Add a club.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The club's name.") var name: String

    func run() async throws {
        let club = try await database.with { try await ClubAdmin.addClub($0, name: name) }
        say(tr("club '{club}' added ({id})", ["club": club.name, "id": club.id.uuidString.lowercased()]))
    }
}

struct AddKioskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-kiosk",
        abstract: "Add a kiosk to a club (or re-enrol one) and print its one-time enrolment code, valid 24 h, as the last line.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Argument(help: "The kiosk's name (e.g. pitch-1).") var kiosk: String

    func run() async throws {
        let (club, enrolment) = try await database.with { db in
            let club = try await ClubAdmin.club(db, named: self.club)
            let enrolment = try await ClubAdmin.addKiosk(db, club: club, name: kiosk)
            try await AccessLog.record(.change("kiosk \(enrolment.replaced ? "given a new code" : "added"): \(kiosk)"), by: .command("add-kiosk", club: club.id), database: db)
            return (club, enrolment)
        }
        let until = ISO8601DateFormatter().string(from: enrolment.expires)
        let names = ["kiosk": kiosk, "club": club.name, "until": until]
        say(enrolment.replaced
            ? tr("kiosk '{kiosk}' of club '{club}' (enrolled before: its old token no longer works): enrolment code for `sideline club join`, once, until {until}:", names)
            : tr("kiosk '{kiosk}' of club '{club}': enrolment code for `sideline club join`, once, until {until}:", names))
        say(enrolment.code)
    }
}

struct AddUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add-user", abstract: "Add a web user: an admin sees the club, a coach their team.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Argument(help: "The user's e-mail address (their login).") var email: String
    @Option(help: "admin or coach.") var role: String
    @Option(help: "A coach's team, by name.") var team: String?
    @Option(name: .customLong("password-file"), help: "A file whose first line is the password (at least 10 characters).")
    var passwordFile: String

    func run() async throws {
        guard let role = ClubAdmin.Role(rawValue: role) else { throw ClubError(.badRequest, tr("--role must be admin or coach")) }
        guard let text = FileManager.default.contents(atPath: passwordFile).flatMap({ String(data: $0, encoding: .utf8) }) else {
            throw ClubError(.badRequest, tr("cannot read the password file '{file}'", ["file": passwordFile]))
        }
        let password = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        let id = try await database.with { db in
            let club = try await ClubAdmin.club(db, named: self.club)
            let id = try await ClubAdmin.addUser(db, club: club, email: email, role: role, team: team, password: password)
            try await AccessLog.record(.change("user added: \(email) (\(role.rawValue))"), by: .command("add-user", club: club.id), database: db)
            return id
        }
        let added = ["email": email, "club": club, "id": id.uuidString.lowercased()]
        say(role == .admin ? tr("admin {email} added to club '{club}' ({id})", added) : tr("coach {email} added to club '{club}' ({id})", added))
    }
}

struct AddTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-token", abstract: "Print a new read-only API token for the club's own scripts as the last line.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String

    func run() async throws {
        let (id, token) = try await database.with { db in
            let club = try await ClubAdmin.club(db, named: club)
            let (id, token) = try await ClubAdmin.addToken(db, club: club)
            try await AccessLog.record(.change("API token added: \(id.uuidString.lowercased())"), by: .command("add-token", club: club.id), database: db)
            return (id, token)
        }
        say(tr("read-only API token {id} of club '{club}' (GET /api/v1/sessions with 'Authorization: Bearer TOKEN'; `revoke-token` with that id ends it):",
               ["id": id.uuidString.lowercased(), "club": club]))
        say(token)
    }
}

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Hold every stored session to today's bounds of a kiosk's input; quarantine (keep, stop serving) those outside, one line each.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let report = try await database.with { try await SessionCheck.run($0) }
        for f in report.quarantined {
            let found = ["club": f.club, "session": f.session.uuidString.lowercased(), "team": String(f.teamName.prefix(40)), "started": "\(f.started)",
                         "reason": f.reason]
            say(f.isNew ? tr("quarantined: club '{club}' session {session} ({team}, started {started}): {reason}", found)
                        : tr("quarantined before: club '{club}' session {session} ({team}, started {started}): {reason}", found))
        }
        for uuid in report.released { say(tr("served again: session {session} passes today's rules", ["session": uuid.uuidString.lowercased()])) }
        let fresh = report.quarantined.filter(\.isNew).count
        say(trn("{n} session checked: {quarantined} quarantined ({fresh} now), {released} served again",
                "{n} sessions checked: {quarantined} quarantined ({fresh} now), {released} served again", n: report.checked,
                ["quarantined": "\(report.quarantined.count)", "fresh": "\(fresh)", "released": "\(report.released.count)"]))
    }
}

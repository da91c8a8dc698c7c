import ArgumentParser
import ClubServer
import Foundation

/// Taking access away and listing who has it (`ClubAccess`): each refusal takes effect on the next request.

func stamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

struct RevokeKioskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-kiosk",
        abstract: "End a kiosk's token now (a stolen or retired board); its sessions stay. `add-kiosk` with its name lets it enrol again.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Argument(help: "The kiosk's name.") var kiosk: String

    func run() async throws {
        let outcome = try await database.with { db in
            let club = try await ClubAdmin.club(db, named: self.club).id
            let outcome = try await ClubAccess.revokeKiosk(db, club: club, kiosk: .name(kiosk))
            if outcome.changed { try await AccessLog.record(.change("kiosk revoked: \(outcome.name)"), by: .command("revoke-kiosk", club: club), database: db) }
            return outcome
        }
        say(outcome.changed ? "kiosk '\(outcome.name)' of club '\(club)' revoked: its token opens nothing; its sessions stay"
                            : "kiosk '\(outcome.name)' of club '\(club)' was revoked already, at \(stamp(outcome.since))")
    }
}

struct RevokeTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke-token", abstract: "End a read-only API token now.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Argument(help: "The token's id (as `add-token` and `list-tokens` print it), or the token itself.") var token: String

    func run() async throws {
        let outcome = try await database.with { db in
            let club = try await ClubAdmin.club(db, named: self.club).id
            let outcome = try await ClubAccess.revokeToken(db, club: club, token: token)
            if outcome.changed { try await AccessLog.record(.change("API token revoked: \(outcome.name)"), by: .command("revoke-token", club: club), database: db) }
            return outcome
        }
        say(outcome.changed ? "API token \(outcome.name) of club '\(club)' revoked"
                            : "API token \(outcome.name) of club '\(club)' was revoked already, at \(stamp(outcome.since))")
    }
}

struct DisableUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable-user", abstract: "Sign a web user out everywhere and refuse their sign-in until `enable-user`.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Argument(help: "The user's e-mail address.") var email: String

    func run() async throws {
        let outcome = try await database.with { db in
            let club = try await ClubAdmin.club(db, named: self.club).id
            let outcome = try await ClubAccess.setUserDisabled(db, club: club, user: .email(email), disabled: true)
            if outcome.changed {
                try await AccessLog.record(.change("user disabled: \(outcome.name)"), by: .command("disable-user", club: club), database: db)
            }
            return outcome
        }
        say(outcome.changed ? "user \(outcome.name) of club '\(club)' disabled: signed out everywhere, sign-in refused"
                            : "user \(outcome.name) of club '\(club)' was disabled already, at \(stamp(outcome.since))")
    }
}

struct EnableUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable-user", abstract: "Let a disabled web user sign in again.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String
    @Argument(help: "The user's e-mail address.") var email: String

    func run() async throws {
        let outcome = try await database.with { db in
            let club = try await ClubAdmin.club(db, named: self.club).id
            let outcome = try await ClubAccess.setUserDisabled(db, club: club, user: .email(email), disabled: false)
            if outcome.changed {
                try await AccessLog.record(.change("user enabled: \(outcome.name)"), by: .command("enable-user", club: club), database: db)
            }
            return outcome
        }
        say(outcome.changed ? "user \(outcome.name) of club '\(club)' enabled: they sign in again"
                            : "user \(outcome.name) of club '\(club)' was not disabled")
    }
}

struct ListKiosksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list-kiosks", abstract: "The club's kiosks, one line each, with their state.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String

    func run() async throws {
        let rows = try await database.with { db in try await ClubAccess.kiosks(db, club: try await ClubAdmin.club(db, named: self.club).id) }
        for k in rows {
            let state: String
            if let revoked = k.revokedAt {
                state = "revoked \(stamp(revoked))" + (k.codeExpiresAt.map { "; code given until \(stamp($0))" } ?? "")
            } else if let enrolled = k.enrolledAt {
                state = "enrolled \(stamp(enrolled))" + (k.codeExpiresAt.map { "; new code given until \(stamp($0))" } ?? "")
            } else {
                state = k.codeExpiresAt.map { "code given until \(stamp($0))" } ?? "code expired"
            }
            say("\(k.name)\t\(state)\tlast seen \(k.lastSeenAt.map(stamp) ?? "never")\t\(k.sessions) sessions\t\(k.id.uuidString.lowercased())")
        }
        if rows.isEmpty { say("club '\(club)' has no kiosk") }
    }
}

struct ListTokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list-tokens", abstract: "The club's read-only API tokens by id, with their state.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String

    func run() async throws {
        let rows = try await database.with { db in try await ClubAccess.tokens(db, club: try await ClubAdmin.club(db, named: self.club).id) }
        for t in rows {
            say("\(t.id.uuidString.lowercased())\tadded \(stamp(t.createdAt))\t\(t.revokedAt.map { "revoked \(stamp($0))" } ?? "active")")
        }
        if rows.isEmpty { say("club '\(club)' has no API token") }
    }
}

struct ListUsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list-users", abstract: "The club's web users, with their role and state.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String

    func run() async throws {
        let rows = try await database.with { db in try await ClubAccess.users(db, club: try await ClubAdmin.club(db, named: self.club).id) }
        for u in rows {
            let role = u.role == "coach" ? "coach of \(u.teamName ?? "a team no longer named")" : u.role
            say("\(u.email)\t\(role)\t\(u.disabledAt.map { "disabled \(stamp($0))" } ?? "active")")
        }
        if rows.isEmpty { say("club '\(club)' has no user") }
    }
}

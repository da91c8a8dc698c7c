import ArgumentParser
import ClubStorage
import Foundation
import Localization

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
        let names = ["kiosk": outcome.name, "club": club, "since": stamp(outcome.since)]
        say(outcome.changed ? tr("kiosk '{kiosk}' of club '{club}' revoked: its token opens nothing; its sessions stay", names)
                            : tr("kiosk '{kiosk}' of club '{club}' was revoked already, at {since}", names))
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
        let names = ["token": outcome.name, "club": club, "since": stamp(outcome.since)]
        say(outcome.changed ? tr("API token {token} of club '{club}' revoked", names)
                            : tr("API token {token} of club '{club}' was revoked already, at {since}", names))
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
        let names = ["user": outcome.name, "club": club, "since": stamp(outcome.since)]
        say(outcome.changed ? tr("user {user} of club '{club}' disabled: signed out everywhere, sign-in refused", names)
                            : tr("user {user} of club '{club}' was disabled already, at {since}", names))
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
        let names = ["user": outcome.name, "club": club]
        say(outcome.changed ? tr("user {user} of club '{club}' enabled: they sign in again", names)
                            : tr("user {user} of club '{club}' was not disabled", names))
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
                state = tr("revoked {when}", ["when": stamp(revoked)]) + (k.codeExpiresAt.map { "; " + tr("code given until {when}", ["when": stamp($0)]) } ?? "")
            } else if let enrolled = k.enrolledAt {
                state = tr("enrolled {when}", ["when": stamp(enrolled)]) + (k.codeExpiresAt.map { "; " + tr("new code given until {when}", ["when": stamp($0)]) } ?? "")
            } else {
                state = k.codeExpiresAt.map { tr("code given until {when}", ["when": stamp($0)]) } ?? tr("code expired")
            }
            let seen = tr("last seen {when}", ["when": k.lastSeenAt.map(stamp) ?? tr("never", context: "last seen")])
            say([k.name, state, seen, trn("{n} session", "{n} sessions", n: Int(k.sessions), ["n": "\(k.sessions)"]), k.id.uuidString.lowercased()].joined(separator: "\t"))
        }
        if rows.isEmpty { say(tr("club '{club}' has no kiosk", ["club": club])) }
    }
}

struct ListTokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list-tokens", abstract: "The club's read-only API tokens by id, with their state.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String

    func run() async throws {
        let rows = try await database.with { db in try await ClubAccess.tokens(db, club: try await ClubAdmin.club(db, named: self.club).id) }
        for t in rows {
            say([t.id.uuidString.lowercased(), tr("added {when}", ["when": stamp(t.createdAt)]),
                 t.revokedAt.map { tr("revoked {when}", ["when": stamp($0)]) } ?? tr("active")].joined(separator: "\t"))
        }
        if rows.isEmpty { say(tr("club '{club}' has no API token", ["club": club])) }
    }
}

struct ListUsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list-users", abstract: "The club's web users, with their role and state.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The club's name.") var club: String

    func run() async throws {
        let rows = try await database.with { db in try await ClubAccess.users(db, club: try await ClubAdmin.club(db, named: self.club).id) }
        for u in rows {
            let role = u.role == "coach" ? u.teamName.map { tr("coach of {team}", ["team": $0]) } ?? tr("coach of a team no longer named")
                : u.role == "admin" ? tr("admin") : u.role
            say([u.email, role, u.disabledAt.map { tr("disabled {when}", ["when": stamp($0)]) } ?? tr("active")].joined(separator: "\t"))
        }
        if rows.isEmpty { say(tr("club '{club}' has no user", ["club": club])) }
    }
}

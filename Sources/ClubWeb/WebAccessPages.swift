import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Localization

/// Who has access, and taking it away: the kiosks (every user sees them; an admin also revokes a kiosk
/// and the club's API tokens there) and the users (an admin's page: disable, enable). The same
/// `ClubAccess` as the admin's commands, inside the user's club.
struct WebAccessPages: Sendable {
    let storage: any WebAccessStorage

    func kiosks(_ user: WebUser) async throws -> Response {
        let rows = try await storage.kiosks(club: user.club)
        let tokens = user.isAdmin ? try await storage.apiTokens(club: user.club) : []
        return Self.kiosksPage(user, kiosks: rows, tokens: tokens).response
    }

    /// The kiosks page over its data: the club's kiosks, and for an admin its API tokens.
    static func kiosksPage(_ user: WebUser, kiosks rows: [ClubAccess.KioskRow], tokens: [ClubAccess.TokenRow]) -> WebPage {
        let words = WebLanguage.words
        func state(_ k: ClubAccess.KioskRow) -> String {
            if let revoked = k.revokedAt { return words.tr("revoked {time}", ["time": WebFormat.dateTime(revoked)]) }
            return k.enrolledAt.map { words.tr("joined {time}", ["time": WebFormat.dateTime($0)]) } ?? words.tr("not yet (code given)")
        }
        func revoke(_ k: ClubAccess.KioskRow) -> HTML {
            guard user.isAdmin, k.revokedAt == nil, k.enrolledAt != nil else { return "" }
            return button("/kiosks/\(k.id.uuidString.lowercased())/revoke", words.tr("Revoke"), user)
        }
        let lines = rows.map { k -> HTML in
            "<tr data-kiosk=\"\(k.name)\"><td>\(k.name)</td><td>\(k.lastSeenAt.map { WebFormat.dateTime($0) } ?? words.tr("never", context: "last sync"))</td><td class=\"num\">\(k.sessions)</td>"
                + "<td class=\"opt state\">\(state(k))</td><td>\(revoke(k))</td></tr>"
        }
        var body: HTML = "<h1>\(words.tr("Kiosks"))</h1>"
        let noKiosk = Self.sentence(words.tr("No kiosk yet: {command} prints a code to join with.", ["command": "\u{1}"]), command: "sideline-club add-kiosk --club NAME KIOSK")
        body += rows.isEmpty ? HTML("<p class=\"muted\">\(noKiosk)</p>") : """
            <div class="scroll"><table id="kiosks"><thead><tr><th>\(words.tr("Kiosk"))</th><th>\(words.tr("Last sync"))</th><th class="num">\(words.tr("Sessions"))</th><th class="opt">\(words.tr("State"))</th><th></th></tr></thead><tbody>
            \(lines.joined())
            </tbody></table></div>
            """
        if user.isAdmin {
            body += "<p class=\"muted\">" + Self.sentence(words.tr("A revoked kiosk's token opens nothing from its next request on; its sessions stay. It joins again with a new code from {command}.", ["command": "\u{1}"]), command: "sideline-club add-kiosk") + "</p>"
            let tokenLines = tokens.map { t -> HTML in
                let id = t.id.uuidString.lowercased()
                return "<tr data-token=\"\(id)\"><td><code>\(id)</code></td><td>\(WebFormat.dateTime(t.createdAt))</td>"
                    + "<td class=\"state\">\(t.revokedAt.map { words.tr("revoked {time}", ["time": WebFormat.dateTime($0)]) } ?? words.tr("active"))</td>"
                    + "<td>\(t.revokedAt == nil ? button("/tokens/\(id)/revoke", words.tr("Revoke"), user) : .empty)</td></tr>"
            }
            let noToken = Self.sentence(words.tr("None: {command} makes one.", ["command": "\u{1}"]), command: "sideline-club add-token --club NAME")
            body += "<h2>\(words.tr("API tokens"))</h2>" + (tokens.isEmpty ? HTML("<p class=\"muted\">\(noToken)</p>") : """
                <div class="scroll"><table id="tokens"><thead><tr><th>\(words.tr("Token id"))</th><th>\(words.tr("Added"))</th><th>\(words.tr("State"))</th><th></th></tr></thead><tbody>
                \(tokenLines.joined())
                </tbody></table></div>
                """)
        }
        return WebPage(title: words.tr("Kiosks"), user: user, section: .kiosks, body: body)
    }

    func users(_ user: WebUser) async throws -> Response {
        try requireAdmin(user)
        return Self.usersPage(user, users: try await storage.users(club: user.club)).response
    }

    /// The users page over its data (an admin's).
    static func usersPage(_ user: WebUser, users rows: [ClubAccess.UserRow]) -> WebPage {
        let words = WebLanguage.words
        let lines = rows.map { u -> HTML in
            let id = u.id.uuidString.lowercased()
            let role = u.role == "coach" ? words.tr("coach of {team}", ["team": u.teamName ?? words.tr("a team no longer named")])
                : u.role == "admin" ? words.tr("admin", context: "role") : u.role
            let action: HTML
            if u.id == user.id {
                action = "<span class=\"muted\">\(words.tr("you"))</span>"
            } else if u.disabledAt == nil {
                action = button("/users/\(id)/disable", words.tr("Disable"), user)
            } else {
                action = button("/users/\(id)/enable", words.tr("Enable"), user)
            }
            return "<tr data-user=\"\(u.email)\"><td>\(u.email)</td><td>\(role)</td>"
                + "<td class=\"state\">\(u.disabledAt.map { words.tr("disabled {time}", ["time": WebFormat.dateTime($0)]) } ?? words.tr("active"))</td><td>\(action)</td></tr>"
        }
        let body: HTML = """
            <h1>\(words.tr("Users"))</h1>
            <div class="scroll"><table id="users"><thead><tr><th>\(words.tr("E-mail"))</th><th>\(words.tr("Role"))</th><th>\(words.tr("State"))</th><th></th></tr></thead><tbody>
            \(lines.joined())
            </tbody></table></div>
            <p class="muted">\(Self.sentence(words.tr("A disabled user is signed out everywhere at once and cannot sign in until enabled again. Users are added with {command}.", ["command": "\u{1}"]), command: "sideline-club add-user"))</p>
            """
        return WebPage(title: words.tr("Users"), user: user, section: .users, body: body)
    }

    func revokeKiosk(_ user: WebUser, id: UUID) async throws -> Response {
        try requireAdmin(user)
        let outcome = try await storage.revoke(kiosk: id, club: user.club)
        if outcome.changed { try await storage.record(.change("kiosk revoked: \(outcome.name)"), by: .web(user)) }
        storage.logger.notice("web: '\(user.email)' revoked kiosk '\(outcome.name)'")
        return WebPage.redirect("/kiosks")
    }

    func revokeToken(_ user: WebUser, id: UUID) async throws -> Response {
        try requireAdmin(user)
        let outcome = try await storage.revoke(apiToken: id, club: user.club)
        if outcome.changed { try await storage.record(.change("API token revoked: \(outcome.name)"), by: .web(user)) }
        storage.logger.notice("web: '\(user.email)' revoked API token \(outcome.name)")
        return WebPage.redirect("/kiosks")
    }

    func setDisabled(_ user: WebUser, id: UUID, disabled: Bool) async throws -> Response {
        try requireAdmin(user)
        // An admin cannot shut themselves out of the page that would let them back in.
        guard id != user.id else { throw ClubError.badRequest(N_("You cannot disable yourself.")) }
        let outcome = try await storage.setDisabled(user: id, club: user.club, disabled: disabled)
        if outcome.changed {
            try await storage.record(.change("user \(disabled ? "disabled" : "enabled"): \(outcome.name)"), by: .web(user))
        }
        storage.logger.notice("web: '\(user.email)' \(disabled ? "disabled" : "enabled") user '\(outcome.name)'")
        return WebPage.redirect("/users")
    }

    func requireAdmin(_ user: WebUser) throws {
        // As elsewhere: a coach learns nothing, not even that the page exists.
        guard user.isAdmin else { throw ClubError.notFound(N_("There is no such page.")) }
    }

    /// A translated sentence that names a command: escaped as text, then the command (its `{command}`, filled
    /// with U+0001, which no message holds) shown as code.
    static func sentence(_ translated: String, command: String) -> HTML {
        translated.split(separator: "\u{1}", omittingEmptySubsequences: false).map { HTML("\(String($0))") }.joined(separator: "<code>\(command)</code>")
    }

    /// A one-button form (POST with the session's CSRF token).
    static func button(_ action: String, _ label: String, _ user: WebUser) -> HTML {
        "<form class=\"inline\" method=\"post\" action=\"\(action)\">\(WebPage.csrfField(user))<button class=\"danger\" type=\"submit\">\(label)</button></form>"
    }
}

import Foundation
import HTTPTypes
import Hummingbird

/// Who has access, and taking it away: the kiosks (every user sees them; an admin also revokes a kiosk
/// and the club's API tokens there) and the users (an admin's page: disable, enable). The same
/// `ClubAccess` as the admin's commands, inside the user's club.
struct WebAccessPages: Sendable {
    let database: ClubDatabase

    func kiosks(_ user: WebUser) async throws -> Response {
        let rows = try await ClubAccess.kiosks(database, club: user.club)
        func state(_ k: ClubAccess.KioskRow) -> String {
            if let revoked = k.revokedAt { return "revoked \(WebFormat.dateTime(revoked))" }
            return k.enrolledAt.map { "joined \(WebFormat.dateTime($0))" } ?? "not yet (code given)"
        }
        func revoke(_ k: ClubAccess.KioskRow) -> String {
            guard user.isAdmin, k.revokedAt == nil, k.enrolledAt != nil else { return "" }
            return button("/kiosks/\(k.id.uuidString.lowercased())/revoke", "Revoke", user)
        }
        let lines = rows.map { k in
            "<tr data-kiosk=\"\(k.name.html)\"><td>\(k.name.html)</td><td>\(k.lastSeenAt.map { WebFormat.dateTime($0) } ?? "never")</td><td class=\"num\">\(k.sessions)</td>"
                + "<td class=\"opt state\">\(state(k).html)</td><td>\(revoke(k))</td></tr>"
        }
        var body = "<h1>Kiosks</h1>"
        body += rows.isEmpty ? "<p class=\"muted\">No kiosk yet: <code>sideline-club add-kiosk --club NAME KIOSK</code> prints a code to join with.</p>" : """
            <div class="scroll"><table id="kiosks"><thead><tr><th>Kiosk</th><th>Last sync</th><th class="num">Sessions</th><th class="opt">State</th><th></th></tr></thead><tbody>
            \(lines.joined())
            </tbody></table></div>
            """
        if user.isAdmin {
            body += "<p class=\"muted\">A revoked kiosk's token opens nothing from its next request on; its sessions stay. It joins again with a new code from <code>sideline-club add-kiosk</code>.</p>"
            let tokens = try await ClubAccess.tokens(database, club: user.club)
            let tokenLines = tokens.map { t in
                let id = t.id.uuidString.lowercased()
                return "<tr data-token=\"\(id)\"><td><code>\(id)</code></td><td>\(WebFormat.dateTime(t.createdAt))</td>"
                    + "<td class=\"state\">\(t.revokedAt.map { "revoked \(WebFormat.dateTime($0))" } ?? "active")</td>"
                    + "<td>\(t.revokedAt == nil ? button("/tokens/\(id)/revoke", "Revoke", user) : "")</td></tr>"
            }
            body += "<h2>API tokens</h2>" + (tokens.isEmpty ? "<p class=\"muted\">None: <code>sideline-club add-token --club NAME</code> makes one.</p>" : """
                <div class="scroll"><table id="tokens"><thead><tr><th>Token id</th><th>Added</th><th>State</th><th></th></tr></thead><tbody>
                \(tokenLines.joined())
                </tbody></table></div>
                """)
        }
        return WebPage(title: "Kiosks", user: user, section: .kiosks, body: body).response
    }

    func users(_ user: WebUser) async throws -> Response {
        try requireAdmin(user)
        let rows = try await ClubAccess.users(database, club: user.club)
        let lines = rows.map { u in
            let id = u.id.uuidString.lowercased()
            let role = u.role == "coach" ? "coach of \(u.teamName ?? "a team no longer named")" : u.role
            let action: String
            if u.id == user.id {
                action = "<span class=\"muted\">you</span>"
            } else if u.disabledAt == nil {
                action = button("/users/\(id)/disable", "Disable", user)
            } else {
                action = button("/users/\(id)/enable", "Enable", user)
            }
            return "<tr data-user=\"\(u.email.html)\"><td>\(u.email.html)</td><td>\(role.html)</td>"
                + "<td class=\"state\">\(u.disabledAt.map { "disabled \(WebFormat.dateTime($0))" } ?? "active")</td><td>\(action)</td></tr>"
        }
        let body = """
            <h1>Users</h1>
            <div class="scroll"><table id="users"><thead><tr><th>E-mail</th><th>Role</th><th>State</th><th></th></tr></thead><tbody>
            \(lines.joined())
            </tbody></table></div>
            <p class="muted">A disabled user is signed out everywhere at once and cannot sign in until enabled again. Users are added with <code>sideline-club add-user</code>.</p>
            """
        return WebPage(title: "Users", user: user, section: .users, body: body).response
    }

    func revokeKiosk(_ user: WebUser, id: UUID) async throws -> Response {
        try requireAdmin(user)
        let outcome = try await ClubAccess.revokeKiosk(database, club: user.club, kiosk: .id(id))
        if outcome.changed { try await AccessLog.record(.change("kiosk revoked: \(outcome.name)"), by: .web(user), database: database) }
        database.logger.notice("web: '\(user.email)' revoked kiosk '\(outcome.name)'")
        return WebPage.redirect("/kiosks")
    }

    func revokeToken(_ user: WebUser, id: UUID) async throws -> Response {
        try requireAdmin(user)
        let outcome = try await ClubAccess.revokeToken(database, club: user.club, token: id.uuidString)
        if outcome.changed { try await AccessLog.record(.change("API token revoked: \(outcome.name)"), by: .web(user), database: database) }
        database.logger.notice("web: '\(user.email)' revoked API token \(outcome.name)")
        return WebPage.redirect("/kiosks")
    }

    func setDisabled(_ user: WebUser, id: UUID, disabled: Bool) async throws -> Response {
        try requireAdmin(user)
        // An admin cannot shut themselves out of the page that would let them back in.
        guard id != user.id else { throw ClubError.badRequest("You cannot disable yourself.") }
        let outcome = try await ClubAccess.setUserDisabled(database, club: user.club, user: .id(id), disabled: disabled)
        if outcome.changed {
            try await AccessLog.record(.change("user \(disabled ? "disabled" : "enabled"): \(outcome.name)"), by: .web(user), database: database)
        }
        database.logger.notice("web: '\(user.email)' \(disabled ? "disabled" : "enabled") user '\(outcome.name)'")
        return WebPage.redirect("/users")
    }

    func requireAdmin(_ user: WebUser) throws {
        // As elsewhere: a coach learns nothing, not even that the page exists.
        guard user.isAdmin else { throw ClubError.notFound("There is no such page.") }
    }

    /// A one-button form (POST with the session's CSRF token).
    func button(_ action: String, _ label: String, _ user: WebUser) -> String {
        "<form class=\"inline\" method=\"post\" action=\"\(action.html)\">\(WebPage.csrfField(user))<button class=\"danger\" type=\"submit\">\(label.html)</button></form>"
    }
}

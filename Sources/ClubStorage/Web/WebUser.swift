import Foundation
import Localization

/// Who is signed in to the pages: a user of one club, an admin (the whole club) or a coach (one
/// team), with the token their session's forms carry.
package struct WebUser: Sendable {
    package var id: UUID
    package var club: UUID
    package var clubName: String
    package var email: String
    package var isAdmin: Bool
    /// A coach's team; nil for an admin.
    var team: UUID?
    package var csrfToken: String
    /// The language chosen on their account page; nil: the browser's (`WebLanguage`).
    package var language: Language? = nil
    /// Where this request came from (`ClientAddress`), for the access log.
    package var address = "-"

    /// An admin sees every team of the club, a coach their own.
    func sees(team uuid: UUID) -> Bool { isAdmin || team == uuid }

    /// The origin the roster's stamps carry for this user's edits (as a kiosk's carry "kiosk:<uuid>").
    var origin: String { "web:\(id.uuidString.lowercased())" }

    package init(id: UUID, club: UUID, clubName: String, email: String, isAdmin: Bool, team: UUID?, csrfToken: String,
                 language: Language? = nil, address: String = "-") {
        (self.id, self.club, self.clubName, self.email, self.isAdmin, self.team, self.csrfToken) = (id, club, clubName, email, isAdmin, team, csrfToken)
        (self.language, self.address) = (language, address)
    }
}

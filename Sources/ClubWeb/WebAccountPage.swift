import ClubStorage
import Foundation
import Hummingbird
import Localization

/// A user's own account page: who they are and the language of their pages (decision 084) — one of ours,
/// each listed in its own name, or "as my browser asks" (`Accept-Language`). Kept in `club_user.language`.
struct WebAccountPage: Sendable {
    let storage: any WebSignInStorage

    /// The form's value for "as my browser asks".
    static let browser = "browser"

    func form(_ user: WebUser, saved: Bool) -> Response { Self.formPage(user, saved: saved).response }

    /// The account page over its data: the user (their e-mail, role, club and language), and whether it was just saved.
    static func formPage(_ user: WebUser, saved: Bool) -> WebPage {
        let words = WebLanguage.words
        let chosen = user.language?.rawValue ?? Self.browser
        func option(_ value: String, _ label: String) -> HTML {
            "<option value=\"\(value)\"\(value == chosen ? HTML(" selected") : "")>\(label)</option>"
        }
        // Each language in its own name, so a coach who reads none of the others still finds theirs.
        let options = option(Self.browser, words.tr("As my browser asks")) + Language.allCases.map { option($0.rawValue, $0.nativeName) }.joined()
        let message: HTML = saved ? "<div class=\"message ok\" role=\"status\">\(words.tr("Saved: your pages speak this language now."))</div>" : ""
        let role = user.isAdmin ? words.tr("admin", context: "role") : words.tr("coach", context: "role")
        let body: HTML = """
            <h1>\(words.tr("Your account"))</h1>\(message)
            <p class="sub">\(user.email) · \(role) · \(user.clubName)</p>
            <form class="stack card" method="post" action="/account">\(WebPage.csrfField(user))
            <label>\(words.tr("Language of these pages"))<select name="language" id="language">\(options)</select></label>
            <div class="actions"><button class="primary" type="submit">\(words.tr("Save"))</button></div></form>
            """
        return WebPage(title: words.tr("Your account"), user: user, body: body)
    }

    func save(_ user: WebUser, form: FormData) async throws -> Response {
        let value = form.text("language")
        let language: Language?
        if value == Self.browser {
            language = nil
        } else if let chosen = Language(rawValue: value) {
            language = chosen
        } else {
            throw ClubError.badRequest(N_("Choose a language of the list."))
        }
        try await storage.setLanguage(language?.rawValue, of: user)
        storage.logger.info("web: '\(user.email)' chose the language \(language?.rawValue ?? "of their browser") for their pages")
        return WebPage.redirect("/account?saved=1")
    }
}

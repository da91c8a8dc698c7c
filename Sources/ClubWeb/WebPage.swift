import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore

/// A page of the club's web: the bar (club, sections, who is signed in, sign out) and the content,
/// as one HTML document with the one stylesheet. No script.
package struct WebPage {
    enum Section: String { case sessions, teams, kiosks, users, settings, accessLog = "access-log", none }

    var title: String
    var user: WebUser?
    var section: Section = .none
    var body: HTML
    var status: HTTPResponse.Status = .ok

    /// The whole document.
    var document: HTML {
        let words = WebLanguage.words
        var bar = HTML.empty
        if let user {
            func link(_ s: Section, _ label: String) -> HTML {
                "<a href=\"/\(s.rawValue)\"\(s == section ? HTML(" class=\"here\" aria-current=\"page\"") : "")>\(label)</a>"
            }
            let admin = link(.users, words.tr("Users")) + link(.settings, words.tr("Settings")) + link(.accessLog, words.tr("Access log"))
            let role = user.isAdmin ? words.tr("admin", context: "role") : words.tr("coach", context: "role")
            bar = """
            <header class="bar"><span class="club">\(user.clubName)</span>
            <nav>\(link(.sessions, words.tr("Sessions")))\(link(.teams, words.tr("Teams")))\(link(.kiosks, words.tr("Kiosks")))\(user.isAdmin ? admin : .empty)</nav>
            <span class="who"><a href="/account" title="\(words.tr("Your account and language"))">\(user.email)</a> · \(role)</span>
            <form method="post" action="/logout">\(Self.csrfField(user))<button type="submit">\(words.tr("Sign out"))</button></form></header>
            """
        }
        return """
        <!doctype html>
        <html lang="\(words.language.rawValue)"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · Sideline</title><link rel="stylesheet" href="\(WebStyle.path)"></head>
        <body>\(bar)<main>\(body)</main></body></html>
        """
    }

    package var response: Response {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("Content-Security-Policy")!] = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: document.rendered)))
    }

    /// The hidden field every form of a signed-in page carries.
    static func csrfField(_ user: WebUser) -> HTML {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(user.csrfToken)\">"
    }

    /// A page that says what went wrong, in a sentence: in the request's language where the sentence is a
    /// message of the web's catalog (marked `N_`), else as the server wrote it.
    static func problem(_ status: HTTPResponse.Status, _ message: String, user: WebUser?) -> WebPage {
        let words = WebLanguage.words, reason = words.tr(reasonPhrase(status))
        return WebPage(title: reason, user: user, body: """
            <h1>\(status.code) \(reason)</h1><div class="message error">\(words.tr(message))</div>
            <p><a href="/sessions">\(words.tr("Back to the sessions"))</a></p>
            """, status: status)
    }

    /// The status's name as the pages say it (the catalog's words for the ones the web answers with).
    static func reasonPhrase(_ status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: N_("Bad Request")
        case 401: N_("Unauthorized")
        case 403: N_("Forbidden")
        case 404: N_("Not Found")
        case 409: N_("Conflict")
        case 413: N_("Content Too Large")
        case 422: N_("Unprocessable Content")
        case 429: N_("Too Many Requests")
        default: status.reasonPhrase
        }
    }

    static func redirect(_ location: String, cookies: [Cookie] = []) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }
}

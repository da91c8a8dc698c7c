import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A page of the club's web: the bar (club, sections, who is signed in, sign out) and the content,
/// as one HTML document with the one stylesheet. No script.
struct WebPage {
    enum Section: String { case sessions, teams, kiosks, users, settings, accessLog = "access-log", none }

    var title: String
    var user: WebUser?
    var section: Section = .none
    var body: String
    var status: HTTPResponse.Status = .ok

    var html: String {
        var bar = ""
        if let user {
            func link(_ s: Section, _ label: String) -> String {
                "<a href=\"/\(s.rawValue)\"\(s == section ? " class=\"here\" aria-current=\"page\"" : "")>\(label)</a>"
            }
            bar = """
            <header class="bar"><span class="club">\(user.clubName.html)</span>
            <nav>\(link(.sessions, "Sessions"))\(link(.teams, "Teams"))\(link(.kiosks, "Kiosks"))\(user.isAdmin ? link(.users, "Users") + link(.settings, "Settings") + link(.accessLog, "Access log") : "")</nav>
            <span class="who">\(user.email.html) · \(user.isAdmin ? "admin" : "coach")</span>
            <form method="post" action="/logout">\(Self.csrfField(user))<button type="submit">Sign out</button></form></header>
            """
        }
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title.html) · Sideline</title><link rel="stylesheet" href="\(WebStyle.path)"></head>
        <body>\(bar)<main>\(body)</main></body></html>
        """
    }

    var response: Response {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("Content-Security-Policy")!] = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The hidden field every form of a signed-in page carries.
    static func csrfField(_ user: WebUser) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(user.csrfToken.html)\">"
    }

    /// A page that says what went wrong, in a sentence.
    static func problem(_ status: HTTPResponse.Status, _ message: String, user: WebUser?) -> WebPage {
        WebPage(title: status.reasonPhrase, user: user, body: """
            <h1>\(status.code) \(status.reasonPhrase.html)</h1><div class="message error">\(message.html)</div>
            <p><a href="/sessions">Back to the sessions</a></p>
            """, status: status)
    }

    static func redirect(_ location: String, cookies: [Cookie] = []) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }
}

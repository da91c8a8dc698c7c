import ClubProtocol
import ClubServerHTTP
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Localization

/// Signing in and out. The login form carries a token of its own, matched by a short cookie
/// (SameSite=Strict) so another site cannot sign a browser in to an account of its choosing;
/// a failed login is counted (`LoginThrottle`, `SignInLimit`) and answered with one plain sentence that does not
/// say whether the e-mail exists; a password is checked with scrypt off the event loops.
struct WebLogin: Sendable {
    let storage: any WebSignInStorage
    static let formCookie = "sideline_login"

    /// An unknown e-mail is checked against this so it takes as long as a known one.
    static let decoy = (try? PasswordHash.make(password: "no user has this password", log2N: PasswordHash.defaultLog2N).stored) ?? ""

    func form(message: String? = nil, email: String = "", status: HTTPResponse.Status = .ok, secure: Bool) -> Response {
        let token = SecretToken.generate(prefix: "")
        var response = Self.formPage(token: token, message: message, email: email, status: status).response
        response.setCookie(Cookie(name: Self.formCookie, value: token, maxAge: 3600, path: "/login", secure: secure, httpOnly: true, sameSite: .strict))
        return response
    }

    /// The sign-in page: the form's own token, what went wrong (a sentence), the e-mail as typed.
    static func formPage(token: String, message: String?, email: String, status: HTTPResponse.Status) -> WebPage {
        let words = WebLanguage.words
        let error = message.map { message -> HTML in "<div class=\"message error\" role=\"alert\">\(message)</div>" } ?? ""
        return WebPage(title: words.tr("Sign in"), user: nil, body: """
            <div class="login card"><h1>\(words.tr("Sideline club"))</h1>\(error)
            <form class="stack" method="post" action="/login">
            <input type="hidden" name="csrf" value="\(token)">
            <label>\(words.tr("E-mail"))<input type="email" name="email" value="\(email)" autocomplete="username" required autofocus></label>
            <label>\(words.tr("Password"))<input type="password" name="password" autocomplete="current-password" required></label>
            <button class="primary" type="submit">\(words.tr("Sign in"))</button></form></div>
            """, status: status)
    }

    func signIn(_ request: Request, address: String, secure: Bool) async throws -> Response {
        let form = try FormData.parse(try await HTTP.body(request, limit: 16 * 1024), contentType: request.headers[.contentType])
        guard let token = form["csrf"], let cookie = request.cookies[Self.formCookie]?.value, !token.isEmpty,
              Self.same(token, cookie) else {
            return self.form(message: WebLanguage.words.tr("The sign-in form was too old or came from elsewhere: please sign in again."), status: .forbidden, secure: secure)
        }
        let email = form.text("email"), password = form["password"] ?? ""
        guard (3...254).contains(email.count), (1...1024).contains(password.count) else {
            return self.form(message: WebLanguage.words.tr("Type your e-mail and password."), email: email, status: .badRequest, secure: secure)
        }
        if case .refused(let reason, let wait) = try await storage.signInDecision(email: email, address: address) {
            storage.logger.notice("web: login refused for '\(email)' from \(address): too many failed tries (\(reason.rawValue))")
            var response = self.form(message: Self.refusal(reason, wait: wait), email: email, status: .tooManyRequests, secure: secure)
            response.headers[.retryAfter] = "\(max(1, Int(wait.rounded(.up))))"
            return response
        }
        // No such user: a decoy hash is checked all the same, so the answer takes as long.
        let found = try await storage.credentials(email: email)
        let matches = await Self.verify(password, against: found?.passwordHash ?? Self.decoy)
        guard matches, let (club, user, _, disabled) = found else {
            try await storage.signInFailed(email: email, address: address)
            storage.logger.notice("web: failed login for '\(email)' from \(address)")
            return self.form(message: WebLanguage.words.tr("Wrong e-mail or password."), email: email, status: .unauthorized, secure: secure)
        }
        // Said only to someone who knows the password: it tells a guesser nothing.
        guard !disabled else {
            storage.logger.notice("web: login refused for '\(email)' from \(address): the user is disabled")
            return self.form(message: WebLanguage.words.tr("This account is disabled: ask the club's admin."), email: email, status: .unauthorized, secure: secure)
        }
        try await storage.signInSucceeded(email: email, address: address)
        let started = try await storage.startWebSession(user: user, club: club)
        storage.logger.info("web: '\(email)' signed in from \(address)")
        return WebPage.redirect("/sessions", cookies: [
            Cookie(name: WebSessionStore.cookieName, value: started.cookieValue, maxAge: Int(WebSessionStore.lifetime), path: "/",
                   secure: secure, httpOnly: true, sameSite: .lax),
            Cookie(name: Self.formCookie, value: "", maxAge: 0, path: "/login", secure: secure, httpOnly: true, sameSite: .strict),
        ])
    }

    func signOut(cookie: String, user: WebUser, secure: Bool) async throws -> Response {
        try await storage.endWebSession(cookie: cookie, club: user.club)
        return WebPage.redirect("/login", cookies: [
            Cookie(name: WebSessionStore.cookieName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax),
        ])
    }

    /// The refusal's sentence: which limit, and how long (never a lock: docs/CLUB-OPERATIONS.md).
    static func refusal(_ reason: SignInLimit.Reason, wait: TimeInterval) -> String {
        let words = WebLanguage.words, seconds = max(1, Int(wait.rounded(.up)))
        let when = seconds < 90 ? words.trn("{n} second", "{n} seconds", n: seconds) : words.trn("{n} minute", "{n} minutes", n: (seconds + 59) / 60)
        switch reason {
        case .pair: return words.tr("Too many failed sign-ins for this e-mail from this address. Try again in {when}.", ["when": when])
        case .address: return words.tr("Too many failed sign-ins from this address. Try again in {when}.", ["when": when])
        case .email: return words.tr("Too many failed sign-ins for this e-mail lately: it is slowed down. Try again in {when}.", ["when": when])
        }
    }

    /// scrypt takes about 0.1 s of one core: run where it does not hold up other requests.
    static func verify(_ password: String, against stored: String) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: PasswordHash(stored: stored)?.verify(password) ?? false)
            }
        }
    }

    /// Equal strings, compared in a time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

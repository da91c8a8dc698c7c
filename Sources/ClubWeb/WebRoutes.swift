import ClubProtocol
import ClubServerHTTP
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore

/// The club's pages: server-rendered HTML behind a sign-in, every request read inside the user's
/// club (row-level security, as the API), a coach limited to their team. A page's failure is a page
/// with a sentence (4xx), never a stack trace; every POST carries the session's CSRF token.
public struct WebRoutes: Sendable {
    let storage: any WebStorage
    /// Served over TLS: cookies are marked Secure (behind a proxy, `X-Forwarded-Proto: https` says so too).
    let tls: Bool

    package init(storage: any WebStorage, tls: Bool) {
        self.storage = storage
        self.tls = tls
    }

    /// The most a form may send: a photo of at most `RosterSchema.maxPhotoBytes` and the fields around it.
    static let formBody = RosterSchema.maxPhotoBytes + 64 * 1024

    public func add(to router: Router<ClubRequestContext>) {
        let login = WebLogin(storage: storage)
        let sessions = WebSessionPages(storage: storage)
        let teams = WebTeamPages(storage: storage)
        let season = WebSeasonPages(storage: storage)
        let report = WebTeamReport(storage: storage)
        let settings = WebSettingsPage(storage: storage)
        let access = WebAccessPages(storage: storage)
        let playerData = WebPlayerData(storage: storage)
        let accessLog = WebAccessLogPage(storage: storage)
        let drills = WebDrillPages(storage: storage)
        let account = WebAccountPage(storage: storage)
        // For the pages only (added after the API's routes): a kiosk or script sends no Origin, a browser always does.
        router.middlewares.add(SameOriginCheck())
        router.get("/") { request, _ in
            request.cookies[WebSessionStore.cookieName] == nil ? WebPage.redirect("/login") : WebPage.redirect("/sessions")
        }
        router.get("static/club.css") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: WebStyle.css)))
        }
        router.get("login") { request, _ in speaking(request, nil) { login.form(secure: secure(request)) } }
        router.post("login") { request, context in
            try await html(nil, request) { try await login.signIn(request, address: context.clientAddress(request), secure: secure(request)) }
        }
        router.post("logout") { request, context in
            try await signedIn(request, context, post: true) { user, _ in
                try await login.signOut(cookie: request.cookies[WebSessionStore.cookieName]?.value ?? "", user: user, secure: secure(request))
            }
        }
        router.get("kiosks") { request, context in try await signedIn(request, context) { user, _ in try await access.kiosks(user) } }
        router.post("kiosks/{id}/revoke") { request, context in
            try await signedIn(request, context, post: true) { user, _ in try await access.revokeKiosk(user, id: try Self.uuid(context, "id")) }
        }
        router.post("tokens/{id}/revoke") { request, context in
            try await signedIn(request, context, post: true) { user, _ in try await access.revokeToken(user, id: try Self.uuid(context, "id")) }
        }
        router.get("users") { request, context in try await signedIn(request, context) { user, _ in try await access.users(user) } }
        router.post("users/{id}/disable") { request, context in
            try await signedIn(request, context, post: true) { user, _ in try await access.setDisabled(user, id: try Self.uuid(context, "id"), disabled: true) }
        }
        router.post("users/{id}/enable") { request, context in
            try await signedIn(request, context, post: true) { user, _ in try await access.setDisabled(user, id: try Self.uuid(context, "id"), disabled: false) }
        }
        router.get("access-log") { request, context in try await signedIn(request, context) { user, _ in try await accessLog.page(user, request: request) } }
        router.get("sessions") { request, context in try await signedIn(request, context) { user, _ in try await sessions.list(user, request: request) } }
        router.get("sessions/{uuid}") { request, context in
            try await signedIn(request, context) { user, _ in try await sessions.session(user, try Self.uuid(context, "uuid")) }
        }
        router.get("sessions/{uuid}/files/{name}") { request, context in
            try await signedIn(request, context) { user, _ in
                try await sessions.file(user, try Self.uuid(context, "uuid"), name: context.parameters.get("name") ?? "")
            }
        }
        router.get("account") { request, context in
            try await signedIn(request, context) { user, _ in account.form(user, saved: request.uri.queryParameters["saved"] != nil) }
        }
        router.post("account") { request, context in
            try await signedIn(request, context, post: true) { user, form in try await account.save(user, form: form!) }
        }
        router.get("settings") { request, context in
            try await signedIn(request, context) { user, _ in try await settings.form(user, saved: request.uri.queryParameters["saved"] != nil) }
        }
        router.post("settings") { request, context in
            try await signedIn(request, context, post: true) { user, form in try await settings.save(user, form: form!) }
        }
        router.get("teams") { request, context in try await signedIn(request, context) { user, _ in try await teams.list(user) } }
        router.get("teams/{team}") { request, context in
            try await signedIn(request, context) { user, _ in
                try await teams.roster(user, team: try Self.uuid(context, "team"),
                                       saved: request.uri.queryParameters["saved"].flatMap { UUID(uuidString: String($0)) },
                                       erased: request.uri.queryParameters["erased"] != nil)
            }
        }
        router.get("teams/{team}/players/new") { request, context in
            try await signedIn(request, context) { user, _ in try await teams.playerForm(user, team: try Self.uuid(context, "team"), player: nil) }
        }
        router.post("teams/{team}/players") { request, context in
            try await signedIn(request, context, post: true) { user, form in
                try await teams.save(user, team: try Self.uuid(context, "team"), player: nil, form: form!)
            }
        }
        router.get("teams/{team}/players/{player}") { request, context in
            try await signedIn(request, context) { user, _ in
                try await teams.playerForm(user, team: try Self.uuid(context, "team"), player: try Self.uuid(context, "player"))
            }
        }
        router.post("teams/{team}/players/{player}") { request, context in
            try await signedIn(request, context, post: true) { user, form in
                try await teams.save(user, team: try Self.uuid(context, "team"), player: try Self.uuid(context, "player"), form: form!)
            }
        }
        router.get("teams/{team}/players/{player}/erase") { request, context in
            try await signedIn(request, context) { user, _ in
                try await teams.eraseForm(user, team: try Self.uuid(context, "team"), player: try Self.uuid(context, "player"))
            }
        }
        router.post("teams/{team}/players/{player}/erase") { request, context in
            try await signedIn(request, context, post: true) { user, form in
                try await teams.erase(user, team: try Self.uuid(context, "team"), player: try Self.uuid(context, "player"), form: form!)
            }
        }
        router.get("teams/{team}/players/{player}/data.zip") { request, context in
            try await signedIn(request, context) { user, _ in
                try await playerData.download(user, team: try Self.uuid(context, "team"), player: try Self.uuid(context, "player"))
            }
        }
        router.get("teams/{team}/players/{player}/photo") { request, context in
            try await signedIn(request, context) { user, _ in
                try await teams.photo(user, team: try Self.uuid(context, "team"), player: try Self.uuid(context, "player"))
            }
        }
        router.get("teams/{team}/season") { request, context in
            try await signedIn(request, context) { user, _ in try await season.table(user, team: try Self.uuid(context, "team"), request: request) }
        }
        router.get("teams/{team}/drills") { request, context in
            try await signedIn(request, context) { user, _ in try await drills.season(user, team: try Self.uuid(context, "team"), request: request) }
        }
        router.get("teams/{team}/report") { request, context in
            try await signedIn(request, context) { user, _ in try await report.page(user, team: try Self.uuid(context, "team"), request: request) }
        }
        router.post("teams/{team}/flags/dismiss") { request, context in
            try await signedIn(request, context, post: true) { user, form in try await report.dismiss(user, team: try Self.uuid(context, "team"), form: form!) }
        }
        router.get("teams/{team}/season.csv") { request, context in
            try await signedIn(request, context) { user, _ in try await season.csv(user, team: try Self.uuid(context, "team"), request: request) }
        }
        router.get("teams/{team}/season/{player}") { request, context in
            try await signedIn(request, context) { user, _ in
                try await season.player(user, team: try Self.uuid(context, "team"), player: try Self.uuid(context, "player"), request: request)
            }
        }
    }

    func secure(_ request: Request) -> Bool {
        tls || request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    /// Runs a page for the signed-in user. No session: a GET goes to the sign-in page, a POST is
    /// refused (403). A POST's form is read (bounded) and its CSRF token checked before `body` runs.
    func signedIn(_ request: Request, _ context: ClubRequestContext, post: Bool = false,
                  _ body: (WebUser, FormData?) async throws -> Response) async throws -> Response {
        let cookie = request.cookies[WebSessionStore.cookieName]?.value
        var user: WebUser
        let lookup: WebSessionStore.Lookup = if let cookie { try await storage.webSession(cookie: cookie) } else { .none }
        switch lookup {
        case .signedIn(let signedIn): user = signedIn
        case .disabled:
            return speaking(request, nil) { WebPage.problem(.unauthorized, N_("This account is disabled: ask the club's admin."), user: nil).response }
        case .none:
            if post {
                return speaking(request, nil) {
                    WebPage.problem(.forbidden, N_("You are not signed in (or your session ended): sign in again."), user: nil).response
                }
            }
            return WebPage.redirect("/login")
        }
        user.address = context.clientAddress(request)
        return try await html(user, request) {
            var form: FormData?
            if post {
                let parsed = try FormData.parse(try await HTTP.body(request, limit: Self.formBody), contentType: request.headers[.contentType])
                guard let token = parsed["csrf"], WebLogin.same(token, user.csrfToken) else {
                    storage.logger.notice("web: a POST to \(request.uri.path) by '\(user.email)' without this session's CSRF token refused")
                    throw ClubError(.forbidden, N_("This form does not carry your session's token (it may be from an old page or another site): reload the page and try again."))
                }
                form = parsed
            }
            return try await body(user, form)
        }
    }

    /// A refusal inside a page becomes a page with its status and sentence; all of it in the user's language.
    func html(_ user: WebUser?, _ request: Request, _ body: () async throws -> Response) async throws -> Response {
        try await WebLanguage.$words.withValue(WebLanguage.translator(choice: user?.language, acceptLanguage: request.headers[.acceptLanguage])) {
            do {
                return try await body()
            } catch let error as ClubError {
                return WebPage.problem(HTTP.status(of: error.kind), error.message, user: user).response
            }
        }
    }

    /// `body` in the language of the request (a signed-in `user`'s choice, else the browser's).
    func speaking<T>(_ request: Request, _ user: WebUser?, _ body: () -> T) -> T {
        WebLanguage.$words.withValue(WebLanguage.translator(choice: user?.language, acceptLanguage: request.headers[.acceptLanguage]), operation: body)
    }

    static func uuid(_ context: ClubRequestContext, _ name: String) throws -> UUID {
        guard let text = context.parameters.get(name), let uuid = UUID(uuidString: text) else {
            throw ClubError.notFound("'\(context.parameters.get(name)?.prefix(60) ?? "")' names nothing here")
        }
        return uuid
    }
}

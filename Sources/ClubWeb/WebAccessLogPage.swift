import ClubProtocol
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import TeamCore

/// The admin's page of the access log (`AccessLog`): newest first, a hundred lines a page, filtered by
/// user, player, kind and a span of days (the server's local days, as every time on the pages). A
/// coach is told there is no such page. Viewing it is logged too.
struct WebAccessLogPage: Sendable {
    let storage: any WebAccessStorage

    static let pageSize = 100

    /// The filter as the form sends it (GET, so a filtered page can be bookmarked and paged).
    struct Query: Sendable, Equatable {
        var user = "", player = "", kind = "", from = "", to = ""
        var before: Int64?

        /// No filter: every line, newest first.
        static let empty = Query()
        private init() {}

        init(_ request: Request) {
            let q = request.uri.queryParameters
            func text(_ name: Substring) -> String { q[name].map { String($0.prefix(64)) } ?? "" }
            user = text("user")
            player = text("player")
            kind = text("kind")
            from = text("from")
            to = text("to")
            before = q["before"].flatMap { Int64($0) }
        }

        /// The filter this asks for, or a sentence saying which field is not one.
        func filter(in zone: TimeZone) throws -> AccessLog.Filter {
            var filter = AccessLog.Filter()
            switch user {
            case "": break
            case "none": filter.who = .noUser
            default:
                guard let id = UUID(uuidString: user) else { throw ClubError.badRequest("User: choose one of the list.") }
                filter.who = .user(id)
            }
            if !player.isEmpty {
                guard let id = UUID(uuidString: player) else { throw ClubError.badRequest("Player: choose one of the list.") }
                filter.playerDigest = PlayerErasure.digest(playerUUID: id)
            }
            if !kind.isEmpty {
                guard let k = AccessEvent.Kind(rawValue: kind) else { throw ClubError.badRequest("Kind: choose one of the list.") }
                filter.kind = k
            }
            if !from.isEmpty {
                guard let day = CalendarDay(iso: from) else { throw ClubError.badRequest("From: a day like 2026-03-14.") }
                filter.from = AccessLog.start(of: day, in: zone)
            }
            if !to.isEmpty {
                guard let day = CalendarDay(iso: to) else { throw ClubError.badRequest("To: a day like 2026-03-14.") }
                filter.until = AccessLog.start(of: day.adding(days: 1), in: zone)
            }
            return filter
        }

        /// The address of this filter's page of lines before `id`.
        func link(before id: Int64?) -> String {
            var items = [("user", user), ("player", player), ("kind", kind), ("from", from), ("to", to)].filter { !$0.1.isEmpty }
            if let id { items.append(("before", "\(id)")) }
            var components = URLComponents()
            components.path = "/access-log"
            components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
            return components.string ?? "/access-log"
        }
    }

    func page(_ user: WebUser, request: Request) async throws -> Response {
        guard user.isAdmin else { throw ClubError.notFound(N_("There is no such page.")) }
        let query = Query(request)
        let filter = try query.filter(in: .current)
        try await storage.record(.view("access log"), by: .web(user))
        let (entries, roster) = try await storage.accessLog(filter, before: query.before, limit: Self.pageSize + 1, club: user.club)
        let users = try await storage.users(club: user.club)
        return Self.logPage(user, query: query, entries: entries, roster: roster, users: users).response
    }

    /// A page of the log over its data: the lines the filter gave (one more than a page when older ones follow), the
    /// roster (players' names, teams' names) and the users the filter offers.
    static func logPage(_ user: WebUser, query: Query, entries: [AccessLog.Entry], roster: ClubRoster, users: [ClubAccess.UserRow]) -> WebPage {
        let names = AccessLog.playerNames(roster)
        let shown = entries.prefix(Self.pageSize)
        let lines = shown.map { e -> HTML in
            let player = e.playerDigest.map { names[$0] ?? "an erased player" } ?? ""
            let team = e.team.flatMap { roster.teams[$0]?.name } ?? (e.team == nil ? "" : "a team")
            let session = e.session.map { uuid -> HTML in "<a href=\"/sessions/\(uuid.uuidString.lowercased())\">\(uuid.uuidString.prefix(8).lowercased())</a>" } ?? ""
            // The kind leads the "what" (a phone has room for four columns, not five).
            let when = WebFormat.dateTime(e.at).split(separator: " ").map { part -> HTML in "<span class=\"nowrap\">\(String(part))</span>" }.joined(separator: " ")
            return "<tr data-kind=\"\(e.kind)\"><td>\(when)</td><td class=\"anywhere\">\(e.actor)</td>"
                + "<td class=\"opt\">\(e.address)</td><td><span class=\"muted\">\(e.kind)</span> <span data-field=\"action\">\(e.action)</span></td>"
                + "<td data-field=\"player\">\(player)</td><td class=\"opt\">\(team)</td><td class=\"opt\">\(session)</td></tr>"
        }.joined()
        func options(_ values: [(String, String)], _ chosen: String) -> HTML {
            values.map { value, label -> HTML in "<option value=\"\(value)\"\(value == chosen ? HTML(" selected") : "")>\(label)</option>" }.joined()
        }
        let words = WebLanguage.words
        let userOptions = [("", words.tr("anyone")), ("none", words.tr("commands, kiosks, scripts"))] + users.map { ($0.id.uuidString.lowercased(), $0.email) }
        let players = roster.players.values.filter { !$0.deleted }.sorted { ($0.fullName.lowercased(), $0.uuid.uuidString) < ($1.fullName.lowercased(), $1.uuid.uuidString) }
        let playerOptions = [("", words.tr("any player"))] + players.map { ($0.uuid.uuidString.lowercased(), $0.fullName) }
        let kindOptions = [("", words.tr("any kind"))] + AccessEvent.Kind.allCases.map { ($0.rawValue, $0.rawValue) }
        var pages: [HTML] = []
        if query.before != nil { pages.append("<a href=\"\(query.link(before: nil))\">\(words.tr("Newest"))</a>") }
        if entries.count > Self.pageSize, let last = shown.last {
            pages.append("<a id=\"older\" href=\"\(query.link(before: last.id))\">\(words.tr("Older →"))</a>")
        }
        let body: HTML = """
            <h1>\(words.tr("Access log"))</h1>
            <p class="sub">\(words.tr("Who viewed or downloaded which player's or session's data, and every change, with the address it came from. Nothing here can be changed or deleted by the server; a kiosk's sync is one line a day for each kind of work. docs/CLUB-OPERATIONS.md says what is kept and for how long."))</p>
            <form class="filters card" method="get" action="/access-log">
            <label>\(words.tr("User"))<select name="user">\(options(userOptions, query.user))</select></label>
            <label>\(words.tr("Player"))<select name="player">\(options(playerOptions, query.player))</select></label>
            <label>\(words.tr("Kind"))<select name="kind">\(options(kindOptions, query.kind))</select></label>
            <label>\(words.tr("From", context: "a day"))<input type="date" name="from" value="\(query.from)"></label>
            <label>\(words.tr("To", context: "a day"))<input type="date" name="to" value="\(query.to)"></label>
            <div class="actions"><button class="primary" type="submit">\(words.tr("Show"))</button><a href="/access-log">\(words.tr("All"))</a></div></form>
            \(shown.isEmpty ? HTML("<p class=\"muted\">\(words.tr("Nothing logged that passes this filter."))</p>") : """
            <div class="scroll"><table id="access-log"><thead><tr><th>\(words.tr("When"))</th><th>\(words.tr("Who"))</th><th class="opt">\(words.tr("Address"))</th><th>\(words.tr("What"))</th>
            <th>\(words.tr("Player"))</th><th class="opt">\(words.tr("Team"))</th><th class="opt">\(words.tr("Session"))</th></tr></thead><tbody>\(lines)</tbody></table></div>
            """)
            \(pages.isEmpty ? "" : HTML("<p class=\"pages\">\(pages.joined(separator: " · "))</p>"))
            """
        return WebPage(title: words.tr("Access log"), user: user, section: .accessLog, body: body)
    }
}

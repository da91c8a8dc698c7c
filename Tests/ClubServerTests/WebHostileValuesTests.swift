import Analytics
import ClubProtocol
import Foundation
import Localization
import TeamCore
import XCTest
@testable import ClubStorage
@testable import ClubWeb

/// The main pages rendered over their data with values a hostile kiosk, coach or stranger could store or type
/// (markup, quotes, ampersands, NUL, a pile of combining marks) in every name, tag and field that reaches a page:
/// each comes out as text. The same page with plain values is the oracle: the hostile ones add no `<`, `>`, `"`
/// or `'` of markup, and no NUL.
final class WebHostileValuesTests: XCTestCase {
    static let hostile = [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "' onmouseover='alert(2)", "Tom & Jerry &amp; &lt;b&gt;",
        "nul\u{0}byte", "Zoe" + String(repeating: "\u{301}\u{316}", count: 300),
    ]
    /// What each hostile value must come out as (NUL as U+FFFD, as a browser reads it).
    static let escaped = [
        "&lt;script&gt;alert(1)&lt;/script&gt;", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;", "&#39; onmouseover=&#39;alert(2)",
        "Tom &amp; Jerry &amp;amp; &amp;lt;b&amp;gt;", "nul\u{FFFD}byte", "Zoe" + String(repeating: "\u{301}\u{316}", count: 300),
    ]

    let team = UUID(uuidString: "5A1B2C3D-0000-4000-8000-000000000001")!
    let day = CalendarDay(year: 2026, month: 3, day: 14)

    /// `text(i)`: the i-th value of a page's data (hostile, or plain "Name i").
    func pages(_ text: (Int) -> String) -> [String: HTML] {
        let user = WebUser(id: UUID(), club: UUID(), clubName: text(0), email: text(1), isAdmin: true, team: nil, csrfToken: text(2))
        let players = (0..<6).map { i in ClubRoster.Player(uuid: UUID(), firstName: text(i), lastName: text(i + 1), birthYear: 2009, sex: "F", weightKg: 60, restingHR: 52) }
        let roster = players.enumerated().map { i, p in (member: ClubRoster.Member(team: team, player: p.uuid, shirtNumber: i + 1), player: p) }
        let season = season(players: players, text)
        let flags = ClubFlags.list(season: season, roster: roster, straps: [], on: day)
        var form = WebPlayerForm(firstName: text(0), lastName: text(1), shirtNumber: text(2), birthYear: text(3), sex: text(4), weightKg: text(5), restingHR: text(0), maxHR: text(1))
        form.consentDay = text(2)
        form.consentBy = text(3)
        let rows = (0..<6).map { i in
            WebSessionPages.Row(uuid: UUID(), team: team, teamName: text(i), startedMs: 1_773_480_000_000, endedMs: 1_773_483_600_000, effortEndMs: nil,
                                players: 3, tags: [text(i + 1)], averageBPM: 140, kiosk: text(i + 2))
        }
        let settings = WebSettingsPage.Typed(ClubSettings())
        var typed = settings
        typed.zoneModel = text(0)
        typed.ratios = [text(1), text(2), text(3)]
        typed.startDay = text(4)
        typed.retentionMonths = text(5)
        var chart = SVGChart(xRange: 0...10, yRange: 0...10)
        chart.gridY([5]) { _ in text(0) }
        chart.line([(1, 1), (2, 2)], colour: "#000", title: text(1))
        chart.bar(x: 3, from: 0, to: 4, barWidth: 1, colour: "#000", title: text(2))
        chart.dot((5, 5), colour: "#000", title: text(3))
        let document = try! sessionDocument(text)
        let drill = drillSeason(players: players)
        return [
            "teams": WebTeamPages.listPage(user, teams: players.map { ($0.uuid, $0.fullName, 3) }).document,
            "roster": WebTeamPages.rosterPage(user, team: team, name: text(5), players: roster, savedName: text(4), erased: false).document,
            "player form": WebTeamPages.playerFormPage(user, team: team, name: text(2), player: players[0].uuid, form: form, hasPhoto: true,
                                                       problems: (0..<6).map(text), status: .badRequest).document,
            "season": WebSeasonPages.tablePage(user, team: team, name: text(3), season: season, flags: flags, on: day).document,
            "player season": WebSeasonPages.playerPage(user, team: team, name: text(4), season: season, player: 0, on: day).document,
            "weekly report": WebTeamReport.reportPage(user, team: team, name: text(5), season: season, flags: flags, on: day).document,
            "sessions": WebSessionPages.listPage(user, rows: rows, after: nil, more: true).document,
            "session": WebSessionPages.sessionPage(user, row: rows[0], document: try! SessionPageDocument(document),
                                                   drills: try! DocumentDrills(document), graph: chart.svg(label: text(4), id: text(5))).document,
            "drill season": WebDrillPages.seasonPage(user, teamName: text(0), drillName: text(1), season: drill,
                                                     names: Dictionary(uniqueKeysWithValues: (0..<6).map { (Int64($0 + 1), (name: text($0 + 2), number: $0 + 1)) })).document,
            "erase": WebTeamPages.erasePage(user, team: team, player: players[1], sessions: 4, problem: text(5)).document,
            "account": WebAccountPage.formPage(user, saved: true).document,
            "settings": WebSettingsPage.page(user, typed: typed).document,
            "sign in": WebLogin.formPage(token: text(0), message: text(1), email: text(2), status: .unauthorized).document,
            "problem": WebPage.problem(.notFound, text(3), user: user).document,
            "kiosks": WebAccessPages.kiosksPage(user, kiosks: (0..<6).map { i in
                ClubAccess.KioskRow(id: UUID(), name: text(i), enrolledAt: Date(), lastSeenAt: nil, revokedAt: nil, codeExpiresAt: nil, sessions: 3)
            }, tokens: [ClubAccess.TokenRow(id: UUID(), createdAt: Date(), revokedAt: nil)]).document,
            "users": WebAccessPages.usersPage(user, users: (0..<6).map { i in
                ClubAccess.UserRow(id: UUID(), email: text(i), role: "coach", teamName: text(i + 1), disabledAt: nil)
            }).document,
            "access log": WebAccessLogPage.logPage(user, query: .empty, entries: (0..<6).map { i in
                AccessLog.Entry(id: Int64(i), at: Date(), kind: "view", action: text(i), user: nil, actor: text(i + 1), address: text(i + 2),
                                team: team, session: UUID(), playerDigest: PlayerErasure.digest(playerUUID: players[i].uuid))
            }, roster: ClubRoster(teams: [team: ClubRoster.Team(uuid: team, name: text(3))], players: Dictionary(uniqueKeysWithValues: players.map { ($0.uuid, $0) }),
                                  members: roster.map(\.member)),
               users: (0..<6).map { i in ClubAccess.UserRow(id: UUID(), email: text(i), role: "admin", teamName: nil, disabledAt: nil) }).document,
        ]
    }

    func season(players: [ClubRoster.Player], _ text: (Int) -> String) -> ClubSeason {
        let seasonPlayers = players.enumerated().map { i, p in ClubSeason.Player(uuid: p.uuid, name: p.fullName, number: i + 1) }
        var entries: [UUID: [ClubSeason.Entry]] = [:]
        for (i, p) in seasonPlayers.enumerated() {
            entries[p.uuid] = (0..<3).map { k in
                ClubSeason.Entry(session: UUID(), sessionID: Int64(10 * i + k), teamName: text(i + k), startedMs: 1_773_300_000_000 + Int64(k) * 86_400_000,
                                 day: day.adding(days: k - 2), tags: SessionTags(kind: .training, word: text(k)),
                                 figures: SessionSeasonFigures(playerID: Int64(i), cardioLoad: 80, zoneMs: [0, 60_000, 60_000, 60_000, 60_000, 60_000], recoveryBPM: 30))
            }
        }
        return ClubSeason(players: seasonPlayers, entries: entries, calendar: Calendar(identifier: .gregorian), settings: ClubSettings(), comparison: (day, [:]))
    }

    /// Two weeks of a drill, each player (ids 1 to 6) in both.
    func drillSeason(players: [ClubRoster.Player]) -> DrillSeason {
        var stats = HeartRateStats()
        stats.signalMs = 300_000
        stats.averageBPM = .value(150)
        stats.maxBPM = .value(175)
        stats.highIntensityMs = 120_000
        stats.banisterTRIMP = .value(12.5)
        let ids = Dictionary(uniqueKeysWithValues: players.indices.map { (Int64($0 + 1), stats) })
        return DrillSeason([0, 7].enumerated().map { i, offset in
            DrillSeason.Occurrence(day: day.adding(days: -offset), sessionID: Int64(i + 1), zoneModel: .percentOfMax, players: ids)
        })
    }

    /// A session's JSON document (the fields the page reads) with a drill.
    func sessionDocument(_ text: (Int) -> String) throws -> Data {
        let players: [[String: Any]] = (0..<6).map { i in
            ["playerUUID": text(i), "name": text(i + 1), "shirtNumber": i + 1,
             "session": ["avgBPM": 140.5, "maxBPM": 181, "peakPercentOfMax": 93.2, "trimpBanister": 88.1, "kcal": 612.0],
             "reportedHRV": ["window": text(i + 2), "time": ["rmssdMs": 41.2]],
             "phases": [["signalSeconds": 300, "avgBPM": 150, "maxBPM": 175, "highIntensitySeconds": 120, "trimpBanister": 12.5]]]
        }
        let root: [String: Any] = ["zoneModel": text(0), "players": players, "phases": [["kind": "drill", "name": text(3), "fromSeconds": 60, "toSeconds": 360]]]
        return try JSONSerialization.data(withJSONObject: root)
    }

    func testHostileValuesComeOutAsTextOnEveryMainPage() {
        for language in [Language.english, .german] {
            WebLanguage.$words.withValue(WebLanguage.translator(language)) {
                let plain = pages { "Name \($0 % Self.hostile.count)" }
                let hostile = pages { Self.hostile[$0 % Self.hostile.count] }
                XCTAssertEqual(Set(plain.keys), Set(hostile.keys))
                for (name, page) in hostile.sorted(by: { $0.key < $1.key }) {
                    let html = page.rendered, oracle = plain[name]!.rendered
                    XCTAssertFalse(html.unicodeScalars.contains("\0"), "\(name): a NUL")
                    for c in ["<", ">", "\"", "'"] {
                        XCTAssertEqual(html.components(separatedBy: c).count, oracle.components(separatedBy: c).count, "\(name) (\(language)): the hostile values added a raw \(c)")
                    }
                    XCTAssertFalse(html.contains("<script"), name)
                    XCTAssertFalse(html.contains("&amp;amp;lt;"), "\(name): escaped twice")
                    // Each value that reaches this page is there once escaped, never twice.
                    let found = Self.escaped.filter { html.contains($0) }
                    XCTAssertGreaterThanOrEqual(found.count, 3, "\(name): the hostile values reached the page (\(found.count) of them)")
                }
            }
        }
    }

    func testTheBuilderEscapesTextAndAttributesAndInsertsMarkup() {
        let name = "<b title=\"x\">O'Neil & Co</b>\u{0}"
        let cell: HTML = "<td title=\"\(name)\">\(name)</td>"
        XCTAssertEqual(cell.rendered, "<td title=\"&lt;b title=&quot;x&quot;&gt;O&#39;Neil &amp; Co&lt;/b&gt;\u{FFFD}\">&lt;b title=&quot;x&quot;&gt;O&#39;Neil &amp; Co&lt;/b&gt;\u{FFFD}</td>")
        let row: HTML = "<tr>\(cell)\([cell, cell])</tr>"
        XCTAssertEqual(row.rendered, "<tr>" + String(repeating: cell.rendered, count: 3) + "</tr>")
        XCTAssertEqual(["a", "b"].map { HTML("<i>\($0)</i>") }.joined(separator: " · ").rendered, "<i>a</i> · <i>b</i>")
        let numbers: HTML = "\(42) \(Int64(-7)) \(1.26, digits: 1)"
        XCTAssertEqual(numbers.rendered, "42 -7 1.3")
        WebLanguage.$words.withValue(WebLanguage.translator(.german)) {
            XCTAssertEqual(HTML("\(1.25, digits: 2)").rendered, "1,25")
        }
        XCTAssertEqual(HTML("\(CalendarDay(year: 2026, month: 3, day: 14))").rendered, "2026-03-14")
    }
}

import Analytics
import ClubProtocol
import ClubServerHTTP
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import TeamCore
import XCTest
@testable import ClubStorage
@testable import ClubWeb

/// The club's pages over a storage double (`WebStorage`, decision 091): the router renders what the storage's
/// protocols answer, plain values, with no database — a page of teams a double names, and every page answering a
/// page with one sentence and 503 (never a 500) when the storage is down.
final class WebStorageDoubleTests: XCTestCase {
    func testThePagesRenderWhatTheStorageAnswersAndA503PageWhenItIsDown() async throws {
        let storage = SignedInButDownStorage()
        let router = Router(context: ClubRequestContext.self)
        WebRoutes(storage: storage, tls: false).add(to: router)
        let app = Application(router: router, logger: storage.logger)
        let team = SignedInButDownStorage.team.uuidString.lowercased()
        try await app.test(.router) { client in
            let cookie: HTTPFields = [.cookie: "sideline_session=any"]
            let teams = try await client.execute(uri: "/teams", method: .get, headers: cookie)
            XCTAssertEqual(teams.status, .ok, String(buffer: teams.body))
            let html = String(buffer: teams.body)
            XCTAssertTrue(html.contains("<a href=\"/teams/\(team)\">&lt;i&gt;Lions&lt;/i&gt; &amp; Co</a>"), html)
            for uri in ["/sessions", "/sessions/\(team)", "/teams/\(team)", "/teams/\(team)/season", "/teams/\(team)/report",
                        "/teams/\(team)/drills?name=SSG", "/teams/\(team)/players/\(team)/erase", "/settings", "/kiosks", "/users", "/access-log"] {
                let page = try await client.execute(uri: uri, method: .get, headers: cookie)
                XCTAssertEqual(page.status, .serviceUnavailable, "\(uri): \(String(buffer: page.body))")
                XCTAssertTrue(String(buffer: page.body).contains("not reachable now"), "\(uri): \(String(buffer: page.body))")
            }
        }
    }
}

/// A storage that knows one signed-in admin and the club's teams (one named with markup), and is down for the rest.
struct SignedInButDownStorage: WebStorage {
    static let team = UUID(uuidString: "5A1B2C3D-0000-4000-8000-0000000000AA")!
    let user = WebUser(id: UUID(), club: UUID(), clubName: "Club", email: "admin@example.org", isAdmin: true, team: nil, csrfToken: "token")

    var logger: Logger {
        var logger = Logger(label: "signed-in-but-down-storage")
        logger.logLevel = .critical
        return logger
    }

    func down() -> ClubError { ClubError(.unavailable, "the club's database is not reachable now") }

    func webSession(cookie: String) async throws -> WebSessionStore.Lookup { .signedIn(user) }
    func teams(visibleTo user: WebUser) async throws -> (teams: [(uuid: UUID, name: String)], roster: ClubRoster) {
        ([(Self.team, "<i>Lions</i> & Co")], ClubRoster(teams: [:], players: [:], members: []))
    }

    func record(_ event: AccessEvent, by who: Accessor) async throws { throw down() }
    func signInDecision(email: String, address: String) async throws -> SignInLimit.Decision { throw down() }
    func signInFailed(email: String, address: String) async throws { throw down() }
    func signInSucceeded(email: String, address: String) async throws { throw down() }
    func credentials(email: String) async throws -> (club: UUID, user: UUID, passwordHash: String, disabled: Bool)? { throw down() }
    func startWebSession(user: UUID, club: UUID) async throws -> WebSessionStore.Started { throw down() }
    func endWebSession(cookie: String, club: UUID) async throws { throw down() }
    func setLanguage(_ language: String?, of user: WebUser) async throws { throw down() }
    func kiosks(club: UUID) async throws -> [ClubAccess.KioskRow] { throw down() }
    func apiTokens(club: UUID) async throws -> [ClubAccess.TokenRow] { throw down() }
    func users(club: UUID) async throws -> [ClubAccess.UserRow] { throw down() }
    func revoke(kiosk: UUID, club: UUID) async throws -> ClubAccess.Outcome { throw down() }
    func revoke(apiToken: UUID, club: UUID) async throws -> ClubAccess.Outcome { throw down() }
    func setDisabled(user: UUID, club: UUID, disabled: Bool) async throws -> ClubAccess.Outcome { throw down() }
    func accessLog(_ filter: AccessLog.Filter, before: Int64?, limit: Int, club: UUID) async throws -> (entries: [AccessLog.Entry], roster: ClubRoster) { throw down() }
    func team(_ team: UUID, visibleTo user: WebUser) async throws -> (name: String, roster: ClubRoster) { throw down() }
    func team(_ team: UUID, visibleTo user: WebUser, sessionsOf player: UUID) async throws -> (name: String, roster: ClubRoster, sessions: Int64) { throw down() }
    func applyEdits(_ changes: [WebRosterEdits.Change], by user: WebUser) async throws -> RosterEditsResult { throw down() }
    func photo(of player: UUID, team: UUID, visibleTo user: WebUser) async throws -> Data? { throw down() }
    func erase(player: UUID, by: String, club: UUID, loggedAs who: Accessor) async throws -> (erasure: PlayerErasure, sessions: Int) { throw down() }
    func writePlayerData(_ player: UUID, club: UUID, to folder: String) async throws -> String { throw down() }
    func sessionRows(visibleTo user: WebUser, session: UUID?, after: (startedMs: Int64, uuid: UUID)?, limit: Int) async throws -> [SessionListRow] { throw down() }
    func sessionDocument(_ session: UUID, club: UUID) async throws -> Data? { throw down() }
    func withSessionBundle<T: Sendable>(_ session: UUID, club: UUID, _ work: @escaping @Sendable (SessionBundle) async throws -> T) async throws -> T? { throw down() }
    func sessionsWithDrills(team: UUID, club: UUID) async throws -> [(uuid: UUID, startedMs: Int64)] { throw down() }
    func season(of team: UUID, visibleTo user: WebUser, zonesOn: [ClosedRange<CalendarDay>], comparisonOn: CalendarDay?) async throws
        -> (name: String, season: ClubSeason) { throw down() }
    func flagInputs(team: UUID, visibleTo user: WebUser, on day: CalendarDay) async throws
        -> (straps: [FlagInput.Strap], roster: ClubRoster, dismissed: Set<String>) { throw down() }
    func dismissFlag(_ key: String, kind: FlagKind, team: UUID, on day: CalendarDay, by user: WebUser) async throws { throw down() }
    func settings(club: UUID) async throws -> ClubSettings { throw down() }
    func saveSettings(_ values: [String: String], by user: WebUser) async throws -> RosterEditsResult? { throw down() }
}

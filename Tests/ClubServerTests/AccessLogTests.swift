import ClubProtocol
import Foundation
import TeamCore
import XCTest
@testable import ClubStorage
@testable import ClubWeb

/// What the access log says of a web edit, and the page's filter as typed (decision 071): fields, never
/// values; a player by digest; a bad filter refused in a sentence.
final class AccessLogTests: XCTestCase {
    let team = UUID(uuidString: "a8d0c7a4-5f0e-4d7e-9c7e-6a1f3f7e2b11")!
    let player = UUID(uuidString: "6f9619ff-8b86-4011-b42d-00c04fc964ff")!

    func testAnEditIsLoggedByItsFieldsAndThePlayersDigest() {
        let key = player.uuidString.lowercased()
        let events = WebRosterEdits.accessEvents([
            (.player, key, "firstName", .string("Mia")), (.player, key, "weightKg", .number(58.5)),
            (.membership, RosterSchema.membershipKey(team: team, player: player), "shirtNumber", .integer(7)),
            (.settings, "club", "retentionMonths", .string("12")),
        ])
        XCTAssertEqual(events, [
            .change("player edited: firstName, weightKg", player: player),
            .change("membership edited: shirtNumber", team: team, player: player),
            .change("settings edited: retentionMonths"),
        ])
        XCTAssertEqual(events[0].playerDigest, PlayerErasure.digest(playerUUID: player))
        XCTAssertFalse(events.contains { $0.action.contains("Mia") || $0.action.contains("58") })
    }

    func testTheFilterAsTypedOrASentence() throws {
        var query = WebAccessLogPage.Query.empty
        query.user = "none"
        query.player = player.uuidString
        query.kind = "download"
        query.from = "2026-03-01"
        query.to = "2026-03-31"
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let filter = try query.filter(in: utc)
        XCTAssertEqual(filter.who, .noUser)
        XCTAssertEqual(filter.playerDigest, PlayerErasure.digest(playerUUID: player))
        XCTAssertEqual(filter.kind, .download)
        XCTAssertEqual(filter.from, Date(timeIntervalSince1970: 1_772_323_200))  // 2026-03-01T00:00Z
        XCTAssertEqual(filter.until, Date(timeIntervalSince1970: 1_775_001_600), "the whole last day: before 2026-04-01T00:00Z")
        for (field, value) in [("user", "someone"), ("player", "Mia"), ("kind", "delete"), ("from", "yesterday"), ("to", "2026-02-30")] {
            var bad = query
            switch field {
            case "user": bad.user = value
            case "player": bad.player = value
            case "kind": bad.kind = value
            case "from": bad.from = value
            default: bad.to = value
            }
            XCTAssertThrowsError(try bad.filter(in: utc), field) { XCTAssertEqual(($0 as? ClubError)?.kind, .badRequest) }
        }
        XCTAssertEqual(query.link(before: 42), "/access-log?user=none&player=\(player.uuidString)&kind=download&from=2026-03-01&to=2026-03-31&before=42")
    }
}

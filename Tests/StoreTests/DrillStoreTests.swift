import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// `drill` and `session_drill` (v27): a team's library, a session's drills kept once, refused whole.
final class DrillStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    func testTheLibraryRefusesATwinWhateverItsCase() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        try store.addDrill(teamID: team.id, name: " SSG 4v4 ", plannedMinutes: 8)
        XCTAssertThrowsError(try store.addDrill(teamID: team.id, name: "ssg 4V4")) {
            XCTAssertEqual("\($0)", "the team has a drill named 'SSG 4v4' already; nothing was changed")
        }
        XCTAssertThrowsError(try store.addDrill(teamID: team.id, name: "Rondo", plannedMinutes: 121))
        XCTAssertEqual(try store.drills(teamID: team.id).map(\.name), ["SSG 4v4"])
    }

    func testASessionsDrillsAreKeptUnderTheLibrarysNamesOrRefusedWhole() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        let mia = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 7)
        let end = Date()
        let started = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: nil)],
                                             plannedDurationMs: 600_000, at: end.addingTimeInterval(-600))
        try store.endSession(started.id, at: end)
        let session = try store.session(1)
        try store.addDrill(teamID: session.teamID, name: "Warm-up")
        let effort = try XCTUnwrap(session.recordedMs)
        XCTAssertEqual(effort, 600_000)
        XCTAssertThrowsError(try store.recordDrills(1, [DrillStart(name: "x", startMs: 0), DrillStart(name: "y", startMs: effort + 1)]))
        XCTAssertThrowsError(try store.recordDrills(1, [DrillStart(name: String(repeating: "é", count: 5_000), startMs: 0)]))
        XCTAssertEqual(try store.sessionDrills(1), [])
        XCTAssertEqual(try store.drills(teamID: session.teamID).count, 1, "nothing added by a refusal")
        let kept = try store.recordDrills(1, [DrillStart(name: "Rondo", startMs: effort / 2), DrillStart(name: "warm-UP", startMs: 0)])
        XCTAssertEqual(kept.added, ["Rondo"])
        XCTAssertEqual(try store.sessionDrills(1), [DrillStart(name: "Warm-up", startMs: 0), DrillStart(name: "Rondo", startMs: effort / 2)])
        XCTAssertEqual(try store.sessionIDs(teamID: session.teamID, withDrill: "RONDO"), [1])
        XCTAssertThrowsError(try store.recordDrills(1, [DrillStart(name: "Warm-up", startMs: 0)]), "a session keeps its drills")
        try store.deleteSession(1)
        XCTAssertEqual(try store.sessionDrills(1), [])
    }
}

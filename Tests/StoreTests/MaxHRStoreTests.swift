import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// An HRmax found in the data (v22): accepted into the player's measured HRmax — the next session's
/// snapshot, not an earlier one's — or turned down, and then not suggested again up to that value.
final class MaxHRStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    func testAnAcceptedHRmaxIsTheNextSessionsAndNotTheLastOnes() throws {
        let store = try fixture.openWithASession()
        let mia = try XCTUnwrap(store.roster(teamID: 1).first?.playerID)
        let before = try XCTUnwrap(store.sessionPlayers(1).first?.physiology)
        XCTAssertEqual(before.maxSource, .tanaka)
        try store.setMeasuredMaxHR(playerID: mia, bpm: 203)
        XCTAssertEqual(try store.player(id: mia)?.measuredMaxHR, 203)
        XCTAssertEqual(try store.sessionPlayers(1).first?.physiology, before, "the session keeps the physiology it was recorded with")
        let next = try store.startSession(teamID: 1, participants: [Participant(playerID: mia, strapID: nil)], plannedDurationMs: 60_000,
                                          zoneModel: .percentOfMax, formula: .tanaka, at: Date())
        let physiology = try XCTUnwrap(store.sessionPlayers(next.id).first?.physiology)
        XCTAssertEqual(physiology.maxHR, 203)
        XCTAssertEqual(physiology.maxSource, .measured)
    }

    func testAnHRmaxOutsideThePlayersRangeOrOfNoPlayerIsRefused() throws {
        let store = try fixture.openWithASession()
        XCTAssertThrowsError(try store.setMeasuredMaxHR(playerID: 1, bpm: 241))
        XCTAssertThrowsError(try store.setMeasuredMaxHR(playerID: 99, bpm: 200)) { XCTAssertEqual($0 as? StoreError, .unknownPlayer(99)) }
        XCTAssertNil(try store.player(id: 1)?.measuredMaxHR)
    }

    func testATurnedDownHRmaxOnlyRises() throws {
        let store = try fixture.openWithASession()
        XCTAssertEqual(try store.dismissedMaxHR(playerIDs: [1]), [:])
        try store.dismissMaxHR(playerID: 1, bpm: 201)
        try store.dismissMaxHR(playerID: 1, bpm: 197)
        XCTAssertEqual(try store.dismissedMaxHR(playerIDs: [1, 2]), [1: 201], "turning down less does not lower it")
        try store.dismissMaxHR(playerID: 1, bpm: 204)
        XCTAssertEqual(try store.dismissedMaxHR(playerIDs: [1]), [1: 204])
    }
}

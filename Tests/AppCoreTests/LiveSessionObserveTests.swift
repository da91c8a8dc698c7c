@testable import AppCore
import TeamCore
import XCTest

/// An event reaches its wearer's tile through the session's index from strap to tile, and no other
/// tile; a player given two tiles (no screen makes one, but nothing forbids it) gets both.
final class LiveSessionObserveTests: XCTestCase {
    func tile(_ playerID: Int64) -> LiveTile {
        LiveTile(playerID: playerID, name: "P\(playerID)", shirtNumber: Int(playerID),
                 physiology: Physiology(player: AppFixture.player("P\(playerID)"), year: 2026))
    }

    func event(strap: StrapIndex, bpm: UInt16 = 150) -> SensorEvent {
        SensorEvent(strap: strap, timestampNs: 1_000_000_000, kind: .measurement, bpm: bpm, contact: .detected)
    }

    func testAnEventReachesOnlyItsWearersTile() {
        // Tiles in another order than the lineup, a player without a strap, a strap far down the table.
        let lineup = Lineup([.init(playerID: 1, strapID: 10, strapIndex: 7), .init(playerID: 2, strapID: nil, strapIndex: nil),
                             .init(playerID: 3, strapID: 30, strapIndex: 0)])
        var live = LiveSession(plannedMs: nil, startMs: 0, lineup: lineup, tiles: [tile(3), tile(2), tile(1)])
        live.observe(event(strap: 7), previous: nil, settings: KioskSettings())
        XCTAssertEqual(live.tiles.map(\.hasReading), [false, false, true])
        XCTAssertEqual(live.tiles[2].recent.points.map(\.bpm), [150])
        live.observe(event(strap: 0, bpm: 90), previous: nil, settings: KioskSettings())
        XCTAssertEqual(live.tiles.map(\.hasReading), [true, false, true])
        for strap: StrapIndex in [1, 8, 500] { live.observe(event(strap: strap), previous: nil, settings: KioskSettings()) }
        XCTAssertEqual(live.tiles.map(\.recent.points.count), [1, 0, 1], "straps nobody in the session wears reach no tile")
    }

    func testAPlayerWithTwoTilesGetsTheReadingOnBoth() {
        let lineup = Lineup([.init(playerID: 1, strapID: 10, strapIndex: 0), .init(playerID: 2, strapID: 20, strapIndex: 1)])
        var live = LiveSession(plannedMs: nil, startMs: 0, lineup: lineup, tiles: [tile(1), tile(2), tile(1)])
        live.observe(event(strap: 0), previous: nil, settings: KioskSettings())
        XCTAssertEqual(live.tiles.map(\.hasReading), [true, false, true])
    }

    func testTilesPutInAnotherOrderStillFollowTheirStraps() {
        let lineup = Lineup([.init(playerID: 1, strapID: 10, strapIndex: 0), .init(playerID: 2, strapID: 20, strapIndex: 1)])
        var live = LiveSession(plannedMs: nil, startMs: 0, lineup: lineup, tiles: [tile(1), tile(2)])
        live.tiles.reverse()
        live.observe(event(strap: 0), previous: nil, settings: KioskSettings())
        XCTAssertEqual(live.tiles.map { $0.hasReading ? $0.playerID : 0 }, [0, 1])
    }
}

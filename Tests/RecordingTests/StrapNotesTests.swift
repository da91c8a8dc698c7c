import Foundation
import Recording
import SensorCore
import SensorSimulation
import SPSCRing
import Store
import TeamCore
import Synchronization
import XCTest

/// The strap list's notes, as the kiosk and `record` both keep them: sightings dated on the wall
/// clock against their own strap, and what straps said of themselves, over a real store.
final class StrapNotesTests: TemporaryFolderTestCase {
    private func straps(_ store: SidelineStore) throws -> [String: Strap] {
        Dictionary(uniqueKeysWithValues: try store.strapOverviews().map { ($0.strap.address, $0.strap) })
    }

    func testSightingsBecomeNotesOfTheirOwnStrapDatedFromTheClockReading() throws {
        let store = try SidelineStore(path: folder + "/n.sqlite")
        let a = try store.strap(address: "C0:FF:EE:00:00:0A", name: "A")
        let b = try store.strap(address: "C0:FF:EE:00:00:0B", name: "B")
        var sightings = StrapSightings()
        // Index 3 is A's, index 7 is B's; index 1 is nobody's.
        sightings.observe(SensorEvent(strap: 3, timestampNs: 1_000_000_000, kind: .measurement, bpm: 120, contact: .detected))
        sightings.observe(SensorEvent(strap: 3, timestampNs: 1_500_000_000, kind: .battery, battery: 77))
        sightings.observe(SensorEvent(strap: 7, timestampNs: 3_250_000_000, kind: .measurement, bpm: 99, contact: .detected))
        sightings.observe(SensorEvent(strap: 1, timestampNs: 3_000_000_000, kind: .measurement, bpm: 80, contact: .detected))
        let ids: [StrapIndex: Int64] = [3: a.id, 7: b.id]
        let wall = Date(timeIntervalSince1970: 1_773_509_400)
        // 4 s on the app's clock was `wall`.
        try StrapNotes.note(&sightings, in: store, strapID: { ids[$0] }, clockNs: 4_000_000_000, date: wall)
        let noted = try straps(store)
        XCTAssertEqual(noted[a.address]?.lastSeen, wall.addingTimeInterval(-2.5), "last heard 2.5 s before the reading")
        XCTAssertEqual(noted[a.address]?.lastBattery, 77)
        XCTAssertEqual(noted[b.address]?.lastSeen, wall.addingTimeInterval(-0.75))
        XCTAssertNil(noted[b.address]?.lastBattery, "B reported no battery")
        XCTAssertEqual(noted.count, 2, "nobody's strap index adds no strap")
        XCTAssertTrue(sightings.pending.isEmpty, "taken")
    }

    func testWhatStrapsSaidOfThemselvesIsKeptOnce() throws {
        let store = try SidelineStore(path: folder + "/n.sqlite")
        let strap = try store.strap(address: "C0:FF:EE:00:00:0A", name: "A")
        let source = DescribingSource([StrapDescription(address: strap.address.lowercased(), bodyLocation: "chest", manufacturer: "Polar Electro Oy")])
        XCTAssertTrue(try StrapNotes.keepDescriptions(from: source, in: store))
        let kept = try XCTUnwrap(try straps(store)[strap.address])
        XCTAssertEqual(kept.bodyLocation, "chest")
        XCTAssertEqual(kept.manufacturer, "Polar Electro Oy")
        XCTAssertFalse(try StrapNotes.keepDescriptions(from: source, in: store), "nothing new since")
        let simulated = SteppedSimulatedSource(team: SimulatedTeam(count: 1, seed: 1), seed: 1)
        XCTAssertFalse(try StrapNotes.keepDescriptions(from: simulated, in: store), "simulated straps say nothing of themselves")
    }
}

/// A source whose straps have described themselves once (the Bluetooth sources' side of `StrapDescribing`).
private final class DescribingSource: SensorSource, StrapDescribing {
    private let fresh: Mutex<[StrapDescription]>
    init(_ described: [StrapDescription]) { fresh = Mutex(described) }
    func nowNs() -> UInt64 { 0 }
    func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {}
    func stop() {}
    func takeStrapDescriptions() -> [StrapDescription] { fresh.withLock { taken in defer { taken = [] }; return taken } }
}

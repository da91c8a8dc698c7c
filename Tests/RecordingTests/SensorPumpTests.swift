import Recording
import SensorCore
import SensorSimulation
import SPSCRing
import Synchronization
import TeamCore
import XCTest

/// The one reader of the ring: events reach the recorder before anyone else, on the app's clock,
/// and a switch of sources neither loses the old source's last events nor moves the clock back.
final class SensorPumpTests: XCTestCase {
    private func team(_ count: Int) -> SimulatedTeam { SimulatedTeam(count: count, seed: 3) }

    func testEveryEventIsHandedOnOnceInOrder() throws {
        let source = SteppedSimulatedSource(team: team(2), seed: 3)
        let pump = SensorPump(source: source, ringCapacity: 1024)
        try pump.start(straps: team(2).strapTable, wake: {})
        source.advance(byNs: 5_000_000_000)
        var seen: [SensorEvent] = []
        pump.pump { seen.append($0) }
        XCTAssertGreaterThan(seen.count, 8, "two straps, five seconds")
        XCTAssertTrue(zip(seen, seen.dropFirst()).allSatisfy { $0.timestampNs <= $1.timestampNs || $0.strap != $1.strap })
        var again = 0
        pump.pump { _ in again += 1 }
        XCTAssertEqual(again, 0, "drained once")
    }

    func testASwitchPumpsTheOldSourcesLastEventsAndTheClockGoesOn() throws {
        let first = SteppedSimulatedSource(team: team(2), seed: 3)
        let pump = SensorPump(source: first, ringCapacity: 1024)
        let straps = team(2).strapTable
        try pump.start(straps: straps, wake: {})
        first.advance(byNs: 30_000_000_000)
        XCTAssertEqual(pump.nowNs, 30_000_000_000)
        var beforeSwitch: [SensorEvent] = []
        let second = SteppedSimulatedSource(team: team(2), seed: 3) // its own clock starts at 0
        try pump.switchSource(to: second, straps: straps, wake: {}) { beforeSwitch.append($0) }
        XCTAssertFalse(beforeSwitch.isEmpty, "the old source's last events are handed on, not dropped")
        XCTAssertTrue(beforeSwitch.allSatisfy { $0.timestampNs <= 30_000_000_000 })
        XCTAssertEqual(pump.nowNs, 30_000_000_000, "no jump back to the new source's zero")
        second.advance(byNs: 2_000_000_000)
        var after: [SensorEvent] = []
        pump.pump { after.append($0) }
        XCTAssertFalse(after.isEmpty)
        XCTAssertTrue(after.allSatisfy { $0.timestampNs >= 30_000_000_000 && $0.timestampNs <= 32_000_000_000 },
                      "the new source's events on the app's clock")
    }

    func testASourceThatCannotStartLeavesTheOldOneRunning() throws {
        let first = SteppedSimulatedSource(team: team(1), seed: 3)
        let pump = SensorPump(source: first, ringCapacity: 64)
        let straps = team(1).strapTable
        try pump.start(straps: straps, wake: {})
        first.advance(byNs: 10_000_000_000)
        pump.pump()
        XCTAssertThrowsError(try pump.switchSource(to: Unstartable(), straps: straps, wake: {}) { _ in })
        XCTAssertTrue(pump.source === first)
        XCTAssertEqual(pump.nowNs, 10_000_000_000, "the old source's clock restarted, the app's did not")
        first.advance(byNs: 3_000_000_000)
        var events = 0
        pump.pump { _ in events += 1 }
        XCTAssertGreaterThan(events, 0, "it runs again")
    }

    /// Pairing grows the pump's table by the straps it lacks, and the source hears of those only: an
    /// address heard again keeps its index, so no row of a worker stands for a strap twice.
    func testPairingAppendsOnlyWhatTheTableLacksAndTellsTheSource() throws {
        let source = Pairable()
        let pump = SensorPump(source: source, ringCapacity: 64)
        let first = StrapSlot(strapID: 1, address: "A0:00:00:00:00:01", name: "one")
        try pump.start(straps: StrapTable([first]), wake: {})
        let second = StrapSlot(strapID: 2, address: "A0:00:00:00:00:02", name: "two")
        let againInOtherCase = StrapSlot(strapID: 1, address: "a0:00:00:00:00:01", name: "one")
        XCTAssertEqual(try pump.addStraps([againInOtherCase, second, second]), [second])
        XCTAssertEqual(source.added, [[second]])
        XCTAssertEqual(pump.straps.map(\.strapID), [1, 2])
        XCTAssertEqual(pump.straps.index(ofAddress: second.address), 1)
        XCTAssertEqual(try pump.addStraps([first, second]), [], "nothing new")
        XCTAssertEqual(source.added.count, 1, "the source is not told of straps it has")
        source.refuses = true
        let third = StrapSlot(strapID: 3, address: "A0:00:00:00:00:03", name: "three")
        XCTAssertThrowsError(try pump.addStraps([third]))
        XCTAssertEqual(pump.straps.count, 2, "refused by the source: the table stays as it was")
    }

    /// A source that remembers the straps it was handed while running (as a Bluetooth source queues them).
    private final class Pairable: SensorSource {
        private let state = Mutex((added: [[StrapSlot]](), refuses: false))
        var added: [[StrapSlot]] { state.withLock { $0.added } }
        var refuses: Bool {
            get { state.withLock { $0.refuses } }
            set { state.withLock { $0.refuses = newValue } }
        }
        func nowNs() -> UInt64 { 0 }
        func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {}
        func stop() {}
        func addStraps(_ straps: [StrapSlot]) throws {
            try state.withLock { s in
                if s.refuses { throw SensorSourceError("not a Bluetooth address") }
                s.added.append(straps)
            }
        }
    }

    /// A Bluetooth source whose adapter is busy.
    private final class Unstartable: SensorSource {
        func nowNs() -> UInt64 { 77 }
        func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
            throw SensorSourceError("hci0 is busy")
        }
        func stop() {}
    }
}

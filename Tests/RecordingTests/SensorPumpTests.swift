import Recording
import SensorHub
import SPSCRing
import TeamCore
import XCTest

/// The one reader of the ring: events reach the recorder before anyone else, on the app's clock,
/// and a switch of sources neither loses the old source's last events nor moves the clock back.
final class SensorPumpTests: XCTestCase {
    private func team(_ count: Int) -> SimulatedTeam { SimulatedTeam(count: count, seed: 3) }

    func testEveryEventIsHandedOnOnceInOrder() throws {
        let source = SteppedSimulatedSource(team: team(2), seed: 3)
        let pump = SensorPump(source: source, ringCapacity: 1024)
        try pump.start(straps: team(2).members.map(\.strap), wake: {})
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
        let straps = team(2).members.map(\.strap)
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
        let straps = team(1).members.map(\.strap)
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

    /// A Bluetooth source whose adapter is busy.
    private final class Unstartable: SensorSource {
        func nowNs() -> UInt64 { 77 }
        func start(straps: [StrapAddress], ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
            throw SensorSourceError("hci0 is busy")
        }
        func stop() {}
    }
}

import Atomics
import SensorCore
import SPSCRing
import Synchronization
import TeamCore
import XCTest

/// What the protocol asks of every source, and leaves alone for those that need not act.
final class SensorSourceDefaultsTests: XCTestCase {
    /// Sources of real straps need not do anything: the protocol's defaults leave their readings as
    /// they are (what the straps measured), report no problem and take any wanted set.
    func testTheDefaultsLeaveARealStrapsReadingsAlone() throws {
        /// Implements only what the protocol requires: each `emit` pushes the strap's next reading.
        final class Strap: SensorSource {
            let emitted = ManagedAtomic<UInt16>(0)
            private let target = Mutex<SPSCRing<SensorEvent>?>(nil)
            func nowNs() -> UInt64 { UInt64(emitted.load(ordering: .relaxed)) * 1_000_000_000 }
            func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
                target.withLock { $0 = ring }
            }
            func stop() { target.withLock { $0 = nil } }
            func emit() {
                let n = emitted.wrappingIncrementThenLoad(ordering: .relaxed)
                let event = SensorEvent(strap: 0, timestampNs: nowNs(), kind: .measurement, bpm: 100 + n, contact: .detected)
                _ = target.withLock { $0 }?.push(event)
            }
        }
        func readings(resting: Bool) throws -> [UInt16] {
            let source = Strap(), ring = SPSCRing<SensorEvent>(capacity: 64)
            try source.start(straps: StrapTable([StrapSlot(strapID: 1, address: "AA:BB:CC:DD:EE:FF", name: "H10")]), ring: ring, wake: {})
            for i in 0..<10 {
                if resting && i == 5 { source.setWorkload(.resting, atNs: source.nowNs()) }
                source.emit()
            }
            var bpm: [UInt16] = []
            ring.drain { bpm.append($0.bpm) }
            return bpm
        }
        XCTAssertEqual(try readings(resting: true), try readings(resting: false))
        XCTAssertEqual(try readings(resting: true), Array(101...110))
        let strap = Strap()
        XCTAssertNil(strap.problem())
        XCTAssertNoThrow(try strap.addStraps([StrapSlot(strapID: 2, address: "AA:BB:CC:DD:EE:00", name: "H9")]))
        strap.setWanted(.only([0]))
        XCTAssertEqual(strap.emitted.load(ordering: .relaxed), 0, "nothing asked of it produced a reading")
    }
}

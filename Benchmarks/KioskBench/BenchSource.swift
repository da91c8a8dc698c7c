import Foundation
import Kiosk
import SensorCore
import SPSCRing
import TeamCore

/// A real-time source for the latency benchmark: every strap notifies once a
/// second (random phase) with the wall clock as timestamp, like a BLE worker.
final class BenchSource: SensorSource {
    private let thread = WorkerThread()

    func nowNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        let count = straps.count
        thread.start(name: "sideline.bench") { shouldStop in
            var generator = SystemRandomNumberGenerator()
            let start = DispatchTime.now().uptimeNanoseconds
            var next = (0..<count).map { _ in start + UInt64.random(in: 0..<1_000_000_000, using: &generator) }
            var bpm = (0..<count).map { _ in Double.random(in: 90...170, using: &generator) }
            while !shouldStop() {
                let now = DispatchTime.now().uptimeNanoseconds
                var pushed = false
                for i in 0..<count where next[i] <= now {
                    bpm[i] = min(195, max(60, bpm[i] + Double.random(in: -3...3, using: &generator)))
                    var event = SensorEvent(strap: StrapIndex(position: i), timestampNs: DispatchTime.now().uptimeNanoseconds, kind: .measurement,
                                            bpm: UInt16(bpm[i]), contact: .detected, battery: 80)
                    event.appendRR(UInt16(60 / bpm[i] * 1024))
                    ring.push(event)
                    next[i] += 1_000_000_000
                    pushed = true
                }
                if pushed { wake() }
                usleep(1000)
            }
        }
    }

    func stop() { thread.stop() }
}

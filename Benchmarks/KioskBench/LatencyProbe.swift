import Kiosk
import TeamCore

/// Ring-to-frame latency: from an event's timestamp to the end of the present that first shows it.
final class LatencyProbe: KioskObserver {
    private var pending: [UInt64] = []
    private(set) var samplesNs: [UInt64] = []

    func pumped(_ event: SensorEvent) { pending.append(event.timestampNs) }

    func presented(atNs now: UInt64) {
        for t in pending where now >= t { samplesNs.append(now - t) }
        pending.removeAll(keepingCapacity: true)
    }
}

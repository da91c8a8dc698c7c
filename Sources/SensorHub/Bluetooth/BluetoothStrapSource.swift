import Foundation
import SensorCore
import TeamCore

/// Heart rates over Bluetooth LE, whichever host drives the radio: Sideline's own HCI host
/// (`BluetoothSource`) or bluetoothd over D-Bus (`BlueZDBusSource`). Both put the same facade
/// before their worker thread — requests posted to it, news read from it, through the boards they
/// share with it — and that part is here once. What differs is how each starts, scans and stops.
public protocol BluetoothStrapSource: StrapDiscovering, StrapDescribing {
    var boards: StrapSourceBoards { get }
}

extension BluetoothStrapSource {
    /// Both workers stamp events on the machine's monotonic clock.
    public func nowNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    public var counters: BluetoothCounters { boards.counters }

    /// Straps heard in the last `maxAgeSeconds` while discovery is on, strongest signal first.
    public func nearbyStraps(maxAgeSeconds: Double = 10) -> [NearbyStrap] {
        boards.discovery.snapshot(nowNs: nowNs(), maxAgeNs: UInt64(maxAgeSeconds * 1e9))
    }

    /// What went wrong with discovery during pairing (bluetoothd stopped it or never ran it); nil when nothing is known to have.
    public var discoveryProblem: String? { boards.discovery.problem }

    /// Whether the strap at this index of the source's table was heard since the source started.
    public func wasHeard(_ strap: StrapIndex) -> Bool { boards.sightings.wasHeard(strap) }

    public func addStraps(_ straps: [StrapSlot]) throws { try boards.inbox.add(straps) }

    public func setWanted(_ straps: StrapSelection) { boards.wanted.set(straps) }

    public func problem() -> String? { boards.status.summary }

    public func takeStrapDescriptions() -> [StrapDescription] { boards.descriptions.take() }
}

import Atomics

/// What the Bluetooth worker counted; readable from any thread (benchmarks, `scan`, logs).
public final class BluetoothCounters: Sendable {
    public enum Counter: Int, CaseIterable, Sendable {
        case adverts, notifications, malformed, staleBroadcasts, connectFailures, disconnects, ringDrops
        /// RR intervals past the nine a `SensorEvent` carries (a strap on a large MTU can send more).
        case rrDropped
    }
    private let values: [ManagedAtomic<Int>] = Counter.allCases.map { _ in ManagedAtomic(0) }

    public init() {}

    func add(_ counter: Counter, _ n: Int = 1) { values[counter.rawValue].wrappingIncrement(by: n, ordering: .relaxed) }

    public subscript(_ counter: Counter) -> Int { values[counter.rawValue].load(ordering: .relaxed) }
}

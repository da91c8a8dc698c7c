import Atomics

/// What the Bluetooth worker counted; readable from any thread (benchmarks, `scan`, logs).
public final class BluetoothCounters: Sendable {
    public enum Counter: Int, CaseIterable, Sendable {
        case adverts, notifications, malformed, staleBroadcasts, connectFailures, disconnects, ringDrops
    }
    private let values: [ManagedAtomic<Int>] = Counter.allCases.map { _ in ManagedAtomic(0) }

    public init() {}

    func add(_ counter: Counter) { values[counter.rawValue].wrappingIncrement(ordering: .relaxed) }

    public subscript(_ counter: Counter) -> Int { values[counter.rawValue].load(ordering: .relaxed) }
}

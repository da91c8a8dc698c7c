import BLEHost
import SensorCore
import Synchronization

/// Written by the worker when a strap describes itself, taken by the kiosk or `record` from
/// another thread.
public final class StrapDescriptionBoard: Sendable {
    private let fresh = Mutex<[String: StrapDescription]>([:])

    public init() {}

    func note(_ address: BDAddress, _ description: SensorDescription) {
        let text = address.description
        fresh.withLock {
            $0[text] = StrapDescription(address: text, bodyLocation: description.bodySensorLocation?.name,
                                        manufacturer: description.manufacturerName)
        }
    }

    public func take() -> [StrapDescription] {
        fresh.withLock { table in
            defer { table.removeAll() }
            return table.values.sorted { $0.address < $1.address }
        }
    }
}

import BLEHost
import Synchronization

/// What a strap said of itself when it connected — where it is worn and who made it —
/// by address, as the store keeps it. Names as people read them ("chest", "Polar Electro Oy").
public struct StrapDescription: Sendable, Equatable {
    public var address: String
    public var bodyLocation: String?
    public var manufacturer: String?

    public init(address: String, bodyLocation: String?, manufacturer: String?) {
        self.address = address
        self.bodyLocation = bodyLocation
        self.manufacturer = manufacturer
    }
}

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

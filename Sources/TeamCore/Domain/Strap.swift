import Foundation

/// A Bluetooth LE heart-rate strap, known by its address.
public struct Strap: Sendable, Equatable, Codable, Identifiable {
    /// The store's row id: the store creates a strap the first time it is heard or named.
    public var id: Int64
    /// "AA:BB:CC:DD:EE:FF", upper case; simulated straps use the same form.
    public var address: String
    public var name: String
    public var lastBattery: Int?
    public var lastSeen: Date?
    /// Where it says it is worn ("chest", "wrist"…), when it said so on connecting.
    public var bodyLocation: String?
    /// Its maker, as its Device Information service names it.
    public var manufacturer: String?
    /// The club's own name for it ("Box A 7"); nil: none, the advertised name stands.
    public var label: String?
    /// Its identity in the club: a UUID that follows from the address (`StrapIdentity`), so two
    /// kiosks that meet one strap agree; nil only for a strap made outside the store.
    public var uuid: UUID?

    public init(id: Int64, address: String, name: String, lastBattery: Int? = nil, lastSeen: Date? = nil,
                bodyLocation: String? = nil, manufacturer: String? = nil, label: String? = nil, uuid: UUID? = nil) {
        self.id = id
        self.address = address.uppercased()
        self.name = name
        self.lastBattery = lastBattery
        self.lastSeen = lastSeen
        self.bodyLocation = bodyLocation
        self.manufacturer = manufacturer
        self.label = label
        self.uuid = uuid
    }

    /// What lists call it: its label, else its advertised name.
    public var shownName: String { label ?? name }

    /// The longest label a strap can be given.
    public static let maxLabelLength = 16

    /// "chest · Polar Electro Oy", what it said of itself; nil when nothing.
    public var sensorText: String? {
        let parts = [bodyLocation, manufacturer].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// True for a well-formed 48-bit address written as six colon-separated hex bytes.
    public static func isValidAddress(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy { $0.count == 2 && UInt8($0, radix: 16) != nil }
    }
}

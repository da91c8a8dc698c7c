import Foundation

/// A Bluetooth LE heart-rate strap, known by its address.
public struct Strap: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64?
    /// "AA:BB:CC:DD:EE:FF", upper case; simulated straps use the same form.
    public var address: String
    public var name: String
    public var lastBattery: Int?
    public var lastSeen: Date?

    public init(id: Int64? = nil, address: String, name: String, lastBattery: Int? = nil, lastSeen: Date? = nil) {
        self.id = id
        self.address = address.uppercased()
        self.name = name
        self.lastBattery = lastBattery
        self.lastSeen = lastSeen
    }

    /// True for a well-formed 48-bit address written as six colon-separated hex bytes.
    public static func isValidAddress(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy { $0.count == 2 && UInt8($0, radix: 16) != nil }
    }
}

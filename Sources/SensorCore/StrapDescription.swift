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

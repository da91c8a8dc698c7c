/// One strap of a `StrapTable`: the stored strap, by its id, and the address a source listens for.
/// Its place in the table is the `StrapIndex` its events carry.
public struct StrapSlot: Sendable, Equatable {
    public var strapID: Int64
    /// "AA:BB:CC:DD:EE:FF", upper case, as the store keeps it.
    public var address: String
    public var name: String

    public init(strapID: Int64, address: String, name: String) {
        self.strapID = strapID
        self.address = address.uppercased()
        self.name = name
    }

    /// A stored strap as a table's entry, named as the screens show it (the club's label, else its own name).
    public init(_ strap: Strap) { self.init(strapID: strap.id, address: strap.address, name: strap.shownName) }
}

/// A strap's address and the name it goes by before a store registers it (and a `StrapTable`
/// numbers it): what a simulated team's member wears.
public struct StrapAddress: Sendable, Equatable, Hashable {
    public var address: String
    public var name: String
    public init(address: String, name: String) {
        self.address = address.uppercased()
        self.name = name
    }
}

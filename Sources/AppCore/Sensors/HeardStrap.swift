import TeamCore

/// One strap in a discovery scan, by its index in the strap table.
public struct HeardStrap: Sendable, Equatable {
    public var strapIndex: StrapIndex
    public var rssi: Int
    public var battery: Int?
    /// Accepts a connection or broadcasts its heart rate: usable. A strap that does
    /// neither is usually held by a phone app or a watch.
    public var usable: Bool
    public init(strapIndex: StrapIndex, rssi: Int, battery: Int?, usable: Bool = true) {
        self.strapIndex = strapIndex
        self.rssi = rssi
        self.battery = battery
        self.usable = usable
    }
}

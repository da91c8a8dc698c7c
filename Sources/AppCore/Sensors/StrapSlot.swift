import TeamCore

/// One entry of the strap table the sensor source listens to; its position is `SensorEvent.strap`.
public struct StrapSlot: Sendable, Equatable {
    public var strapID: Int64
    public var address: String
    public var name: String
    public init(strapID: Int64, address: String, name: String) {
        self.strapID = strapID
        self.address = address
        self.name = name
    }
}

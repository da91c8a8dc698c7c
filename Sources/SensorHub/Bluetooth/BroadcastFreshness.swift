import HeartRateProtocol

/// Rejects stale broadcasts: a strap taken off keeps advertising its last value
/// for minutes. A value counts only with skin contact and when the frame counter
/// moved since the last accepted one (or it is the first heard).
public struct BroadcastFreshness: Sendable {
    private var lastCounter: UInt8 = 0xFF

    public init() {}

    public mutating func accept(_ broadcast: PolarBroadcast) -> Bool {
        defer { lastCounter = broadcast.frameCounter }
        return broadcast.contact && broadcast.frameCounter != lastCounter
    }
}

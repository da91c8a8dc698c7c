/// The wall-clock times a club record may carry, in Unix ms: 2000-01-01 to 2100-01-01 UTC. The wire's
/// ranges (`ClubProtocol.InputBounds`) and an erasure record are held to the same (decision 064).
public enum WallClockBounds {
    public static let unixMs: ClosedRange<Int64> = 946_684_800_000...4_102_444_800_000
}

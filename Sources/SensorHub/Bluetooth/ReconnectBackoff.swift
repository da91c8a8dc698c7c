/// Reconnect delays: immediately, then growing to at most 5 s, forever.
public enum ReconnectBackoff {
    static let delaysNs: [UInt64] = [0, 250_000_000, 500_000_000, 1_000_000_000, 2_000_000_000, 4_000_000_000, 5_000_000_000]

    public static var longestDelayNs: UInt64 { delaysNs[delaysNs.count - 1] }

    /// The delay before attempt number `failures + 1`.
    public static func delayNs(afterFailures failures: Int) -> UInt64 {
        delaysNs[min(max(failures, 0), delaysNs.count - 1)]
    }
}

import TeamCore

/// The session's elapsed and remaining time, with pauses left out.
public struct SessionClock: Sendable, Equatable {
    public var startMs: Int64
    public var plannedMs: Int64?
    public var pausedTotalMs: Int64 = 0
    public var pausedAtMs: Int64?

    public init(startMs: Int64, plannedMs: Int64?) {
        self.startMs = startMs
        self.plannedMs = plannedMs
    }

    public var isPaused: Bool { pausedAtMs != nil }

    public func elapsedMs(nowMs: Int64) -> Int64 {
        let end = pausedAtMs ?? nowMs
        return max(0, end - startMs - pausedTotalMs)
    }

    /// nil for an open-ended session.
    public func remainingMs(nowMs: Int64) -> Int64? {
        plannedMs.map { max(0, $0 - elapsedMs(nowMs: nowMs)) }
    }

    public mutating func pause(atMs t: Int64) {
        if pausedAtMs == nil { pausedAtMs = t }
    }

    public mutating func resume(atMs t: Int64) {
        guard let paused = pausedAtMs else { return }
        pausedTotalMs += max(0, t - paused)
        pausedAtMs = nil
    }

    /// "12:05" or "1:02:03".
    public static func format(_ ms: Int64) -> String {
        let s = max(0, ms) / 1000
        let h = s / 3600, m = s / 60 % 60, sec = s % 60
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(two(m)):\(two(sec))"
    }
}

/// A readiness check as the coach starts it: a short resting measurement of the whole team at once,
/// how long it lasts and the posture it is taken in (only checks in the same posture compare).
/// Recorded as a session of its own kind (tags `readiness` and the posture), so it is backed up,
/// exported and deleted like every session.
public struct ReadinessCheckPlan: Sendable, Equatable {
    /// 2 to 5 minutes: long enough for two settled minutes after the first one.
    public static let lengthsMs: [Int64] = [120_000, 180_000, 240_000, 300_000]
    public static let defaultLengthMs: Int64 = 180_000
    /// lnRMSSD comes from the clean RR of the check's last two minutes.
    public static let measuredMs: Int64 = 120_000

    public var lengthMs: Int64
    public var posture: SessionTags.Posture

    public init(lengthMs: Int64 = ReadinessCheckPlan.defaultLengthMs, posture: SessionTags.Posture = .sitting) {
        self.lengthMs = lengthMs
        self.posture = posture
    }

    /// The check's session tags.
    public var tags: SessionTags { .readinessCheck(posture: posture) }

    /// Whether a length (ms) is one a check may last.
    public static func allows(lengthMs: Int64) -> Bool {
        (lengthsMs.first!...lengthsMs.last!).contains(lengthMs)
    }
}

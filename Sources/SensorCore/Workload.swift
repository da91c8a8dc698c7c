/// How hard the players are working, for a source that models them (the simulation):
/// after a session's effort they rest, so the recovery minute records a falling heart rate.
public enum Workload: Sendable, Equatable {
    /// Following the session plan (warm-up, intervals).
    case training
    /// The effort is over, or an interval program's rest block: standing around, getting their breath back.
    case resting
    /// An interval program's work block: near their maximum.
    case sprinting
    /// Keeping still for a readiness check, lying or sitting: the heart settles to its resting rate.
    case still
}

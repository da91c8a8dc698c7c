import TeamCore

/// A phrase the kiosk says over an interval program (`Effect.speak`), when a voice is installed;
/// without one the program's tones carry it alone.
public enum SpokenCue: String, Sendable, Equatable, CaseIterable {
    /// The last work block begins.
    case lastInterval
    /// A minute of the program is left.
    case oneMinuteLeft

    /// The words, as the voice says them.
    public var text: String {
        switch self {
        case .lastInterval: "Last interval"
        case .oneMinuteLeft: "One minute left"
        }
    }
}

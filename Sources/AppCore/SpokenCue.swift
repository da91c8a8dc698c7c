import Localization
import TeamCore

/// A phrase the kiosk says over an interval program (`Effect.speak`), when a voice is installed;
/// without one the program's tones carry it alone.
public enum SpokenCue: String, Sendable, Equatable, CaseIterable {
    /// The last work block begins.
    case lastInterval
    /// A minute of the program is left.
    case oneMinuteLeft

    /// The words, as the voice says them (a message: said in the kiosk's language).
    public var text: String {
        switch self {
        case .lastInterval: N_("Last interval")
        case .oneMinuteLeft: N_("One minute left")
        }
    }
}

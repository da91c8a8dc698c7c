import TeamCore

/// Whether the kiosk can speak its cues: the shell looks for a voice when its sound starts and
/// tells the settings screen, which says so beside "Spoken cues".
public enum VoiceAvailability: Sendable, Equatable {
    /// Not looked for yet (the sound has not started).
    case unknown
    /// None installed: interval programs are tones only.
    case none
    /// The voice's name ("espeak-ng").
    case installed(String)
}

import TeamCore

/// The pages of the settings screen: zones, display, source and data on the first; the live
/// tiles' third line and the sounds on the second.
public enum SettingsPage: String, Sendable, Equatable {
    case general
    case tilesAndSound
}

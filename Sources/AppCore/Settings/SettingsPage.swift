import TeamCore

/// The pages of the settings screen: zones, display, source and data on the first; the live
/// tiles' third line and the sounds on the second; interval presets and challenges on the third.
public enum SettingsPage: String, Sendable, Equatable {
    case general
    case tilesAndSound
    /// The interval presets the lobby offers, how challenges are scored, spoken cues.
    case intervals
    /// This kiosk and the club server: join, status, Sync now, leave (`ClubSyncPage`).
    case clubSync
    /// The kiosk's language, each written in its own name (decision 080).
    case language
}

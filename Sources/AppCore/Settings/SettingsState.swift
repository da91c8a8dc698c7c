import TeamCore

/// The settings feature's state: the kiosk's settings, the PIN pad in front of them (and in front
/// of destructive actions elsewhere), which page of the screen shows, and what is known of backups.
public struct SettingsState: Sendable, Equatable {
    /// What the coach or club admin chose; every change is saved at once (`saveSettings`).
    public var values = KioskSettings()
    /// The PIN pad while it is open.
    public var pin: PinEntry?
    public var page = SettingsPage.general
    public var backups = BackupStatus()
    /// Whether spoken cues can be heard (the shell looks when its sound starts).
    public var voice = VoiceAvailability.unknown
    /// A backup from the stick is being put back (off the loop): the screen says so and takes no tap.
    public var restoring = false

    public init() {}
}

import TeamCore

/// What the settings screen says about backups: when the last one was written (and where), and
/// the newest backup on a USB stick that is in now, which "Restore from USB" would put back.
/// Lines are formatted by the shell, which knows the clock and the files.
public struct BackupStatus: Sendable, Equatable {
    public var lastBackup: String?
    public var stickBackup: String?
    public init(lastBackup: String? = nil, stickBackup: String? = nil) {
        self.lastBackup = lastBackup
        self.stickBackup = stickBackup
    }
}

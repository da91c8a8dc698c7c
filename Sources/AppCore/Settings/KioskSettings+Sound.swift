import TeamCore

extension KioskSettings {
    /// The sound to play, at the chosen volume; nil when sound is off (or only beeps are, for a beep).
    public func play(_ sound: Sound) -> Effect? {
        guard self.sound, sound == .buzzer || beeps else { return nil }
        return .playSound(sound, volumePercent: soundVolume)
    }
}

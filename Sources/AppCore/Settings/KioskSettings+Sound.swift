import TeamCore

extension KioskSettings {
    /// The sound to play, at the chosen volume; nil when sound is off (or only beeps are, for a beep).
    public func play(_ sound: Sound) -> Effect? {
        guard self.sound, sound == .buzzer || beeps else { return nil }
        return .playSound(sound, volumePercent: soundVolume)
    }

    /// An interval program's sound: its block changes and the beeps of each block's last seconds
    /// play whenever sound is on (they are the program; the beeps setting is the countdown's).
    public func playInterval(_ sound: Sound) -> Effect? {
        self.sound ? .playSound(sound, volumePercent: soundVolume) : nil
    }

    /// A spoken cue, when sound and spoken cues are on (the shell says it only if a voice is installed).
    public func say(_ cue: SpokenCue) -> Effect? {
        sound && spokenCues ? .speak(cue, volumePercent: soundVolume) : nil
    }
}

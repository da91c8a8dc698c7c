import Foundation
import KioskSound
import TeamCore

/// The kiosk's sounds through SDL audio. No audio device is not a fault: one line in the log, and
/// the kiosk goes on silent.
extension KioskApp {
    /// At start, when sound is on: the log says at once whether there is a device.
    func openSoundIfWanted() {
        if state.settings.sound { _ = soundOutput() }
    }

    /// The open device, opened on first use; nil (said once in the log) when there is none.
    func soundOutput() -> SoundOutput? {
        if let sound { return sound }
        guard !soundUnavailable else { return nil }
        do {
            let opened = try SoundOutput.open()
            // A real device is worth a journal line; the headless stand-ins (dummy, disk) only in debug,
            // so a headless run's stderr keeps to what went wrong.
            let standIn = ["dummy", "disk"].contains(opened.driver)
            Self.log.log(level: standIn ? .debug : .info, "sound through SDL's \(opened.driver) driver at \(opened.sampleRate) Hz")
            sound = opened
        } catch {
            soundUnavailable = true
            Self.log.warning("\(error); the kiosk goes on without sound")
        }
        return sound
    }

    func play(_ sound: Sound, volumePercent: Int) {
        soundOutput()?.play(sound, volumePercent: volumePercent)
    }

    /// Before SDL quits: what is queued (a buzzer at the very end) plays out, then the device closes.
    func closeSound() {
        sound?.close()
        sound = nil
    }
}

import AppCore
import TeamCore

/// Where the kiosk's sounds go: SDL audio in the shell (`SDLSpeaker`), a list in tests. The runtime
/// says when; the speaker knows how.
public protocol KioskSpeaker: AnyObject {
    /// At start, when sound is on: open the device now, so the log says at once whether there is one.
    func prepare()
    func play(_ sound: Sound, volumePercent: Int)
    /// Before the process ends: what is queued (a buzzer at the very end) plays out, then the device closes.
    func close()
}

import AppCore
import TeamCore

/// Where the kiosk's sounds go: SDL audio in the shell (`SDLSpeaker`), a list in tests. The runtime
/// says when; the speaker knows how.
public protocol KioskSpeaker: AnyObject {
    /// At start, when sound is on: open the device now, so the log says at once whether there is one,
    /// and look for a voice (its phrases are made off the loop when first needed).
    func prepare()
    func play(_ sound: Sound, volumePercent: Int)
    /// A spoken cue, if a voice is installed: now if its phrase is ready, else once `poll` finds it made,
    /// if that is soon (never by waiting on the loop); else nothing (the tones carry it).
    func say(_ cue: SpokenCue, volumePercent: Int)
    /// Each turn of the loop: a cue that waited for its phrase is said once the phrase is made.
    func poll()
    /// Whether cues can be spoken (known once `prepare` has looked).
    var voice: VoiceAvailability { get }
    /// Scripted waits, before the virtual clock moves on: the phrases being made are ready and what
    /// is queued has played, so the sounds of a minute that passes in a moment are heard in full,
    /// the same every run.
    func settle()
    /// Before the process ends: what is queued (a buzzer at the very end) plays out, then the device closes.
    func close()
}

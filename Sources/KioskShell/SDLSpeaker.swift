import AppCore
import Localization
import Diagnostics
import Foundation
import Kiosk
import KioskSound
import TeamCore

/// The kiosk's sounds through SDL audio, the device opened on first use. No audio device is not a
/// fault: one line in the log, and the kiosk goes on silent. Spoken cues go through espeak-ng when
/// it is installed (its phrases made ahead, off the loop); without it, interval programs are tones only.
public final class SDLSpeaker: KioskSpeaker {
    private var output: SoundOutput?
    private var unavailable = false
    /// espeak-ng's path, looked for once.
    private lazy var voicePath: String? = SpokenPhrases.findVoice()
    private var phrases: SpokenPhrases?
    static let log = Diagnostics.logger("kiosk")

    public init() {}

    public func prepare() { _ = opened() }

    public var voice: VoiceAvailability { voicePath == nil ? .none : .installed("espeak-ng") }

    public func play(_ sound: Sound, volumePercent: Int) {
        opened()?.play(sound, volumePercent: volumePercent)
    }

    public func say(_ cue: SpokenCue, volumePercent: Int) {
        guard let output = opened(), let phrases, volumePercent > 0 else { return }
        guard let samples = phrases.samples(cue, volumePercent: volumePercent) else {
            // Made at start, seconds before any program needs it: only a kiosk that just started misses one.
            return Self.log.debug("\"\(cue.text)\" is not ready yet: not said")
        }
        output.play(samples: samples)
    }

    public func settle() {
        phrases?.waitUntilMade()
        output?.waitUntilPlayed(waitMs: 10_000)
    }

    /// Before SDL quits: what is queued plays out, then the device closes.
    public func close() {
        output?.close()
        output = nil
    }

    /// The open device; nil (said once in the log) when there is none. Opening it starts the voice's phrases.
    private func opened() -> SoundOutput? {
        if let output { return output }
        guard !unavailable else { return nil }
        do {
            let opened = try SoundOutput.open()
            // A real device is worth a journal line; the headless stand-ins (dummy, disk) only in debug,
            // so a headless run's stderr keeps to what went wrong.
            let standIn = ["dummy", "disk"].contains(opened.driver)
            func note(_ line: String) { Self.log.log(level: standIn ? .debug : .info, "\(line)") }
            note("sound through SDL's \(opened.driver) driver at \(opened.sampleRate) Hz")
            output = opened
            if let voicePath {
                phrases = SpokenPhrases(executable: voicePath, sampleRate: opened.sampleRate)
                phrases?.makeAll()
                note("spoken cues through \(voicePath), in \(Localization.current.language.nativeName)")
            } else {
                note("no espeak-ng on PATH: interval programs are tones only")
            }
        } catch {
            unavailable = true
            Self.log.warning("\(error); the kiosk goes on without sound")
        }
        return output
    }
}

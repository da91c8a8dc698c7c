import AppCore
import Localization
import Diagnostics
import Foundation
import Kiosk
import KioskSound
import TeamCore

/// The kiosk's sounds through SDL audio, the device opened on first use. No audio device is not a
/// fault: one line in the log, and the kiosk goes on silent. Spoken cues go through espeak-ng when
/// it is installed; without it, interval programs are tones only. Its phrases are made off the loop
/// when first needed — from a program's first tone (`workStart`: the cues come blocks later), or the
/// first cue itself — not at start: a launch, and a kiosk that runs no program, never pays for them.
/// A cue asked for while its phrase is being made waits for it off the loop (`poll`), never on it.
public final class SDLSpeaker: KioskSpeaker {
    private var output: SoundOutput?
    private var unavailable = false
    /// espeak-ng's path, looked for once.
    private lazy var voicePath: String? = SpokenPhrases.findVoice()
    private var phrases: SpokenPhrases?
    /// The last cue asked for before its phrase was made, and until when it is still worth saying.
    private var waiting: (cue: SpokenCue, volumePercent: Int, untilNs: UInt64)?
    /// Settings' "Test the cues" right after a start, or a cue just after a language change: said once made, if
    /// that is within this long; later the moment has passed (the tones carried it).
    static let lateCueNs: UInt64 = 2_000_000_000
    static let log = Diagnostics.logger("kiosk")

    public init() {}

    public func prepare() { _ = opened() }

    public var voice: VoiceAvailability { voicePath == nil ? .none : .installed("espeak-ng") }

    public func play(_ sound: Sound, volumePercent: Int) {
        guard let output = opened() else { return }
        // A program starts (or Settings tests its cues): its phrases are made now, while its first block runs.
        if sound == .workStart { phrases?.makeIfNeeded() }
        output.play(sound, volumePercent: volumePercent)
    }

    public func say(_ cue: SpokenCue, volumePercent: Int) {
        guard let output = opened(), let phrases, volumePercent > 0 else { return }
        if let samples = phrases.samples(cue, volumePercent: volumePercent) {
            waiting = nil
            return output.play(samples: samples)
        }
        // Being made: a program's cues were started with its first tone, blocks ago, so only Settings' test (its
        // tones and the cue at once) or a language just chosen comes here. The loop goes on; `poll` says it.
        waiting = (cue, volumePercent, DispatchTime.now().uptimeNanoseconds + Self.lateCueNs)
    }

    public func poll() {
        guard let late = waiting, let output, let phrases else { return }
        if let samples = phrases.samples(late.cue, volumePercent: late.volumePercent) {
            waiting = nil
            output.play(samples: samples)
        } else if DispatchTime.now().uptimeNanoseconds > late.untilNs {
            waiting = nil
            Self.log.debug("\"\(late.cue.text)\" was not ready in time: not said")
        }
    }

    public func settle() {
        phrases?.waitUntilMade()
        // Scripted runs: a cue that waited for its phrase is said now, however long the making took.
        if let late = waiting, let samples = phrases?.samples(late.cue, volumePercent: late.volumePercent) {
            waiting = nil
            output?.play(samples: samples)
        }
        output?.waitUntilPlayed(waitMs: 10_000)
    }

    /// Before SDL quits: what is queued plays out, then the device closes.
    public func close() {
        output?.close()
        output = nil
    }

    /// The open device; nil (said once in the log) when there is none. Its phrases are made when first needed.
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

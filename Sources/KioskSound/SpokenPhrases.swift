import Localization
import AppCore
import Dispatch
import Foundation
import Synchronization
import TeamCore

/// The spoken cues in a voice: espeak-ng (a Debian package the kiosk recommends) renders each
/// phrase once, off the loop, to PCM at the audio device's rate; the loop only queues what is
/// ready. Without espeak-ng on `PATH` there is no voice and interval programs are tones only.
public final class SpokenPhrases: Sendable {
    /// espeak-ng's path.
    public let executable: String
    private let sampleRate: Int
    /// Each cue's samples once made (at full scale; the volume is applied when queued).
    private let made = Mutex<[SpokenCue: [Int16]]>([:])
    /// The language the phrases were (or are being) made in: another one makes them again.
    private let madeIn = Mutex<Language?>(nil)
    private let making = DispatchGroup()

    /// espeak-ng on `PATH` (the first executable one), or nil.
    public static func findVoice(path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        for folder in (path ?? "").split(separator: ":") {
            let candidate = "\(folder)/espeak-ng"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public init(executable: String, sampleRate: Int) {
        self.executable = executable
        self.sampleRate = sampleRate
    }

    /// Starts making every cue on a dispatch queue (never a Foundation `Thread`: decision 019).
    public func makeAll() {
        let language = Localization.current.language
        madeIn.withLock { $0 = language }
        made.withLock { $0 = [:] }
        for cue in SpokenCue.allCases {
            let words = tr(cue.text)
            making.enter()
            DispatchQueue.global(qos: .utility).async { [self] in
                defer { making.leave() }
                guard let samples = render(words, voice: language.voice) else { return }
                // Kept only if the kiosk still speaks the language it was made in.
                if madeIn.withLock({ $0 == language }) { made.withLock { $0[cue] = samples } }
            }
        }
    }

    /// The cue's samples at `volumePercent`; nil while it is being made (or could not be).
    /// After the coach chose another language the phrases are made again (off the loop): until they are, none.
    public func samples(_ cue: SpokenCue, volumePercent: Int) -> [Int16]? {
        makeIfNeeded()
        return made.withLock { $0[cue] }.map { WaveAudio.levelled($0, volumePercent: volumePercent) }
    }

    /// Starts making the cues unless they are made, or being made, in the kiosk's language.
    public func makeIfNeeded() {
        if madeIn.withLock({ $0 }) != Localization.current.language { makeAll() }
    }

    /// Returns once every cue started is made (scripted runs: the same every run).
    public func waitUntilMade() { making.wait() }

    /// One phrase through `espeak-ng --stdout`: a WAVE file, decoded and resampled; nil if it failed.
    private func render(_ text: String, voice: String) -> [Int16]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--stdout", "-s", "160", "-v", voice, text]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let (samples, rate) = WaveAudio.decode([UInt8](data)) else { return nil }
        return WaveAudio.resample(samples, from: rate, to: sampleRate)
    }
}

import AppCore
import CSDL2
import Foundation
import TeamCore

/// The kiosk's audio device through SDL (HDMI or the board's jack, whichever ALSA or PulseAudio
/// gives; `SDL_AUDIODRIVER=disk` writes the samples to a file instead, which the tests read).
/// Sounds are queued (`SDL_QueueAudio`), so nothing runs on the event loop while they play.
public final class SoundOutput {
    let device: SDL_AudioDeviceID
    public let sampleRate: Int
    public let driver: String

    /// Sounds waiting beyond this are dropped before a new one, so a buzzer is never late.
    static let maxQueuedSeconds = 2.0

    private init(device: SDL_AudioDeviceID, sampleRate: Int, driver: String) {
        self.device = device
        self.sampleRate = sampleRate
        self.driver = driver
    }

    /// Opens the default output, mono 16-bit; throws a one-line reason when there is none
    /// (no sound card, no driver, a device held by another program).
    public static func open() throws -> SoundOutput {
        if SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) != 0 {
            throw Failure("no audio driver (\(String(cString: SDL_GetError())))")
        }
        var desired = SDL_AudioSpec()
        desired.freq = 48_000
        desired.format = SDL_AudioFormat(AUDIO_S16LSB)
        desired.channels = 1
        desired.samples = 1024
        var obtained = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &desired, &obtained, Int32(SDL_AUDIO_ALLOW_FREQUENCY_CHANGE))
        guard device != 0 else {
            let reason = String(cString: SDL_GetError())
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            throw Failure("no audio device (\(reason))")
        }
        SDL_PauseAudioDevice(device, 0)
        let driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "?"
        return SoundOutput(device: device, sampleRate: Int(obtained.freq), driver: driver)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// Queues a sound; it plays as soon as what is before it has.
    public func play(_ sound: Sound, volumePercent: Int) {
        guard volumePercent > 0 else { return }
        play(samples: ToneSynthesis.samples(sound, sampleRate: sampleRate, volumePercent: volumePercent))
    }

    /// Queues samples at the device's rate (a spoken phrase); they play as soon as what is before them has.
    public func play(samples: [Int16]) {
        guard !samples.isEmpty else { return }
        let bytesPerSecond = Double(sampleRate * MemoryLayout<Int16>.size)
        if Double(SDL_GetQueuedAudioSize(device)) > Self.maxQueuedSeconds * bytesPerSecond { SDL_ClearQueuedAudio(device) }
        _ = samples.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
    }

    /// Lets what is queued play out (at most `waitMs`), then closes the device.
    public func close(waitMs: Int = 2500) {
        drain(waitMs: waitMs)
        SDL_CloseAudioDevice(device)
    }

    /// Returns once what is queued has played (at most `waitMs`): scripted runs, whose virtual
    /// time would otherwise queue a minute's sounds in a moment.
    public func waitUntilPlayed(waitMs: Int) {
        if SDL_GetQueuedAudioSize(device) > 0 { drain(waitMs: waitMs) }
    }

    private func drain(waitMs: Int) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(waitMs) * 1_000_000
        while SDL_GetQueuedAudioSize(device) > 0, DispatchTime.now().uptimeNanoseconds < deadline { usleep(10_000) }
        // The last queued buffer leaves the queue before the device has played it: one more buffer's time.
        usleep(UInt32(1024 * 1_000_000 / max(1, sampleRate)) * 2)
    }
}

import Diagnostics
import Foundation
import KioskSound
import TeamCore

/// The kiosk's sounds through SDL audio, the device opened on first use. No audio device is not a
/// fault: one line in the log, and the kiosk goes on silent.
public final class SDLSpeaker: KioskSpeaker {
    private var output: SoundOutput?
    private var unavailable = false
    static let log = Diagnostics.logger("kiosk")

    public init() {}

    public func prepare() { _ = opened() }

    public func play(_ sound: Sound, volumePercent: Int) {
        opened()?.play(sound, volumePercent: volumePercent)
    }

    /// Before SDL quits: what is queued plays out, then the device closes.
    public func close() {
        output?.close()
        output = nil
    }

    /// The open device; nil (said once in the log) when there is none.
    private func opened() -> SoundOutput? {
        if let output { return output }
        guard !unavailable else { return nil }
        do {
            let opened = try SoundOutput.open()
            Self.log.info("sound through SDL's \(opened.driver) driver at \(opened.sampleRate) Hz")
            output = opened
        } catch {
            unavailable = true
            Self.log.warning("\(error); the kiosk goes on without sound")
        }
        return output
    }
}

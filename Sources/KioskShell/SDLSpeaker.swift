import AppCore
import Diagnostics
import Foundation
import Kiosk
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
            // A real device is worth a journal line; the headless stand-ins (dummy, disk) only in debug,
            // so a headless run's stderr keeps to what went wrong.
            let standIn = ["dummy", "disk"].contains(opened.driver)
            Self.log.log(level: standIn ? .debug : .info, "sound through SDL's \(opened.driver) driver at \(opened.sampleRate) Hz")
            output = opened
        } catch {
            unavailable = true
            Self.log.warning("\(error); the kiosk goes on without sound")
        }
        return output
    }
}

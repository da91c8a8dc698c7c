import Foundation
import Kiosk

/// The launch benchmark's signal (`SIDELINE_ANNOUNCE_FIRST_FRAME`): "first-frame" on stdout, unbuffered,
/// the moment the first frame is on screen.
final class FirstFrameAnnouncer: KioskObserver {
    private var announced = false

    func presented(atNs: UInt64) {
        guard !announced else { return }
        announced = true
        FileHandle.standardOutput.write(Data("first-frame\n".utf8))
    }
}

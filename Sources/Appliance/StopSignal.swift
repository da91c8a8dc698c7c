import Foundation
import Synchronization

/// Ctrl-C and SIGTERM (systemd stopping the service) end a recording or the kiosk cleanly: the
/// handler only sets a flag, which the loop reads once a turn.
public enum StopSignal {
    private static let flag = Atomic<Bool>(false)

    public static var requested: Bool { flag.load(ordering: .relaxed) }

    public static func install() {
        let handler: @convention(c) (Int32) -> Void = { _ in StopSignal.flag.store(true, ordering: .relaxed) }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
    }
}

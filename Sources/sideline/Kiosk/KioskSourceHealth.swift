import Foundation
import TeamCore

/// Tells the coach when the sensor source cannot hear straps (a Bluetooth controller
/// lost and being reopened) for as long as that lasts, and when it is back, instead
/// of tiles silently going grey. Nothing the coach started is undone: the recording goes on.
extension KioskApp {
    /// Called by `pollSource`, twice a second.
    func pollSourceHealth() {
        let problem = source.problem()
        if problem != state.sensors.problem { dispatch(.sensors(.problem(problem))) }
    }
}

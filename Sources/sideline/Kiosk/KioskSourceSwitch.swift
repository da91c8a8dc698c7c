import Foundation
import SensorHub
import TeamCore

/// Switching the sensor source from the settings screen: stop the running source, start
/// the chosen one on every known strap, and continue the app's clock across the switch.
/// A source that cannot start (no adapter, adapter busy) leaves the old one running.
extension KioskApp {
    func switchSource(to choice: SensorChoice) {
        guard recorder == nil, let factory = sourceFactory else { return }
        let next: KioskSource
        do {
            next = try factory.make(choice: choice)
        } catch {
            dispatch(.inform(Self.describe(error)))
            return
        }
        let before = appNowNs
        let old = source
        discoverer?.setDiscovery(false)
        old.stop()
        ring.drain { _ in } // the old source's last events, on its own clock
        do {
            try startListening(with: next.source)
        } catch {
            // Back to the source that worked; its clock restarts, the app's does not.
            try? startListening(with: old)
            clockOffsetNs = before &- old.nowNs()
            dispatch(.inform(Self.describe(error)))
            return
        }
        source = next.source
        steppedSource = next.stepped
        discoverer = next.discoverer
        discoveryOn = false
        toldWanted = .none
        clockOffsetNs = before &- next.source.nowNs()
        dispatch(.sensors(.switched(next.kind, description: next.description)))
    }
}

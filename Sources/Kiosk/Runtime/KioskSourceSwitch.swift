import Foundation
import SensorHub
import TeamCore

/// Switching the sensor source from the settings screen: the running source stops, its last
/// events are pumped as any others, and the chosen one starts on every known strap with the app's
/// clock going on. A source that cannot start (no adapter, adapter busy) leaves the old one running.
extension KioskRuntime {
    public func switchSource(to choice: SensorChoice) {
        guard recorder == nil, let factory = sourceFactory else { return }
        let next: KioskSource
        do {
            next = try factory.make(choice: choice)
        } catch {
            dispatch(.inform(Self.describe(error)))
            return
        }
        discoverer?.setDiscovery(false)
        do {
            let straps = try loadStrapTable()
            try pump.switchSource(to: next.source, straps: straps, wake: wakeForSource) { event in
                dispatch(.sensors(.event(event)))
            }
        } catch {
            dispatch(.inform(Self.describe(error)))
            return
        }
        stepped = next.stepped
        discoverer = next.discoverer
        discoveryOn = false
        toldWanted = nil
        dispatch(.sensors(.switched(next.kind, description: next.description)))
    }
}

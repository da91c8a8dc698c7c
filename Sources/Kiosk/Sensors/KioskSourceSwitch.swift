import AppCore
import Foundation
import Localization
import SensorHub
import TeamCore

/// Switching the sensor source from the settings screen: the running source stops, its last
/// events go where every event goes (`follow`: the observer, the sightings, the reducer), and the
/// chosen one starts on every known strap with the app's clock going on. A source that cannot
/// start (no adapter, adapter busy) leaves the old one running.
extension SourceSupervisor {
    public func switchSource(to choice: SensorChoice) {
        guard pump.recorder == nil, let factory else { return }
        let next: KioskSource
        do {
            next = try factory.make(choice: choice)
        } catch {
            app.send(.inform(KioskRuntime.message(of: error)))
            return
        }
        running.source.discoverer?.setDiscovery(false)
        let table: StrapTable
        do {
            table = try readStrapTable()
        } catch {
            app.send(.inform(KioskRuntime.message(of: error)))
            return
        }
        let previous = pump.straps
        do {
            try pump.switchSource(to: next.source, straps: table, wake: wakeForSource, follow: follow)
        } catch {
            renumbered(from: previous) // the old source started again, on the table as it is now
            app.send(.inform(KioskRuntime.message(of: error)))
            return
        }
        // The old source's last events went through `follow` under the old table; now the new one.
        renumbered(from: previous)
        running = RunningSource(next) // not scanning, told nothing yet
        app.send(.sensors(.switched(next.kind, description: next.description)))
    }
}

import AppCore
import TeamCore

/// Looking after the source from the loop: scanning on while the pairing list is open, new straps
/// it heard, what they said of themselves, which straps it should keep connected, and whether it
/// can hear at all (a Bluetooth controller lost and being reopened shows as a standing red line,
/// not silently grey tiles).
extension SourceSupervisor {
    /// Twice a second is quick enough for a coach and keeps the work off most frames (app clock,
    /// so scripted runs and tests poll at the same moments every run).
    static let pollNs: UInt64 = 500_000_000

    /// Once per frame: turns scanning on or off with the screen at once; the rest twice a second.
    func poll() {
        if let discoverer = running.source.discoverer, app.state().wantsDiscovery != running.discoveryOn {
            running.discoveryOn.toggle()
            discoverer.setDiscovery(running.discoveryOn)
        }
        let now = nowNs
        if let last = lastPollNs, now &- last < Self.pollNs { return }
        lastPollNs = now
        if running.discoveryOn { rememberHeardStraps() }
        keepStrapDescriptions()
        updateWantedStraps()
        let problem = running.source.source.problem()
        if problem != app.state().sensors.problem { app.send(.sensors(.problem(problem))) }
    }

    /// Tells the source which straps to keep connected (`AppState.wantedStraps`), when that changed.
    func updateWantedStraps() {
        let wanted = app.state().wantedStraps
        guard wanted != running.toldWanted else { return }
        running.source.source.setWanted(wanted)
        running.toldWanted = wanted
    }
}

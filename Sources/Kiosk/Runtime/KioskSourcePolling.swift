import TeamCore

/// Looking after the source from the loop: scanning on while the pairing list is open, new straps
/// it heard, which straps it should keep connected, and whether it can hear at all (a Bluetooth
/// controller lost and being reopened shows as a standing red line, not silently grey tiles).
extension KioskRuntime {
    /// Twice a second is quick enough for a coach and keeps the work off most frames (app clock,
    /// so scripted runs and tests poll at the same moments every run).
    static let sourcePollNs: UInt64 = 500_000_000

    /// Once per frame: turns scanning on or off with the screen at once; the rest twice a second.
    func pollSource() {
        if let discoverer, state.wantsDiscovery != discoveryOn {
            discoveryOn = state.wantsDiscovery
            discoverer.setDiscovery(discoveryOn)
        }
        let now = nowNs
        if let last = lastSourcePollNs, now &- last < Self.sourcePollNs { return }
        lastSourcePollNs = now
        if discoveryOn { rememberHeardStraps() }
        keepStrapDescriptions()
        updateWantedStraps()
        let problem = pump.source.problem()
        if problem != state.sensors.problem { dispatch(.sensors(.problem(problem))) }
        pollUsbSticks()
    }

    /// Tells the source which straps to keep connected (`AppState.wantedStraps`), when that changed.
    func updateWantedStraps() {
        let wanted = state.wantedStraps
        guard wanted != toldWanted else { return }
        pump.source.setWanted(wanted)
        toldWanted = wanted
    }
}

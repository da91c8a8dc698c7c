import TeamCore

/// Which straps the Bluetooth source should keep connected: the current team's (their
/// default straps, today's swaps, the live tiles'), or every strap while the coach pairs.
/// A Pi's onboard chip holds 2–3 connections: they go to the players in front of the kiosk,
/// not to the next team warming up beside them.
extension KioskApp {
    var wantedStraps: Set<UInt16>? {
        if wantsDiscovery { return nil }
        guard state.teamID != nil else { return [] } // the team picker shows no heart rates
        var straps = Set(state.roster.compactMap { state.strapIndex(of: $0.strapID) })
        straps.formUnion(state.lobby.strapOverride.values.compactMap { state.strapIndex(of: $0) })
        if let live = state.live { straps.formUnion(live.tiles.compactMap(\.strapIndex)) }
        return straps
    }

    func updateWantedStraps() {
        let wanted = wantedStraps
        if case .some(let told) = toldWanted, told == wanted { return }
        source.setWanted(wanted)
        toldWanted = .some(wanted)
    }
}

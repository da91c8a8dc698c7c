import TeamCore

/// What the kiosk asks of the Bluetooth source, as functions of the state: scanning for new
/// straps while the coach pairs, and which straps to keep connected otherwise.
extension AppState {
    /// The pairing list is open (team setup's strap tab, or a strap swap in the lobby): scan for new straps.
    public var wantsDiscovery: Bool {
        (screen == .teamSetup && setup.tab == .straps) || (screen == .lobby && lobby.changingStrapFor != nil)
    }

    /// The straps to keep connected: the current team's (their default straps, today's swaps, the
    /// live session's lineup), none on the team picker, every strap while pairing or while the
    /// club's strap list is open. A Pi's onboard
    /// chip holds 2–3 connections: they go to the players in front of the kiosk, not to the next
    /// team warming up beside them.
    public var wantedStraps: StrapSelection {
        if wantsDiscovery { return .all }
        // The strap list says which straps are live now: it listens to all of them.
        if screen == .settings && club.page == .straps { return .all }
        guard teamID != nil else { return .only([]) } // the team picker shows no heart rates
        var straps = Set(roster.compactMap { sensors.index(ofStrap: $0.strapID) })
        straps.formUnion(lobby.strapOverride.values.compactMap { sensors.index(ofStrap: $0) })
        if let live { straps.formUnion(live.lineup.strapIndices) }
        return .only(straps)
    }
}

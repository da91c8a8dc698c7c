import TeamCore

/// Tells the source which straps to keep connected (`AppState.wantedStraps`), when that changed.
extension KioskApp {
    func updateWantedStraps() {
        let wanted = state.wantedStraps
        if case .some(let told) = toldWanted, told == wanted { return }
        source.setWanted(wanted)
        toldWanted = .some(wanted)
    }
}

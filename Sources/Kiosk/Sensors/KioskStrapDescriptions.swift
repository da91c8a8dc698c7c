import Recording
import TeamCore

/// What straps said of themselves on connecting (where they are worn, who made them) goes to the
/// store as it comes, twice a second at most; an open strap list shows it at once.
extension SourceSupervisor {
    func keepStrapDescriptions() {
        guard !holdStrapNotes else { return } // kept by the source until the restore ends
        do {
            guard try StrapNotes.keepDescriptions(from: running.source.source, in: store) else { return }
        } catch {
            Self.log.warning("could not keep what the straps said of themselves: \(KioskRuntime.describe(error))")
            return
        }
        let state = app.state()
        if state.screen == .settings, state.club.page == .straps { app.ask(.loadStraps) }
    }
}

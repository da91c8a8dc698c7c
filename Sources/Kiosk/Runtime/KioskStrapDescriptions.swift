import Recording
import TeamCore

/// What straps said of themselves on connecting (where they are worn, who made them) goes to the
/// store as it comes, twice a second at most; an open strap list shows it at once.
extension KioskRuntime {
    func keepStrapDescriptions() {
        do {
            guard try StrapNotes.keepDescriptions(from: pump.source, in: store) else { return }
        } catch {
            Self.log.warning("could not keep what the straps said of themselves: \(Self.describe(error))")
            return
        }
        if state.screen == .settings, state.club.page == .straps { perform(.loadStraps) }
    }
}

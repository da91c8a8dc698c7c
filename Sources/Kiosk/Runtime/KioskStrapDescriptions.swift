import SensorHub
import TeamCore

/// What straps said of themselves on connecting (where they are worn, who made them) goes to the
/// store as it comes, twice a second at most; an open strap list shows it at once.
extension KioskRuntime {
    func keepStrapDescriptions() {
        guard let describing = pump.source as? StrapDescribing else { return }
        let described = describing.takeStrapDescriptions()
        guard !described.isEmpty else { return }
        do {
            try store.describeStraps(described.map { ($0.address, $0.bodyLocation, $0.manufacturer) })
        } catch {
            Self.log.warning("could not keep what the straps said of themselves: \(Self.describe(error))")
            return
        }
        if state.screen == .settings, state.club.page == .straps { perform(.loadStraps) }
    }
}

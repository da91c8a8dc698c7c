/// Which straps of the source's strap table (by `StrapIndex`) may hold a connection.
/// A Pi's onboard controller keeps 2–3 links: they go to the players in front of the kiosk.
public enum StrapSelection: Sendable, Equatable {
    /// Every strap the source knows (while pairing, and for `record`, whose team is all there is).
    case all
    /// These straps only; the others are served from their broadcasts, if at all.
    case only(Set<StrapIndex>)

    public func contains(_ strap: StrapIndex) -> Bool {
        switch self {
        case .all: true
        case .only(let straps): straps.contains(strap)
        }
    }

    /// How many straps are selected out of a table of `tableCount`.
    public func count(ofTable tableCount: Int) -> Int {
        switch self {
        case .all: tableCount
        case .only(let straps): straps.count
        }
    }
}

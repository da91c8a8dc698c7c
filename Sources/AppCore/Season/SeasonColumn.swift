/// A column of the season table; a tap on its heading sorts by it, a second tap turns the order round.
public enum SeasonColumn: String, Sendable, Equatable, CaseIterable {
    case player, today, srpe, strain, tolerance, status, acwr, readiness, wellness, last

    /// The order a first tap sorts in: numbers highest first, the newest last session first, the
    /// words that need attention first, players by shirt number.
    public var startsDescending: Bool {
        switch self {
        case .today, .srpe, .strain, .tolerance, .acwr, .last: true
        case .player, .status, .readiness, .wellness: false
        }
    }

    /// A drop first, then the lowest z, then the lowest total without a z; no answer last.
    private static func wellnessOrder(_ w: WellnessFigure?) -> [Double] {
        guard let w else { return [2, 0, 0] }
        return [w.flagged ? 0 : 1, w.z ?? 1e9, Double(w.total)]
    }

    /// Ascending order of two lines by this column (ties: by shirt number).
    func ascending(_ a: SeasonLine, _ b: SeasonLine) -> Bool {
        func by<T: Comparable>(_ x: T, _ y: T) -> Bool { x != y ? x < y : a.number < b.number }
        switch self {
        case .player: return by(a.number, b.number)
        case .today: return by(a.loadToday, b.loadToday)
        case .srpe: return by(a.srpeToday, b.srpeToday)
        case .strain: return by(a.strain, b.strain)
        case .tolerance: return by(a.tolerance, b.tolerance)
        case .status: return by(a.status.order, b.status.order)
        case .acwr: return by(a.acwr ?? -1, b.acwr ?? -1)
        case .readiness: return by(a.readiness.order, b.readiness.order)
        case .wellness:
            let x = Self.wellnessOrder(a.wellness), y = Self.wellnessOrder(b.wellness)
            return x != y ? x.lexicographicallyPrecedes(y) : a.number < b.number
        case .last: return by(a.lastSession?.dayNumber ?? Int.min, b.lastSession?.dayNumber ?? Int.min)
        }
    }
}

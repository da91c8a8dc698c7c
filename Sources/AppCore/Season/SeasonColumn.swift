/// A column of the season table; a tap on its heading sorts by it, a second tap turns the order round.
public enum SeasonColumn: String, Sendable, Equatable, CaseIterable {
    case player, today, srpe, strain, tolerance, status, acwr, readiness, last

    /// The order a first tap sorts in: numbers highest first, the newest last session first, the
    /// words that need attention first, players by shirt number.
    public var startsDescending: Bool {
        switch self {
        case .today, .srpe, .strain, .tolerance, .acwr, .last: true
        case .player, .status, .readiness: false
        }
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
        case .last: return by(a.lastSession?.dayNumber ?? Int.min, b.lastSession?.dayNumber ?? Int.min)
        }
    }
}

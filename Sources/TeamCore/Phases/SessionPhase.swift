/// A named span of a session's clock: a drill ("SSG 4v4") or an interval program's block ("WORK 3/8").
/// The one notion of a phase (decision 077): review draws phases as one strip, and the analysis gives
/// each player's figures over each phase with the session's own code (`HeartRateStats` over a span).
/// Laps stay laps inside a phase. Offsets are ms since the session's start, like `Lap.tMs`.
public struct SessionPhase: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Equatable, Hashable {
        /// A drill of the team's library, as the coach started it.
        case drill
        /// An interval program's blocks, read back from their laps (decision 059).
        case work, rest
    }

    public var kind: Kind
    /// What it is called: the drill's name, or the block's lap label ("WORK 3/8").
    public var name: String
    public var fromMs: Int64
    public var toMs: Int64

    public init(kind: Kind, name: String, fromMs: Int64, toMs: Int64) {
        self.kind = kind
        self.name = name
        self.fromMs = fromMs
        self.toMs = toMs
    }

    public var lengthMs: Int64 { toMs - fromMs }

    /// An interval block's phase as the laps recorded it, or nil for a lap that closes no block.
    public var intervalLabel: IntervalLapLabel? { kind == .drill ? nil : IntervalLapLabel(name) }

    /// The interval blocks a session's laps record, in time order (none when no lap names one). An interval
    /// block is recorded as a lap at its end, labelled with the block ("WORK 3/8"): a block starts where the
    /// previous block's lap is (the first at the session's start); the coach's own laps in between split nothing.
    public static func intervalBlocks(fromLaps laps: [Lap]) -> [SessionPhase] {
        var from: Int64 = 0
        var blocks: [SessionPhase] = []
        for lap in laps.sorted(by: { $0.tMs < $1.tMs }) {
            guard let label = IntervalLapLabel(lap.label) else { continue }
            blocks.append(SessionPhase(kind: label.kind == .work ? .work : .rest, name: lap.label ?? "", fromMs: from, toMs: max(from, lap.tMs)))
            from = max(from, lap.tMs)
        }
        return blocks
    }
}

/// An interval block as a session recorded it: read back from its laps, each labelled with the block
/// it closes ("WORK 3/8"). A block starts where the previous block's lap is (the first at the
/// session's start); the coach's own laps in between split nothing.
public struct RecordedIntervalBlock: Sendable, Equatable {
    public var label: IntervalLapLabel
    /// Session offsets (ms since the start, like `Lap.tMs`).
    public var fromMs: Int64
    public var toMs: Int64

    public init(label: IntervalLapLabel, fromMs: Int64, toMs: Int64) {
        self.label = label
        self.fromMs = fromMs
        self.toMs = toMs
    }

    /// The blocks a session's laps record, in time order (none when no lap names one).
    public static func blocks(fromLaps laps: [Lap]) -> [RecordedIntervalBlock] {
        var from: Int64 = 0
        var blocks: [RecordedIntervalBlock] = []
        for lap in laps.sorted(by: { $0.tMs < $1.tMs }) {
            guard let label = IntervalLapLabel(lap.label) else { continue }
            blocks.append(RecordedIntervalBlock(label: label, fromMs: from, toMs: max(from, lap.tMs)))
            from = max(from, lap.tMs)
        }
        return blocks
    }
}

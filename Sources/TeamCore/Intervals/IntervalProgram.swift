/// An interval program: `repeats` blocks of work, each but the last followed by a block of rest
/// ("8 × 30 s / 30 s", "4 × 4 min / 3 min"). It runs on the session's clock, pauses left out, and
/// ends with its last work block: the session's countdown is the program's length.
public struct IntervalProgram: Sendable, Equatable, Hashable {
    public var repeats: Int
    public var workMs: Int64
    /// 0: work blocks back to back.
    public var restMs: Int64

    /// What a program may be (the settings' editor refuses the rest): at least one work block of
    /// at least 5 s (the last 3 s beep), at most 99 of them, nothing longer than an hour.
    public static let repeatsRange = 1...99
    public static let workRangeMs: ClosedRange<Int64> = 5_000...3_600_000
    public static let restRangeMs: ClosedRange<Int64> = 0...3_600_000

    public init(repeats: Int, workMs: Int64, restMs: Int64) {
        self.repeats = repeats
        self.workMs = workMs
        self.restMs = restMs
    }

    /// The presets a new kiosk offers: short sprints, Tabata-like, the "Norwegian" 4 × 4, longer repeats.
    public static let defaultPresets: [IntervalProgram] = [
        IntervalProgram(repeats: 8, workMs: 30_000, restMs: 30_000),
        IntervalProgram(repeats: 10, workMs: 60_000, restMs: 60_000),
        IntervalProgram(repeats: 4, workMs: 240_000, restMs: 180_000),
        IntervalProgram(repeats: 6, workMs: 180_000, restMs: 120_000),
    ]

    /// Whether the settings' editor lets it be stored.
    public var isValid: Bool {
        Self.repeatsRange.contains(repeats) && Self.workRangeMs.contains(workMs) && Self.restRangeMs.contains(restMs)
    }

    /// From the first work block's start to the last one's end.
    public var totalMs: Int64 { Int64(repeats) * workMs + Int64(max(0, repeats - 1)) * restMs }

    /// How many blocks it has: a rest between two work blocks is one.
    public var blockCount: Int { restMs > 0 ? 2 * repeats - 1 : repeats }

    /// The `index`th block (0-based), or nil past the last.
    public func block(_ index: Int) -> IntervalBlock? {
        guard index >= 0, index < blockCount else { return nil }
        let (round, isRest) = restMs > 0 ? (index / 2, index % 2 == 1) : (index, false)
        let start = Int64(round) * (workMs + restMs) + (isRest ? workMs : 0)
        return IntervalBlock(index: index, kind: isRest ? .rest : .work, number: round + 1, of: repeats,
                             startMs: start, endMs: start + (isRest ? restMs : workMs))
    }

    /// The block under way `elapsedMs` into the program (its session clock, pauses left out); nil
    /// before it starts or once it is over.
    public func block(atElapsedMs elapsed: Int64) -> IntervalBlock? {
        guard elapsed >= 0, elapsed < totalMs else { return nil }
        let cycle = workMs + restMs
        let round = Int(elapsed / cycle), within = elapsed % cycle
        let index = restMs > 0 ? 2 * round + (within < workMs ? 0 : 1) : round
        return block(index)
    }

    /// "8 × 30 s / 30 s", "4 × 4 min / 3 min", "10 × 1:30 / 0:45"; without rest "5 × 2 min".
    public var label: String {
        let work = "\(repeats) × \(Self.duration(workMs))"
        return restMs > 0 ? "\(work) / \(Self.duration(restMs))" : work
    }

    /// "30 s", "4 min", "1:30" (minutes and seconds when both).
    public static func duration(_ ms: Int64) -> String {
        let s = ms / 1000
        if s < 60 { return "\(s) s" }
        if s % 60 == 0 { return "\(s / 60) min" }
        return "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60)"
    }

    // MARK: stored form

    /// "8x30+30": repeats, work and rest in whole seconds — what the settings table keeps.
    public var storedForm: String { "\(repeats)x\(workMs / 1000)+\(restMs / 1000)" }

    /// Reads `storedForm`; nil for anything else, or a program the editor would refuse.
    public init?(storedForm text: Substring) {
        let parts = text.split(separator: "x", maxSplits: 1)
        guard parts.count == 2, let repeats = Int(parts[0]) else { return nil }
        let times = parts[1].split(separator: "+", omittingEmptySubsequences: false)
        guard times.count == 2, let work = Int64(times[0]), let rest = Int64(times[1]) else { return nil }
        self.init(repeats: repeats, workMs: work * 1000, restMs: rest * 1000)
        guard isValid else { return nil }
    }
}

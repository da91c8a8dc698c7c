/// One block of an interval program: work or rest, which repeat it belongs to, and where it lies on
/// the program's clock. Each block is recorded as a lap at its end, labelled "WORK 3/8" or
/// "REST 3/8" (a lap names the stretch it closes), so review and the exports read the blocks back
/// from the laps alone.
public struct IntervalBlock: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case work, rest
    }

    /// 0-based, in program order (work and rest counted alike).
    public var index: Int
    public var kind: Kind
    /// 1-based repeat: the rest after work 3 is rest 3.
    public var number: Int
    /// How many repeats the program has.
    public var of: Int
    /// On the program's clock (ms since its start, pauses left out).
    public var startMs: Int64
    public var endMs: Int64

    public init(index: Int, kind: Kind, number: Int, of: Int, startMs: Int64, endMs: Int64) {
        self.index = index
        self.kind = kind
        self.number = number
        self.of = of
        self.startMs = startMs
        self.endMs = endMs
    }

    public var lengthMs: Int64 { endMs - startMs }

    /// The block as a phase of the program's clock (a session's clock once the pauses before it are added).
    public var phase: SessionPhase {
        SessionPhase(kind: kind == .work ? .work : .rest, name: lapLabel, fromMs: startMs, toMs: endMs)
    }

    /// "WORK" or "REST": what the players read from across the gym.
    public var word: String { kind == .work ? "WORK" : "REST" }

    /// "3/8".
    public var count: String { "\(number)/\(of)" }

    /// The label of the lap that closes the block: "WORK 3/8".
    public var lapLabel: String { "\(word) \(count)" }

    /// What the screens show with `remainingMs` of the block left: "WORK 0:23 · 3/8".
    public func shown(remainingMs: Int64) -> String { "\(word) \(Self.clock(remainingMs)) · \(count)" }

    /// "0:23": whole seconds left, rounded up (a 30 s block reads 0:30 as it starts and 0:01 last).
    public static func clock(_ remainingMs: Int64) -> String {
        let s = (max(0, remainingMs) + 999) / 1000
        return "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60)"
    }
}

/// What a lap's label says of an interval block ("WORK 3/8"), read back for review.
public struct IntervalLapLabel: Sendable, Equatable {
    public var kind: IntervalBlock.Kind
    public var number: Int
    public var of: Int

    public init(kind: IntervalBlock.Kind, number: Int, of: Int) {
        self.kind = kind
        self.number = number
        self.of = of
    }

    /// nil for a coach's lap (no label, or any other words).
    public init?(_ label: String?) {
        guard let label else { return nil }
        let words = label.split(separator: " ")
        guard words.count == 2 else { return nil }
        let kind: IntervalBlock.Kind
        switch words[0] {
        case "WORK": kind = .work
        case "REST": kind = .rest
        default: return nil
        }
        let counts = words[1].split(separator: "/")
        guard counts.count == 2, let number = Int(counts[0]), let of = Int(counts[1]), number >= 1, number <= of else { return nil }
        self.init(kind: kind, number: number, of: of)
    }
}

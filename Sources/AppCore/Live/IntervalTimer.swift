import TeamCore

/// An interval program running in a live session: where it is on the session's clock (pauses
/// left out) and what has been done about it, so each lap, tone and cue happens exactly once.
public struct IntervalTimer: Sendable, Equatable {
    public let program: IntervalProgram
    /// The block under way at the last look.
    public private(set) var blockIndex = 0
    /// Whole seconds left of that block at the last look, rounded up: its last three beep as they step down.
    private var secondsLeft: Int64?
    private var saidOneMinute = false

    /// "One minute left" is said only of programs long enough for it to mean something.
    static let oneMinuteCueMinTotalMs: Int64 = 90_000

    public init(program: IntervalProgram) { self.program = program }

    /// What happened between two looks at the clock.
    enum Event: Equatable {
        /// A block is over: a lap at its end (`endMs` on the program's clock).
        case ended(IntervalBlock)
        /// The next block begins: its tone.
        case started(IntervalBlock)
        /// One of the block's last three seconds begins.
        case lastSecond
        case say(SpokenCue)
    }

    /// The block under way `elapsedMs` into the session and what is left of it. The last block
    /// stays under way at zero until the effort ends (the countdown's end closes it); nil for a
    /// program that has no blocks.
    public func position(elapsedMs: Int64) -> (block: IntervalBlock, remainingMs: Int64)? {
        guard program.totalMs > 0, let block = program.block(atElapsedMs: min(max(0, elapsedMs), program.totalMs - 1)) else { return nil }
        return (block, max(0, block.endMs - elapsedMs))
    }

    /// Moves to `elapsedMs` and says what happened on the way, in order: the blocks that ended, the
    /// block that began (only the latest, should a look skip one: one tone, not a pile), a beep
    /// over the block's last three seconds, the spoken cues.
    mutating func advance(toElapsedMs elapsed: Int64) -> [Event] {
        guard let (block, remaining) = position(elapsedMs: elapsed) else { return [] }
        var events: [Event] = []
        let seconds = (remaining + 999) / 1000
        if block.index > blockIndex {
            events += (blockIndex..<block.index).compactMap(program.block).map(Event.ended)
            events.append(.started(block))
            blockIndex = block.index
            if block.kind == .work, block.number == block.of, block.of > 1 { events.append(.say(.lastInterval)) }
        } else if let before = secondsLeft, seconds < before, seconds >= 1, seconds <= 3 {
            events.append(.lastSecond)
        }
        secondsLeft = seconds
        let left = program.totalMs - elapsed
        if !saidOneMinute, program.totalMs >= Self.oneMinuteCueMinTotalMs, left <= 60_000, left > 0 {
            saidOneMinute = true
            events.append(.say(.oneMinuteLeft))
        }
        return events
    }
}

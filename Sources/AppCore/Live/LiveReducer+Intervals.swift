import TeamCore

extension LiveReducer {
    /// The interval program on the session's clock: each block that ended becomes a lap at its
    /// exact end (recorded as the coach's are), the next block's tone plays, the beeps of a block's
    /// last three seconds, the spoken cues. Looked at while the effort runs, paused too: a block that
    /// ended just before a pause still gets its lap at the right time.
    static func runIntervals(_ live: inout LiveSession, sessionID: Int64, nowMs: Int64, settings: KioskSettings) -> Reduction {
        guard var timer = live.intervals, [.running, .paused, .confirmStop].contains(live.phase) else { return .none }
        defer { live.intervals = timer }
        var effects: [Effect?] = []
        for event in timer.advance(toElapsedMs: live.clock.elapsedMs(nowMs: nowMs)) {
            switch event {
            case .ended(let block):
                // The clock ran through the block's end (it stops only while paused), so the pauses
                // so far all came before it: its session offset is its program time plus them.
                let t = block.endMs + live.clock.pausedTotalMs
                live.lapsMs.append(t)
                effects.append(.addLap(sessionID: sessionID, tMs: t, label: block.lapLabel))
            case .started(let block):
                effects.append(settings.playInterval(block.kind == .work ? .workStart : .restStart))
                effects.append(.intervalBlockStarted(sessionID: sessionID, block.kind, atMs: block.startMs + live.clock.pausedTotalMs))
            case .lastSecond:
                effects.append(settings.playInterval(.countdownBeep))
            case .say(let cue):
                effects.append(settings.say(cue))
            }
        }
        return Reduction(effects: effects.compactMap { $0 })
    }
}

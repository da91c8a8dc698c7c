import TeamCore

/// What the coach screen shows of a live session (the wall display always shows the tiles).
public enum LiveView: String, Sendable, Equatable {
    case tiles
    case graph
}

/// A session on the live screen: its phase, the countdown, the laps and a tile per player.
public struct LiveSession: Sendable, Equatable {
    public enum Phase: String, Sendable, Equatable {
        /// Waiting for the store to create the session row.
        case starting
        case running, paused
        case confirmStop
        /// The effort is over (countdown at zero, or stopped): the recorder runs on for the
        /// recovery minute and the tiles keep updating; no pause, no laps.
        case recovery
        /// Stopped: save or discard.
        case finished
        case confirmDiscard
    }
    public var phase: Phase = .starting
    /// Phase to return to when the coach cancels "stop?".
    public var phaseBeforeStop: Phase = .running
    /// Phase to return to when the coach keeps the session after all (`.finished` or `.recovery`).
    public var phaseBeforeDiscard: Phase = .finished
    /// App clock (ms) when the effort ended; nil while it goes on.
    public var effortEndedAtMs: Int64?
    /// The whole recovery minute was recorded (not skipped or cut short by a save).
    public var recoveryRecorded = false
    public var sessionID: Int64?
    /// Counts from the recorder's `SessionStart` once the row exists (`.started`).
    public var clock: SessionClock
    /// Who wears which strap: the tiles follow it, and the recorder was given the same.
    public let lineup: Lineup
    /// In the order the session started with (nothing reorders them: sorting is the screen's).
    public internal(set) var tiles: [LiveTile]
    /// By place in `lineup.wearers`: the index of that player's tile, -1 for none; empty when a
    /// player has two tiles. An event finds its tile by index, without looking at the others.
    private let tileOfWearer: [Int32]
    public var sort: TileSort = .number
    /// The coach screen's view: the tiles, or every player's last five minutes as lines.
    public var view = LiveView.tiles
    /// Whole seconds left on the countdown at the last tick (rounded up): the beeps of the last
    /// three seconds play when it steps down to 3, 2 and 1.
    public var countdownSecond: Int64?
    /// Lap marks, ms since session start (the coach's, and each interval block's end).
    public var lapsMs: [Int64] = []
    /// The interval program chosen in the lobby, running on the session's clock; nil: a plain countdown.
    public var intervals: IntervalTimer?
    /// Two sides chosen in the lobby and their scores so far; nil: no challenge.
    public var challenge: LiveChallenge?
    /// The team's previous session with the same tags, for "vs last time"; nil until loaded, or when there is none.
    public var lastTime: LastTime?
    /// A readiness check (the players keep still for its length), not a training session; nil: training.
    public var readinessCheck: ReadinessCheckPlan?
    /// A fitness test (the run at its pace, then the recovery minute standing still), not a training session.
    public var fitnessTest: FitnessTestPlan?
    /// The test's shuttle beeps played so far (the run's start is the first).
    public var shuttleBeeps: Int64 = 0
    /// The check's results once it ended and was analysed.
    public var readinessResults: [ReadinessResult]?

    /// The lobby's plan of drills, and how many of it have been started.
    public var drillPlan: [String] = []
    public var drillPlanStarted = 0
    /// The team's library, for a drill started on the fly.
    public var drillLibrary: [String] = []
    /// The drills started so far (session offsets), the latest under way until the next or the effort's end.
    public var drills: [DrillStart] = []
    /// The sheet of the library is open over the tiles.
    public var pickingDrill = false
    public init(plannedMs: Int64?, startMs: Int64, lineup: Lineup, tiles: [LiveTile]) {
        clock = SessionClock(startMs: startMs, plannedMs: plannedMs)
        self.lineup = lineup
        self.tiles = tiles
        tileOfWearer = Self.tileOfWearer(lineup, tiles)
    }

    private static func tileOfWearer(_ lineup: Lineup, _ tiles: [LiveTile]) -> [Int32] {
        var tileOfPlayer: [Int64: Int32] = [:]
        for (i, tile) in tiles.enumerated() where tileOfPlayer.updateValue(Int32(i), forKey: tile.playerID) != nil { return [] }
        return lineup.wearers.map { tileOfPlayer[$0.playerID] ?? -1 }
    }

    /// A heart rate of a strap that tiles follow: that player's tile (by the index; every tile of
    /// theirs, looked for, should a player have two) takes it in place. `previous`: the strap's
    /// reading before this event.
    mutating func observe(_ e: SensorEvent, previous: StrapReading?, settings: KioskSettings) {
        guard let place = lineup.wearerPlace(ofStrap: e.strap) else { return }
        let playerID = lineup.wearers[place].playerID
        let accrueEffort = phase == .running
        if place < tileOfWearer.count {
            let i = Int(tileOfWearer[place])
            if i < 0 { return }
            if tiles[i].playerID == playerID {
                tiles[i].observe(bpm: Int(e.bpm), contact: e.contact, atMs: e.timestampMs, previous: previous,
                                 settings: settings, accrueEffort: accrueEffort)
                return
            }
        }
        for i in tiles.indices where tiles[i].playerID == playerID {
            tiles[i].observe(bpm: Int(e.bpm), contact: e.contact, atMs: e.timestampMs, previous: previous,
                             settings: settings, accrueEffort: accrueEffort)
        }
    }

    /// Whether the recorder runs (also through the recovery minute, and while "discard?" is asked during it).
    public var isRecording: Bool {
        switch phase {
        case .running, .paused, .confirmStop, .recovery: true
        case .confirmDiscard: phaseBeforeDiscard == .recovery
        case .starting, .finished: false
        }
    }

    /// In the recovery minute (with or without the "discard?" question on top).
    public var isInRecovery: Bool {
        phase == .recovery || (phase == .confirmDiscard && phaseBeforeDiscard == .recovery)
    }

    /// What is left of the recovery minute; nil outside it.
    public func recoveryRemainingMs(nowMs: Int64) -> Int64? {
        guard isInRecovery, let end = effortEndedAtMs else { return nil }
        return max(0, Session.recoveryMs - (nowMs - end))
    }

    /// The interval block under way and what is left of it, while the effort runs.
    public func intervalPosition(nowMs: Int64) -> (block: IntervalBlock, remainingMs: Int64)? {
        guard effortEndedAtMs == nil, phase != .starting else { return nil }
        return intervals?.position(elapsedMs: clock.elapsedMs(nowMs: nowMs))
    }

    /// The challenge's scores now, in side order.
    public var challengeScores: [Double]? { challenge?.scores(tiles: tiles) }

    /// The effort's end as a session offset (the samples' time base).
    /// The plan's next drill, nil when the plan is done (or there is none).
    public var nextPlannedDrill: String? { drillPlanStarted < drillPlan.count ? drillPlan[drillPlanStarted] : nil }

    /// The drill under way (nil before the first, and once the effort is over).
    public var currentDrill: DrillStart? { effortEndedAtMs == nil ? drills.last : nil }

    public var effortEndOffsetMs: Int64? { effortEndedAtMs.map { max(0, $0 - clock.startMs) } }
}

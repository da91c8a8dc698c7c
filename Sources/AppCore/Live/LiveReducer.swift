import TeamCore

/// The live session: start, pause/resume, lap, stop → the recovery minute → save or discard.
public enum LiveAction: Sendable, Equatable {
    /// From the lobby: a session of the included players with today's straps.
    case start
    /// From the lobby's readiness sheet: a readiness check of the included players, as planned there.
    case startReadinessCheck
    /// From the lobby's fitness test sheet: a fitness test of the included players at the pace chosen there.
    case startFitnessTest
    /// The check just taken, analysed (the answer to `Effect.loadReadinessResults`).
    case readinessResults(sessionID: Int64, [ReadinessResult])
    /// The recorder made the session row (the answer to `Effect.startSession`): the session counts from it.
    case started(SessionStart)
    case pause, resume, lap
    /// Asks first; `confirmStop` ends the effort, `cancelStop` goes on.
    case stop, cancelStop, confirmStop
    /// Ends the recovery minute early (a coach in a hurry); the data so far is kept.
    case skipRecovery
    case save
    /// Asks first; `confirmDiscard` deletes the session, `cancelDiscard` keeps it.
    case discard, cancelDiscard, confirmDiscard
    /// The answer to `Effect.loadLastTime`: the previous session with the same tags (nil: none).
    case lastTimeLoaded(LastTime?)
    case sortTiles(TileSort)
    /// The coach screen: the tiles, or the last five minutes as a graph (one tap each way).
    case showView(LiveView)
    /// A drill begins now (the plan's next, or one of the library picked on the fly); the one under way ends.
    case startDrill(String)
    /// The library's sheet opens (true) or closes.
    case pickDrill(Bool)
    /// What the live feature tells its parent: the screen follows.
    case delegate(Delegate)

    public enum Delegate: Sendable, Equatable {
        case started
        case saved(sessionID: Int64)
        /// A readiness check was kept: the season table shows it.
        case readinessSaved(sessionID: Int64)
        case discarded(sessionID: Int64)
    }
}

enum LiveReducer {
    static func reduce(_ session: inout LiveSession?, _ action: LiveAction, _ ctx: AppContext) -> Reduction {
        guard var live = session else {
            if case .start = action { return start(&session, ctx, check: nil) }
            if case .startReadinessCheck = action, let plan = ctx.lobby.readinessCheck { return start(&session, ctx, check: plan) }
            if case .startFitnessTest = action, let plan = ctx.lobby.fitnessTest { return start(&session, ctx, check: nil, test: plan) }
            return .none
        }
        // Save and discard end the session (nil); everything else writes it back.
        defer { if session != nil { session = live } }
        let now = ctx.nowMs
        switch action {
        case .start, .startReadinessCheck, .startFitnessTest: // one session at a time
            return .none
        case .readinessResults(let id, let results):
            guard live.readinessCheck != nil, live.sessionID == id else { return .none }
            live.readinessResults = results
            return .none
        case .delegate: // the root's to handle
            return .none
        case .started(let start):
            guard live.phase == .starting else { return .none }
            live.sessionID = start.sessionID
            live.clock = SessionClock(startMs: start.ms, plannedMs: live.clock.plannedMs)
            live.phase = .running
            // The first work block begins with the session: its tone is the players' "go".
            let go = live.intervals != nil || live.fitnessTest != nil ? ctx.settings.playInterval(.workStart) : nil
            let work = live.intervals != nil ? Effect.intervalBlockStarted(sessionID: start.sessionID, .work, atMs: 0) : nil
            let sides = live.challenge.map { Effect.saveChallenge(sessionID: start.sessionID, SessionChallenge(rule: $0.rule, sides: $0.sides)) }
            // "vs last time": the team's previous session with these tags, read once, now (a
            // readiness check has no effort to compare).
            let lastTime = live.readinessCheck != nil ? nil : ctx.teamID.map { Effect.loadLastTime(teamID: $0, sessionID: start.sessionID, playerIDs: live.tiles.map(\.playerID)) }
            // A plan begins with its first drill.
            var drill: Effect?
            if let first = live.nextPlannedDrill { drill = startDrill(&live, first, sessionID: start.sessionID, nowMs: start.ms) }
            return .effects(go, work, sides, lastTime, drill)
        case .lastTimeLoaded(let lastTime):
            live.lastTime = lastTime
            return .none
        case .pause:
            // A readiness check is the players keeping still, a fitness test a run at one pace: no pause, no laps.
            guard live.phase == .running, live.readinessCheck == nil, live.fitnessTest == nil, let id = live.sessionID else { return .none }
            live.phase = .paused
            live.clock.pause(atMs: now)
            return .effects(.setSessionPaused(sessionID: id, paused: true))
        case .resume:
            guard live.phase == .paused, let id = live.sessionID else { return .none }
            live.phase = .running
            live.clock.resume(atMs: now)
            return .effects(.setSessionPaused(sessionID: id, paused: false))
        case .lap:
            guard live.phase == .running, live.readinessCheck == nil, live.fitnessTest == nil, let id = live.sessionID else { return .none }
            let t = now - live.clock.startMs
            live.lapsMs.append(t)
            return .effects(.addLap(sessionID: id, tMs: t), ctx.settings.play(.lapBeep))
        case .stop:
            guard live.phase == .running || live.phase == .paused else { return .none }
            live.phaseBeforeStop = live.phase
            live.phase = .confirmStop
            return .none
        case .cancelStop:
            guard live.phase == .confirmStop else { return .none }
            live.phase = live.phaseBeforeStop
            return .none
        case .confirmStop:
            guard live.phase == .confirmStop, let id = live.sessionID else { return .none }
            return endEffort(&live, sessionID: id, nowMs: now)
        case .skipRecovery:
            guard live.phase == .recovery, let id = live.sessionID else { return .none }
            live.phase = .finished
            return .effects(.finishRecording(sessionID: id))
        case .save:
            guard live.phase == .finished || live.phase == .recovery, let id = live.sessionID, ctx.teamID != nil else { return .none }
            // Saving during the recovery minute ends the recording now: what came so far is kept.
            let stop: Effect? = live.isRecording ? .finishRecording(sessionID: id) : nil
            session = nil
            let saved: LiveAction.Delegate = live.readinessCheck != nil ? .readinessSaved(sessionID: id) : .saved(sessionID: id)
            return Reduction(effects: stop.map { [$0] } ?? [], actions: [.live(.delegate(saved))])
        case .discard:
            guard live.phase == .finished || live.phase == .recovery else { return .none }
            // The recovery minute records on while the coach decides.
            live.phaseBeforeDiscard = live.phase
            live.phase = .confirmDiscard
            return .none
        case .cancelDiscard:
            guard live.phase == .confirmDiscard else { return .none }
            live.phase = live.phaseBeforeDiscard
            return .none
        case .confirmDiscard:
            guard live.phase == .confirmDiscard, let id = live.sessionID else { return .none }
            let stop: [Effect] = live.isRecording ? [.finishRecording(sessionID: id)] : []
            session = nil
            return Reduction(effects: stop + [.deleteSession(sessionID: id)], actions: [.live(.delegate(.discarded(sessionID: id)))])
        case .sortTiles(let sort):
            live.sort = sort
            return .none
        case .showView(let view):
            live.view = view
            return .none
        case .pickDrill(let open):
            live.pickingDrill = open && live.readinessCheck == nil && live.fitnessTest == nil && (live.phase == .running || live.phase == .paused)
            return .none
        case .startDrill(let name):
            guard live.phase == .running || live.phase == .paused, live.readinessCheck == nil, live.fitnessTest == nil, let id = live.sessionID,
                  let effect = startDrill(&live, name, sessionID: id, nowMs: now) else { return .none }
            live.pickingDrill = false
            return .effects(effect, ctx.settings.play(.lapBeep))
        }
    }

    /// A drill begins at the session's offset now (pauses counted, as a lap's): the plan moves on when it is
    /// the plan's next. Nil for a name that is no drill, or a second start in the same millisecond.
    private static func startDrill(_ live: inout LiveSession, _ name: String, sessionID: Int64, nowMs: Int64) -> Effect? {
        let t = max(0, nowMs - live.clock.startMs)
        guard Drill.nameProblem(name) == nil, (live.drills.last?.startMs ?? -1) < t else { return nil }
        if name == live.nextPlannedDrill { live.drillPlanStarted += 1 }
        let drill = DrillStart(name: Drill.trimmed(name), startMs: t)
        live.drills.append(drill)
        return .startDrill(sessionID: sessionID, drill)
    }

    /// The clock moved: the countdown may have run out (the effort ends, the buzzer sounds), or
    /// the recovery minute; over the countdown's last three seconds a beep each second.
    /// An interval program's blocks end as laps, with a tone at each change and beeps over each
    /// block's last three seconds (they replace the countdown's); a challenge counts on.
    static func tick(_ session: inout LiveSession?, nowMs now: Int64, settings: KioskSettings, sensors: Sensors) -> Reduction {
        guard var live = session, let id = live.sessionID else { return .none }
        defer { session = live }
        advanceChallenge(&live, nowMs: now, sensors: sensors)
        let program = runIntervals(&live, sessionID: id, nowMs: now, settings: settings) + paceShuttles(&live, nowMs: now, settings: settings)
        if live.phase == .running || live.phase == .confirmStop, let remaining = live.clock.remainingMs(nowMs: now) {
            if remaining == 0 {
                // The countdown ran out: the buzzer for the players across the gym, the effort ends
                // by itself, the recovery minute begins.
                live.countdownSecond = 0
                return program + .effects(settings.play(.buzzer)) + endEffort(&live, sessionID: id, nowMs: now)
            }
            let second = (remaining + 999) / 1000
            defer { live.countdownSecond = second }
            if live.intervals == nil, live.fitnessTest == nil, let before = live.countdownSecond, second < before, second <= 3 {
                return .effects(settings.play(.countdownBeep))
            }
        }
        if live.recoveryRemainingMs(nowMs: now) == 0 {
            // The recovery minute is recorded: the recorder stops; save or discard.
            if live.phase == .recovery { live.phase = .finished } else { live.phaseBeforeDiscard = .finished }
            live.recoveryRecorded = true
            return program + .effects(.finishRecording(sessionID: id))
        }
        return program
    }

    /// A fitness test's pace: a beep each time a shuttle should turn (every `beepIntervalMs` of the run's clock), the run's
    /// start being the first (its "go"); none once the run is over.
    static func paceShuttles(_ live: inout LiveSession, nowMs: Int64, settings: KioskSettings) -> Reduction {
        guard let test = live.fitnessTest, live.phase == .running || live.phase == .confirmStop,
              let remaining = live.clock.remainingMs(nowMs: nowMs), remaining > 0 else { return .none }
        let due = live.clock.elapsedMs(nowMs: nowMs) / max(1, test.beepIntervalMs)
        guard due > live.shuttleBeeps else { return .none }
        live.shuttleBeeps = due
        return .effects(settings.play(.lapBeep))
    }

    /// A heart rate of a strap that tiles follow: their zone colour, high-intensity clock and,
    /// while the effort runs, effort points. `previous`: the strap's reading before this event.
    static func observe(_ session: inout LiveSession?, _ e: SensorEvent, previous: StrapReading?, settings: KioskSettings) {
        guard e.kind == .measurement || e.kind == .advert else { return }
        // In place through the optional: a copy of the session taken out and put back would copy every tile.
        session?.observe(e, previous: previous, settings: settings)
    }

    /// The effort is over (countdown at zero, or the coach stopped): the countdown stops, effort
    /// points stop accruing, and the recorder runs on for the recovery minute.
    /// An interval block under way is closed by a lap at the effort's end; a challenge's scores are kept.
    private static func endEffort(_ live: inout LiveSession, sessionID: Int64, nowMs: Int64) -> Reduction {
        if live.readinessCheck != nil { return endReadinessCheck(&live, sessionID: sessionID, nowMs: nowMs) }
        let block = live.intervalPosition(nowMs: nowMs)?.block
        live.phase = .recovery
        live.clock.pause(atMs: nowMs)
        live.effortEndedAtMs = nowMs
        let end = live.effortEndOffsetMs ?? 0
        if block != nil { live.lapsMs.append(end) }
        return .effects(block.map { .addLap(sessionID: sessionID, tMs: end, label: $0.lapLabel) },
                        .endEffort(sessionID: sessionID, atMs: end),
                        live.challenge.map { .saveChallenge(sessionID: sessionID, $0.result(tiles: live.tiles)) })
    }

    /// A readiness check ends without a recovery minute (the players were still): the recorder
    /// stops, and the check is analysed for the coach's screen and the wall.
    private static func endReadinessCheck(_ live: inout LiveSession, sessionID: Int64, nowMs: Int64) -> Reduction {
        live.phase = .finished
        live.clock.pause(atMs: nowMs)
        live.effortEndedAtMs = nowMs
        return .effects(.endEffort(sessionID: sessionID, atMs: live.effortEndOffsetMs ?? 0), .finishRecording(sessionID: sessionID),
                        .loadReadinessResults(sessionID: sessionID))
    }

    /// A session of the lobby's players: a tile for each, who wears which strap today (the
    /// lineup, which the recorder gets too), and the recorder asked for a session row (answered by `.started`).
    /// `check`: a readiness check of that length and posture instead of a training session.
    /// `test`: a fitness test at that pace (its run the countdown, then the recovery minute standing still).
    private static func start(_ session: inout LiveSession?, _ ctx: AppContext, check: ReadinessCheckPlan?, test: FitnessTestPlan? = nil) -> Reduction {
        guard ctx.screen == .lobby, let teamID = ctx.teamID,
              ctx.lobby.canStart(roster: ctx.roster, sensors: ctx.sensors, nowMs: ctx.nowMs) else { return .none }
        let participants = ctx.lobby.participants(in: ctx.roster)
        let tiles = participants.map { p in
            // With aliases the tile shows the number alone: no photo, no initials either.
            let named = !ctx.settings.showAliases
            var tile = LiveTile(playerID: p.line.playerID, name: ctx.settings.displayName(p.line.player, number: p.line.shirtNumber),
                                shirtNumber: p.line.shirtNumber, physiology: ctx.settings.physiology(of: p.line.player, year: ctx.year),
                                nameForms: ctx.settings.displayNameForms(p.line.player, number: p.line.shirtNumber),
                                initials: named ? p.line.player.initials : nil, photoVersion: named ? p.line.photoVersion : nil)
            tile.zoneModel = ctx.settings.zoneModel
            return tile
        }
        let lineup = Lineup(participants.map {
            Lineup.Wearer(playerID: $0.line.playerID, strapID: $0.strapID, strapIndex: ctx.sensors.index(ofStrap: $0.strapID))
        })
        let plannedMs = check?.lengthMs ?? test?.runMs ?? ctx.lobby.sessionPlannedMs
        var live = LiveSession(plannedMs: plannedMs, startMs: ctx.nowMs, lineup: lineup, tiles: tiles)
        live.readinessCheck = check
        live.fitnessTest = test
        if check == nil, test == nil { // a check or a test is a measurement: no program, no duel, no drills
            live.intervals = ctx.lobby.intervals.map(IntervalTimer.init(program:))
            live.challenge = challenge(ctx)
            live.drillPlan = ctx.lobby.drillPlan
            live.drillLibrary = ctx.lobby.drillLibrary.map(\.name)
        }
        session = live
        let started = Effect.startSession(teamID: teamID, lineup: lineup, plannedMs: plannedMs, tags: (check?.tags ?? test?.tags ?? ctx.lobby.tags).tags)
        return Reduction(effects: [started], actions: [.live(.delegate(.started))])
    }
}

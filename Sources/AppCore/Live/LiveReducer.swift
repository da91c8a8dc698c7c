import TeamCore

/// The live session: start, pause/resume, lap, stop → the recovery minute → save or discard.
public enum LiveAction: Sendable, Equatable {
    /// From the lobby: a session of the included players with today's straps.
    case start
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
    case sortTiles(TileSort)
    /// The coach screen: the tiles, or the last five minutes as a graph (one tap each way).
    case showView(LiveView)
    /// What the live feature tells its parent: the screen follows.
    case delegate(Delegate)

    public enum Delegate: Sendable, Equatable {
        case started
        case saved(sessionID: Int64)
        case discarded(sessionID: Int64)
    }
}

enum LiveReducer {
    static func reduce(_ session: inout LiveSession?, _ action: LiveAction, _ ctx: AppContext) -> Reduction {
        guard var live = session else {
            if case .start = action { return start(&session, ctx) }
            return .none
        }
        // Save and discard end the session (nil); everything else writes it back.
        defer { if session != nil { session = live } }
        let now = ctx.nowMs
        switch action {
        case .start: // one session at a time
            return .none
        case .delegate: // the root's to handle
            return .none
        case .started(let start):
            guard live.phase == .starting else { return .none }
            live.sessionID = start.sessionID
            live.clock = SessionClock(startMs: start.ms, plannedMs: live.clock.plannedMs)
            live.phase = .running
            return .none
        case .pause:
            guard live.phase == .running, let id = live.sessionID else { return .none }
            live.phase = .paused
            live.clock.pause(atMs: now)
            return .effects(.setSessionPaused(sessionID: id, paused: true))
        case .resume:
            guard live.phase == .paused, let id = live.sessionID else { return .none }
            live.phase = .running
            live.clock.resume(atMs: now)
            return .effects(.setSessionPaused(sessionID: id, paused: false))
        case .lap:
            guard live.phase == .running, let id = live.sessionID else { return .none }
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
            return Reduction(effects: stop.map { [$0] } ?? [], actions: [.live(.delegate(.saved(sessionID: id)))])
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
        }
    }

    /// The clock moved: the countdown may have run out (the effort ends, the buzzer sounds), or
    /// the recovery minute; over the countdown's last three seconds a beep each second.
    static func tick(_ session: inout LiveSession?, nowMs now: Int64, settings: KioskSettings) -> Reduction {
        guard var live = session, let id = live.sessionID else { return .none }
        defer { session = live }
        if live.phase == .running || live.phase == .confirmStop, let remaining = live.clock.remainingMs(nowMs: now) {
            if remaining == 0 {
                // The countdown ran out: the buzzer for the players across the gym, the effort ends
                // by itself, the recovery minute begins.
                live.countdownSecond = 0
                return .effects(settings.play(.buzzer)) + endEffort(&live, sessionID: id, nowMs: now)
            }
            let second = (remaining + 999) / 1000
            defer { live.countdownSecond = second }
            if let before = live.countdownSecond, second < before, second <= 3 {
                return .effects(settings.play(.countdownBeep))
            }
        }
        if live.recoveryRemainingMs(nowMs: now) == 0 {
            // The recovery minute is recorded: the recorder stops; save or discard.
            if live.phase == .recovery { live.phase = .finished } else { live.phaseBeforeDiscard = .finished }
            live.recoveryRecorded = true
            return .effects(.finishRecording(sessionID: id))
        }
        return .none
    }

    /// A heart rate of a strap that tiles follow: their zone colour, high-intensity clock and,
    /// while the effort runs, effort points. `previous`: the strap's reading before this event.
    static func observe(_ session: inout LiveSession?, _ e: SensorEvent, previous: StrapReading?, settings: KioskSettings) {
        guard e.kind == .measurement || e.kind == .advert, var live = session,
              let wearer = live.lineup.wearer(ofStrap: e.strap) else { return }
        for i in live.tiles.indices where live.tiles[i].playerID == wearer.playerID {
            live.tiles[i].observe(bpm: Int(e.bpm), contact: e.contact, atMs: e.timestampMs, previous: previous,
                                  settings: settings, accrueEffort: live.phase == .running)
        }
        session = live
    }

    /// The effort is over (countdown at zero, or the coach stopped): the countdown stops, effort
    /// points stop accruing, and the recorder runs on for the recovery minute.
    private static func endEffort(_ live: inout LiveSession, sessionID: Int64, nowMs: Int64) -> Reduction {
        live.phase = .recovery
        live.clock.pause(atMs: nowMs)
        live.effortEndedAtMs = nowMs
        return .effects(.endEffort(sessionID: sessionID, atMs: live.effortEndOffsetMs ?? 0))
    }

    /// A session of the lobby's players: a tile for each, who wears which strap today (the
    /// lineup, which the recorder gets too), and the recorder asked for a session row (answered by `.started`).
    private static func start(_ session: inout LiveSession?, _ ctx: AppContext) -> Reduction {
        guard ctx.screen == .lobby, let teamID = ctx.teamID,
              ctx.lobby.canStart(roster: ctx.roster, sensors: ctx.sensors, nowMs: ctx.nowMs) else { return .none }
        let participants = ctx.lobby.participants(in: ctx.roster)
        let tiles = participants.map { p in
            // With aliases the tile shows the number alone: no photo, no initials either.
            let named = !ctx.settings.showAliases
            return LiveTile(playerID: p.line.playerID, name: ctx.settings.displayName(p.line.player, number: p.line.shirtNumber),
                            shirtNumber: p.line.shirtNumber, physiology: ctx.settings.physiology(of: p.line.player, year: ctx.year),
                            nameForms: ctx.settings.displayNameForms(p.line.player, number: p.line.shirtNumber),
                            initials: named ? p.line.player.initials : nil, photoVersion: named ? p.line.photoVersion : nil)
        }
        let lineup = Lineup(participants.map {
            Lineup.Wearer(playerID: $0.line.playerID, strapID: $0.strapID, strapIndex: ctx.sensors.index(ofStrap: $0.strapID))
        })
        session = LiveSession(plannedMs: ctx.lobby.plannedMs, startMs: ctx.nowMs, lineup: lineup, tiles: tiles)
        let started = Effect.startSession(teamID: teamID, lineup: lineup, plannedMs: ctx.lobby.plannedMs, tags: ctx.lobby.tags.tags)
        return Reduction(effects: [started], actions: [.live(.delegate(.started))])
    }
}

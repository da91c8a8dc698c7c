/// The live session: start, pause/resume, lap, stop → the recovery minute → save or discard.
enum LiveReducer {
    static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        if case .startSession = action { return start(&s) }
        guard var live = s.live else { return [] }
        // Save and discard end the live session; everything else writes it back.
        var keep = true
        defer { if keep { s.live = live } }
        let now = s.nowMs
        switch action {
        case .pause:
            guard live.phase == .running, let id = live.sessionID else { return [] }
            live.phase = .paused
            live.clock.pause(atMs: now)
            return [.setSessionPaused(sessionID: id, paused: true)]
        case .resume:
            guard live.phase == .paused, let id = live.sessionID else { return [] }
            live.phase = .running
            live.clock.resume(atMs: now)
            return [.setSessionPaused(sessionID: id, paused: false)]
        case .lap:
            guard live.phase == .running, let id = live.sessionID else { return [] }
            let t = now - live.clock.startMs
            live.lapsMs.append(t)
            return [.addLap(sessionID: id, tMs: t)]
        case .stop:
            guard live.phase == .running || live.phase == .paused else { return [] }
            live.phaseBeforeStop = live.phase
            live.phase = .confirmStop
        case .cancelStop:
            guard live.phase == .confirmStop else { return [] }
            live.phase = live.phaseBeforeStop
        case .confirmStop:
            guard live.phase == .confirmStop, let id = live.sessionID else { return [] }
            return endEffort(&live, sessionID: id, nowMs: now)
        case .skipRecovery:
            guard live.phase == .recovery, let id = live.sessionID else { return [] }
            live.phase = .finished
            return [.finishRecording(sessionID: id)]
        case .save:
            guard live.phase == .finished || live.phase == .recovery, let id = live.sessionID, let teamID = s.teamID else { return [] }
            // Saving during the recovery minute ends the recording now: what came so far is kept.
            let stop: [Effect] = live.isRecording ? [.finishRecording(sessionID: id)] : []
            s.live = nil
            keep = false
            s.screen = .review
            s.review = Review()
            s.notice = "Session saved"
            return stop + [.loadSessions(teamID: teamID), .loadReview(sessionID: id), .markReviewed(sessionID: id)]
        case .discard:
            guard live.phase == .finished || live.phase == .recovery else { return [] }
            // The recovery minute records on while the coach decides.
            live.phaseBeforeDiscard = live.phase
            live.phase = .confirmDiscard
        case .cancelDiscard:
            guard live.phase == .confirmDiscard else { return [] }
            live.phase = live.phaseBeforeDiscard
        case .confirmDiscard:
            guard live.phase == .confirmDiscard, let id = live.sessionID else { return [] }
            let stop: [Effect] = live.isRecording ? [.finishRecording(sessionID: id)] : []
            s.live = nil
            keep = false
            s.screen = .lobby
            s.notice = "Session discarded"
            return stop + [.deleteSession(sessionID: id)] + (s.teamID.map { [.loadSessions(teamID: $0)] } ?? [])
        case .sortTiles(let sort):
            live.sort = sort
        default:
            break
        }
        return []
    }

    /// The effort is over (countdown at zero, or the coach stopped): the countdown stops, effort
    /// points stop accruing, and the recorder runs on for the recovery minute.
    static func endEffort(_ live: inout LiveSession, sessionID: Int64, nowMs: Int64) -> [Effect] {
        live.phase = .recovery
        live.clock.pause(atMs: nowMs)
        live.effortEndedAtMs = nowMs
        return [.endEffort(sessionID: sessionID, atMs: live.effortEndOffsetMs ?? 0)]
    }

    private static func start(_ s: inout AppState) -> [Effect] {
        guard s.screen == .lobby, s.live == nil, let teamID = s.teamID, s.canStartSession else { return [] }
        let participants = s.lobbyParticipants
        let tiles = participants.map { p in
            var tile = LiveTile(playerID: p.line.playerID, name: s.displayName(p.line.player, number: p.line.shirtNumber),
                                shirtNumber: p.line.shirtNumber, physiology: s.physiology(of: p.line.player),
                                strapIndex: s.strapIndex(of: p.strapID))
            // Straps report battery rarely: start from what the lobby already knows.
            tile.battery = tile.strapIndex.flatMap { s.readings[$0]?.battery }
            return tile
        }
        s.live = LiveSession(plannedMs: s.lobby.plannedMs, startMs: s.nowMs, tiles: tiles)
        s.screen = .live
        s.notice = nil
        return [.startSession(teamID: teamID,
                              participants: participants.map {
                                  Effect.Participant(playerID: $0.line.playerID, strapID: $0.strapID,
                                                     strapIndex: s.strapIndex(of: $0.strapID))
                              },
                              plannedMs: s.lobby.plannedMs)]
    }
}

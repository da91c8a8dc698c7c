import Foundation

/// The app's logic: `reduce(&state, action)` changes the state and returns
/// the side effects for the shell to run. Pure: no clock, no I/O.
public enum AppReducer {
    /// A notice stays this long, then goes by itself.
    public static let noticeMs: Int64 = 4000

    public static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        let notice = s.notice
        let effects = apply(&s, action)
        if s.notice != notice { s.noticeAtMs = s.nowMs }
        if s.notice != nil, s.nowMs - s.noticeAtMs >= noticeMs { s.notice = nil }
        return effects
    }

    private static func apply(_ s: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .teamsLoaded(let teams):
            s.teams = teams
            return []
        case .rosterLoaded(let teamID, let lines):
            guard teamID == s.teamID else { return [] }
            s.roster = lines
            // Players new to the roster are in by default; removed ones drop out.
            let ids = Set(lines.map(\.playerID))
            s.lobby.included = s.lobby.included.intersection(ids).union(ids.subtracting(s.knownRosterIDs))
            s.knownRosterIDs = ids
            return []
        case .strapTableLoaded(let slots):
            s.strapTable = slots
            return []
        case .sourceProblem(let problem):
            if problem == nil, s.sourceProblem != nil { s.notice = AppState.sourceBackNotice }
            s.sourceProblem = problem
            return []
        case .strapsHeard(let heard):
            for h in heard where s.slot(h.strapIndex) != nil {
                var reading = s.readings[h.strapIndex] ?? StrapReading()
                reading.rssi = h.rssi
                reading.lastHeardMs = s.nowMs
                reading.heardButBusy = !h.usable
                if let battery = h.battery { reading.battery = battery }
                s.readings[h.strapIndex] = reading
            }
            return []
        case .settingsLoaded(let settings):
            s.settings = settings
            return []
        case .sessionsLoaded(let teamID, let cards):
            if teamID == s.teamID { s.review.sessions = cards }
            return []
        case .reviewLoaded(let data):
            s.review.data = data
            s.review.selectedPlayerID = nil
            s.review.cursorMs = nil
            return []
        case .sessionStarted(let id, let startMs):
            guard var live = s.live, live.phase == .starting else { return [] }
            live.sessionID = id
            live.clock = SessionClock(startMs: startMs, plannedMs: live.clock.plannedMs)
            live.phase = .running
            s.live = live
            return []
        case .teamCreated(let teamID):
            s.teamID = teamID
            s.screen = .teamSetup
            s.roster = []
            s.knownRosterIDs = []
            s.setup = TeamSetup()
            return [.loadTeams, .loadRoster(teamID: teamID)]
        case .failed(let message):
            s.notice = message
            if s.live?.phase == .starting { s.live = nil; s.screen = .lobby }
            return []
        case .inform(let message):
            s.notice = message
            return []

        case .tick(let now):
            return tick(&s, now)
        case .sensor(let event):
            return sensor(&s, event)

        case .pickTeam(let id):
            guard s.teams.contains(where: { $0.team.id == id }) else { return [] }
            if s.teamID != id {
                s.roster = []
                s.knownRosterIDs = []
                s.lobby = Lobby()
                s.review = Review()
            }
            s.teamID = id
            s.notice = nil
            s.screen = .lobby
            return [.loadRoster(teamID: id), .loadSessions(teamID: id)]
        case .goHome:
            guard s.live?.isRecording != true else { return [] }
            s.screen = .teamPicker
            s.form = nil
            s.pin = nil
            s.notice = nil
            s.confirmation = nil
            s.setup = TeamSetup()
            return [.loadTeams]
        case .openSetup:
            guard s.teamID != nil, s.live?.isRecording != true else { return [] }
            s.screen = .teamSetup
            s.notice = nil
            return []
        case .openLobby:
            guard let id = s.teamID, s.live?.isRecording != true else { return [] }
            s.screen = .lobby
            s.notice = nil
            s.setup.pairingPlayerID = nil
            return [.loadRoster(teamID: id)]
        case .openReview:
            guard let id = s.teamID, s.live?.isRecording != true else { return [] }
            s.screen = .review
            s.notice = nil
            s.review.data = nil
            return [.loadSessions(teamID: id)]
        case .openSettings:
            guard s.live?.isRecording != true else { return [] }
            s.pin = PinEntry()
            return []

        case .newTeam, .editPlayer, .focus, .key, .backspace, .setSex, .submitForm, .cancelForm:
            return FormReducer.reduce(&s, action)

        case .setupTab, .choosePlayerForStrap, .tapStrap, .clearStrap, .removeFromTeam, .measureRest, .saveRest, .cancelRest,
             .toggleIncluded, .chooseDuration, .changeSessionStrap:
            return SetupReducer.reduce(&s, action)

        case .startSession, .pause, .resume, .lap, .stop, .cancelStop, .confirmStop, .save, .discard, .confirmDiscard,
             .cancelDiscard, .skipRecovery, .sortTiles:
            return LiveReducer.reduce(&s, action)

        case .openSession(let id):
            s.review.data = nil
            s.review.selectedPlayerID = nil
            return [.loadReview(sessionID: id), .markReviewed(sessionID: id)]
        case .closeSession:
            s.review.data = nil
            s.review.selectedPlayerID = nil
            return s.teamID.map { [.loadSessions(teamID: $0)] } ?? []
        case .selectReviewPlayer(let id):
            s.review.selectedPlayerID = id
            s.review.cursorMs = nil
            return []
        case .exportReviewedSession:
            guard s.screen == .review, let id = s.review.data?.sessionID else { return [] }
            s.notice = "Exporting…"
            return [.exportSession(sessionID: id)]
        case .reviewCursor(let ms):
            let limit = s.review.data?.durationMs ?? 0
            s.review.cursorMs = ms.map { min(max(0, $0), limit) }
            return []

        case .pinKey, .pinBackspace, .pinCancel, .changePin, .setSensor, .sourceSwitched, .setZoneModel, .setMaxFormula, .setZoneHold, .toggleWallPrivacy,
             .toggleAliases, .exportAll, .deletePlayerAndData, .confirm, .cancelConfirmation, .backupStatus, .restoreFromStick:
            return SettingsReducer.reduce(&s, action)
        }
    }

    private static func tick(_ s: inout AppState, _ now: Int64) -> [Effect] {
        guard now >= s.nowMs else { return [] }
        s.nowMs = now
        guard var live = s.live, let id = live.sessionID else { return [] }
        defer { s.live = live }
        if live.phase == .running || live.phase == .confirmStop, live.clock.remainingMs(nowMs: now) == 0 {
            // The countdown ran out: the effort ends by itself, the recovery minute begins.
            return LiveReducer.endEffort(&live, sessionID: id, nowMs: now)
        }
        if live.recoveryRemainingMs(nowMs: now) == 0 {
            // The recovery minute is recorded: the recorder stops; save or discard.
            if live.phase == .recovery { live.phase = .finished } else { live.phaseBeforeDiscard = .finished }
            live.recoveryRecorded = true
            return [.finishRecording(sessionID: id)]
        }
        return []
    }

    private static func sensor(_ s: inout AppState, _ e: SensorEvent) -> [Effect] {
        let t = Int64(e.timestampNs / 1_000_000)
        var reading = s.readings[e.strap] ?? StrapReading()
        switch e.kind {
        case .measurement, .advert:
            reading.contact = e.contact
            if e.kind == .advert || e.rssi != 0 { reading.rssi = Int(e.rssi) }
            if e.bpm > 0 && e.contact != .notDetected {
                reading.bpm = Int(e.bpm)
                reading.lastReadingMs = t
            }
            if e.battery != SensorEvent.noBattery { reading.battery = Int(e.battery) }
            if e.kind == .measurement { reading.link = .connected }
        case .battery:
            reading.battery = Int(e.battery)
        case .link:
            reading.link = e.link
            if e.rssi != 0 { reading.rssi = Int(e.rssi) }
        }
        s.readings[e.strap] = reading
        if t > s.nowMs { s.nowMs = t }

        if e.kind == .measurement || e.kind == .advert || e.kind == .battery,
           var live = s.live, live.isRecording || live.phase == .starting {
            for i in live.tiles.indices where live.tiles[i].strapIndex == e.strap {
                if e.kind == .battery {
                    live.tiles[i].battery = Int(e.battery)
                } else {
                    if e.battery != SensorEvent.noBattery { live.tiles[i].battery = Int(e.battery) }
                    live.tiles[i].take(bpm: Int(e.bpm), contact: e.contact, atMs: t, settings: s.settings,
                                       accrueEffort: live.phase == .running)
                }
            }
            s.live = live
        }
        if e.kind == .measurement || e.kind == .advert, var rest = s.setup.rest, rest.strapIndex == e.strap,
           !rest.isDone(nowMs: t), t >= rest.startMs, e.bpm > 0, e.contact != .notDetected {
            rest.sum += Int(e.bpm)
            rest.count += 1
            s.setup.rest = rest
        }
        return []
    }
}

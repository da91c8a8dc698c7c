import Localization
import AppCore
import ClubSync
import Exports
import StoredExports
import Foundation
import Recording
import SensorCore
import SessionReview
import Store
import TeamCore

/// Runs the reducer's effects against the store, the recorder, the source and the sticks, answering
/// with actions. Only the effect queue calls `perform`: an effect's answers are reduced at once, and
/// what they (or the effect, `then`) ask for next waits in the queue behind it.
extension KioskRuntime {
    /// A failure becomes the coach's notice (and a log line); the state goes on.
    func perform(_ effect: Effect) {
        do {
            try attempt(effect)
        } catch {
            Self.log.error("\(Self.describe(error))")
            dispatch(.failed(Self.message(of: error)))
        }
    }

    /// The error's line in `language`: English for the log, the kiosk's for the coach's notice.
    static func describe(_ error: Error, in language: Translator = .english) -> String {
        message(of: error).text(in: language)
    }

    /// The error as a message: the coach's notice says it in whatever language the screen speaks when drawn.
    static func message(of error: Error) -> Message {
        if let e = error as? StoreError { return e.message }
        if let e = error as? KioskError { return e.message }
        if let e = error as? SensorSourceError { return e.message }
        if let e = error as? ClubSyncError { return e.message }
        if let e = error as? any TranslatableError { return e.message }
        return Message("\(error)")  // worded elsewhere: a catalog that has it translates it
    }

    /// What an effect asks for once it is done (a reload of what it changed): queued behind the
    /// effects already waiting, as its answers' effects are.
    func then(_ effect: Effect) { run([effect]) }

    private func attempt(_ effect: Effect) throws {
        switch effect {
        case .loadTeams:
            dispatch(.teams(.loaded(try store.teams().map {
                TeamCard(team: $0.team, playerCount: $0.playerCount, lastSessionAt: $0.lastSessionAt, unreviewedSessions: $0.unreviewedSessions,
                         sessionCount: $0.sessionCount, lastTags: $0.lastTags)
            })))
        case .loadRoster(let teamID):
            dispatch(.teams(.rosterLoaded(teamID: teamID, try store.roster(teamID: teamID).map {
                RosterLine(playerID: $0.playerID, player: $0.player, shirtNumber: $0.shirtNumber, strapID: $0.strap?.id, photoVersion: $0.photoVersion)
            })))
            dispatch(.lobby(.drills(.libraryLoaded(teamID: teamID, try store.drills(teamID: teamID)))))
        case .createTeam(let name):
            let team = try store.createTeam(name: name)
            then(.loadTeams)
            dispatch(.teams(.created(teamID: team.id)))
        case .savePlayer(let teamID, let playerID, let player, let shirt):
            if let playerID {
                try store.updatePlayer(playerID, player)
                try store.setShirtNumber(teamID: teamID, playerID: playerID, shirt)
            } else {
                try store.addPlayer(player, toTeam: teamID, shirtNumber: shirt)
            }
            then(.loadRoster(teamID: teamID))
        case .removeFromTeam(let teamID, let playerID):
            try store.removeMembership(teamID: teamID, playerID: playerID)
            then(.loadRoster(teamID: teamID))
        case .assignStrap(let teamID, let playerID, let strapID):
            try store.assignStrap(strapID, teamID: teamID, playerID: playerID)
            then(.loadRoster(teamID: teamID))
        case .startSession(let teamID, let lineup, let plannedMs, let tags):
            try startRecording(teamID: teamID, lineup: lineup, plannedMs: plannedMs, tags: tags)
        case .loadLastTime(let teamID, let sessionID, let playerIDs):
            try loadLastTime(teamID: teamID, sessionID: sessionID, playerIDs: playerIDs)
        case .setSessionPaused(let id, let paused):
            try store.setSessionState(id, paused ? .paused : .running)
        case .addLap(let id, let tMs, let label):
            try store.addLap(Lap(sessionID: id, tMs: tMs, label: label))
        case .saveChallenge(let id, let challenge):
            try store.saveChallenge(id, challenge)
        case .endEffort(let id, let atMs):
            guard let recorder, recorder.start.sessionID == id else { return try store.setEffortEnd(id, tMs: atMs) }
            // Simulated players rest from the effort's end, so the recovery minute shows their hearts slowing.
            sources.pump.setWorkload(.resting, atNs: recorder.start.ns &+ UInt64(max(0, atMs)) * 1_000_000)
            try recorder.endEffort(atOffsetMs: atMs)
        case .addDrill(let teamID, let name):
            try store.addDrill(teamID: teamID, name: name)
            dispatch(.lobby(.drills(.libraryLoaded(teamID: teamID, try store.drills(teamID: teamID)))))
        case .startDrill(let id, let drill):
            try store.startDrill(id, drill)
        case .intervalBlockStarted(let id, let kind, let atMs):
            guard let recorder, recorder.start.sessionID == id else { return }
            sources.pump.setWorkload(kind == .work ? .sprinting : .resting, atNs: recorder.start.ns &+ UInt64(max(0, atMs)) * 1_000_000)
        case .finishRecording(let id):
            try finishRecording(sessionID: id)
        case .deleteSession(let id):
            try store.deleteSession(id)
        case .loadSessions(let teamID):
            let finished = try SessionReview.sessionList(store: store, teamID: teamID)
                .filter { $0.overview.session.state != .running && $0.overview.session.state != .paused }
            dispatch(.review(.sessionsLoaded(teamID: teamID, finished.map { entry in
                let s = entry.overview.session
                return SessionCard(sessionID: s.id, startedAt: s.startedAt, durationMs: ReviewScreenLoader.durationMs(s),
                                   playerCount: entry.overview.playerCount, reviewed: s.reviewed, effortMs: entry.overview.effortMs,
                                   tags: s.tags, averageBPM: entry.averageBPM)
            })))
        case .loadReview(let id):
            dispatch(.review(.loaded(try ReviewScreenLoader(store: store).load(sessionID: id))))
        case .loadDrillSeason(let teamID, let drill):
            dispatch(.review(.drillSeasonLoaded(try SessionReview.drillSeason(store: store, teamID: teamID, name: drill).sheet)))
        case .markReviewed(let id):
            try store.markReviewed(id)
        case .setMeasuredMaxHR(let playerID, let bpm):
            try store.setMeasuredMaxHR(playerID: playerID, bpm: bpm)
        case .dismissMaxHR(let playerID, let bpm):
            try store.dismissMaxHR(playerID: playerID, bpm: bpm)
        case .loadRatingSheet(let id):
            let sheet = try SessionReview.ratingSheet(store: store, sessionID: id)
            dispatch(.review(.rating(.loaded(RatingSheet(
                sessionID: id, lines: sheet.lines.map { RatingLine(playerID: $0.playerID, name: $0.name, number: $0.number,
                                                                   rpe: $0.rating?.rpe, byCoach: $0.rating?.byCoach ?? false) },
                windowOpen: sheet.windowClosesAt.map { wallClock <= $0 } ?? false, windowClosesAt: sheet.windowClosesAt)))))
        case .saveRating(let id, let playerID, let rpe, let byCoach):
            // The kiosk's clock decides the window, as it dated the session.
            let kept = try store.rateSession(id, playerID: playerID, rpe: rpe, at: wallClock, byCoach: byCoach)
            dispatch(.review(.rating(.saved(playerID: playerID, rpe: kept.rpe, byCoach: kept.byCoach))))
        case .loadCheckIn(let teamID):
            let sheet = try SeasonScreenLoader(store: store).checkIn(teamID: teamID, on: wallClock)
            dispatch(.checkIn(.loaded(day: sheet.day, sheet.lines)))
        case .saveWellness(let teamID, let number, let answers):
            // The kiosk's clock decides the day, as it dates sessions.
            let kept = try store.recordWellness(teamID: teamID, number: number, day: CalendarDay(wallClock, in: .current), answers: answers,
                                                at: wallClock)
            dispatch(.checkIn(.saved(playerID: kept.entry.playerID)))
        case .loadFlags(let teamID):
            dispatch(.lobby(.attention(.loaded(teamID: teamID, try SeasonScreenLoader(store: store).attention(teamID: teamID, on: wallClock)))))
        case .dismissFlag(let teamID, let key):
            // The kiosk's clock decides the day, as it dates sessions.
            try store.dismissFlag(teamID: teamID, key: key, on: CalendarDay(wallClock, in: .current), at: wallClock)
            dispatch(.lobby(.attention(.dismissed(key: key))))
        case .loadSeason(let teamID):
            dispatch(.season(.loaded(try SeasonScreenLoader(store: store).table(teamID: teamID, on: wallClock))))
        case .loadPlayerHistory(let playerID):
            guard let teamID = state.teamID else { return }
            dispatch(.season(.historyLoaded(try SeasonScreenLoader(store: store).history(playerID: playerID, teamID: teamID, on: wallClock))))
        case .loadReadinessResults(let id):
            dispatch(.live(.readinessResults(sessionID: id, try SeasonScreenLoader(store: store).readinessResults(sessionID: id))))
        case .switchSource(let choice):
            sources.switchSource(to: choice)
        case .saveSettings(let settings):
            for (key, value) in settings.keyValues(changedSince: persistedSettings) {
                try store.saveKioskSetting(key, value)
            }
            persistedSettings = settings
        case .exportSession(let id):
            let store = store
            sticks.runExport { directory in
                let files = try SessionExport(store: store, sessionID: id).write(SessionExport.Format.allCases, to: directory).count
                return Message(Nn_("Exported {n} file to {folder}", "Exported {n} files to {folder}"), n: files, ["folder": directory])
            }
        case .exportAll:
            let store = store
            sticks.runExport { directory in
                let count = try SessionExport.writeFinishedSessions(store: store, to: directory)
                return Message(Nn_("Exported {n} session to {folder}", "Exported {n} sessions to {folder}"), n: count, ["folder": directory])
            }
        case .exportPlayerData(let playerID):
            let store = store
            sticks.runExport { directory in
                let path = try StoredPlayerData.write(store: store, playerID: playerID, to: directory)
                return Message(N_("Player's data written to {folder}: {file}"), ["folder": directory, "file": (path as NSString).lastPathComponent])
            }
        case .restoreFromStick:
            try restoreFromStick()
        case .finishRestore(let restored):
            finishRestore(restored: restored)
        case .playSound(let sound, let volume):
            speaker?.play(sound, volumePercent: volume)
        case .speak(let cue, let volume):
            speaker?.say(cue, volumePercent: volume)
        case .importPhotos(let teamID):
            sticks.importPhotos(teamID: teamID)
        case .erasePlayer(let playerID):
            guard recorder == nil else { throw KioskError(Message(N_("finish the session before erasing a player"))) }
            // Off the loop: deleting a season of readings and compacting the file take seconds on a board.
            let store = store
            sticks.jobs.submit(then: .loadPlayers) {
                let erased = try store.erasePlayer(playerID, by: "kiosk settings (PIN)")
                return Message(Nn_("Player erased: {readings} readings in {n} session", "Player erased: {readings} readings in {n} sessions"),
                               n: erased.sessions, ["readings": "\(erased.samples)"])
            }
        case .loadPlayers, .loadStraps, .forgetStrap, .renameTeam, .setTeamColour, .deleteTeam, .addExistingPlayer,
             .labelStrap, .saveClubPlayer, .importPlayerPhoto, .removePlayerPhoto:
            try performClubEffect(effect)
        case .loadClubSyncStatus, .joinClub, .syncClubNow, .leaveClub:
            try performClubSyncEffect(effect)
        }
    }


    /// The session's row and its recorder, from one reading of the clock: the `SessionStart` every
    /// offset counts from, handed to the reducer too.
    private func startRecording(teamID: Int64, lineup: Lineup, plannedMs: Int64?, tags: [String]) throws {
        let now = nowNs
        let recorder = try SessionRecorder(store: store, teamID: teamID, lineup: lineup, plannedMs: plannedMs,
                                           zoneModel: state.settings.values.zoneModel, formula: state.settings.values.maxFormula, tags: tags,
                                           date: wallClock, nowNs: now)
        // Simulated players keep still through a readiness check; otherwise they train.
        sources.pump.setWorkload(SessionTags(stored: tags).isReadinessCheck ? .still : .training, atNs: now)
        sources.pump.recorder = recorder
        dispatch(.live(.started(recorder.start)))
    }

    private func finishRecording(sessionID: Int64) throws {
        guard let recorder, recorder.start.sessionID == sessionID else { return }
        // What is still in the ring happened before now: to the recorder and the tiles, as every event.
        try sources.finishRecording()
        SessionReview.warmCache(store: store, sessionID: sessionID)
        try clubSync.sessionSaved()
    }
}

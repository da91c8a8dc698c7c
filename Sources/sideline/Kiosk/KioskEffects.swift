import Foundation
import SensorHub
import SessionReview
import Store
import TeamCore

/// Runs the reducer's effects against the store and the recorder, answering with actions.
extension KioskApp {
    func run(_ effect: Effect) {
        do {
            try perform(effect)
        } catch {
            Self.log.error("\(Self.describe(error))")
            dispatch(.failed(Self.describe(error)))
        }
    }

    static func describe(_ error: Error) -> String {
        if let e = error as? StoreError { return e.description }
        if let e = error as? UserError { return e.description }
        if let e = error as? SensorSourceError { return e.description }
        return "\(error)"
    }

    private func perform(_ effect: Effect) throws {
        switch effect {
        case .loadTeams:
            dispatch(.teams(.loaded(try store.teams().map {
                TeamCard(team: $0.team, playerCount: $0.playerCount, lastSessionAt: $0.lastSessionAt, unreviewedSessions: $0.unreviewedSessions,
                         sessionCount: $0.sessionCount, lastTags: $0.lastTags)
            })))
        case .loadRoster(let teamID):
            dispatch(.teams(.rosterLoaded(teamID: teamID, try store.roster(teamID: teamID).map {
                RosterLine(player: $0.player, shirtNumber: $0.shirtNumber, strapID: $0.strap?.id, photoVersion: $0.photoVersion)
            })))
        case .createTeam(let name):
            let team = try store.createTeam(name: name)
            run(.loadTeams)
            if let id = team.id { dispatch(.teams(.created(teamID: id))) }
        case .savePlayer(let teamID, let player, let shirt):
            if player.id == nil {
                try store.addPlayer(player, toTeam: teamID, shirtNumber: shirt)
            } else {
                try store.updatePlayer(player)
                try store.setShirtNumber(teamID: teamID, playerID: player.id!, shirt)
            }
            run(.loadRoster(teamID: teamID))
        case .removeFromTeam(let teamID, let playerID):
            try store.removeMembership(teamID: teamID, playerID: playerID)
            run(.loadRoster(teamID: teamID))
        case .assignStrap(let teamID, let playerID, let strapID):
            try store.assignStrap(strapID, teamID: teamID, playerID: playerID)
            run(.loadRoster(teamID: teamID))
        case .startSession(let teamID, let participants, let plannedMs, let tags):
            try startRecording(teamID: teamID, participants: participants, plannedMs: plannedMs, tags: tags)
        case .setSessionPaused(let id, let paused):
            try store.setSessionState(id, paused ? .paused : .running)
        case .addLap(let id, let tMs):
            try store.addLap(Lap(sessionID: id, tMs: tMs))
        case .endEffort(let id, let atMs):
            // Simulated players rest from the effort's end, so the recovery minute shows their hearts slowing.
            if let recorder {
                source.setWorkload(.resting, atNs: (recorder.recording.startNs + UInt64(max(0, atMs)) * 1_000_000) &- clockOffsetNs)
            }
            try store.setEffortEnd(id, tMs: atMs)
        case .finishRecording(let id):
            try finishRecording(sessionID: id)
        case .deleteSession(let id):
            try store.deleteSession(id)
        case .loadSessions(let teamID):
            let finished = try SessionReview.sessionList(store: store, teamID: teamID)
                .filter { $0.overview.session.state != .running && $0.overview.session.state != .paused }
            dispatch(.review(.sessionsLoaded(teamID: teamID, finished.map { entry in
                let s = entry.overview.session
                return SessionCard(sessionID: s.id ?? 0, startedAt: s.startedAt, durationMs: ReviewScreenLoader.durationMs(s),
                                   playerCount: entry.overview.playerCount, reviewed: s.reviewed, effortMs: entry.overview.effortMs,
                                   tags: s.tags, averageBPM: entry.averageBPM)
            })))
        case .loadReview(let id):
            dispatch(.review(.loaded(try ReviewScreenLoader(store: store).load(sessionID: id))))
        case .markReviewed(let id):
            try store.markReviewed(id)
        case .switchSource(let choice):
            switchSource(to: choice)
        case .saveSettings(let settings):
            for (key, value) in settings.keyValues(changedSince: persistedSettings) {
                try store.saveKioskSetting(key, value)
            }
            persistedSettings = settings
        case .exportSession(let id):
            let store = store
            runExport { directory in
                let files = try SessionExporter.export(store: store, sessionID: id, to: directory)
                return "Exported \(files) file\(files == 1 ? "" : "s") to \(directory)"
            }
        case .exportAll:
            let store = store
            runExport { directory in
                let count = try SessionExporter.exportAll(store: store, to: directory)
                return "Exported \(count) session\(count == 1 ? "" : "s") to \(directory)"
            }
        case .restoreFromStick:
            try restoreFromStick()
        case .playSound(let sound, let volume):
            play(sound, volumePercent: volume)
        case .importPhotos(let teamID):
            importPhotos(teamID: teamID)
        case .deletePlayerAndData(let playerID):
            try store.deletePlayerAndData(playerID)
            if let teamID = state.teamID { run(.loadRoster(teamID: teamID)) }
            run(.loadTeams)
            run(.loadPlayers)
        case .loadPlayers, .loadStraps, .forgetStrap, .renameTeam, .setTeamColour, .deleteTeam, .addExistingPlayer:
            try performClubEffect(effect)
        }
    }


    private func startRecording(teamID: Int64, participants: [Effect.Participant], plannedMs: Int64?, tags: [String]) throws {
        let startedAt = wallClock
        let session = try store.startSession(teamID: teamID,
                                             participants: participants.map { Participant(playerID: $0.playerID, strapID: $0.strapID) },
                                             plannedDurationMs: plannedMs, zoneModel: state.settings.zoneModel,
                                             formula: state.settings.maxFormula, tags: tags, at: startedAt)
        var wearers: [UInt16: SessionRecording.Wearer] = [:]
        for p in participants {
            if let index = p.strapIndex, let strapID = p.strapID {
                wearers[index] = SessionRecording.Wearer(playerID: p.playerID, strapID: strapID)
            }
        }
        // Events already in the ring belong before the start; the recorder counts them as early.
        let startNs = appNowNs
        source.setWorkload(.training, atNs: startNs &- clockOffsetNs)
        recorder = LiveRecorder(store: store, sessionID: session.id!, startNs: startNs, wearers: wearers)
        recordingStartedAt = startedAt
        dispatch(.live(.started(sessionID: session.id!, startMs: Int64(startNs / 1_000_000))))
    }

    private func finishRecording(sessionID: Int64) throws {
        guard let recorder else { return }
        let now = appNowNs
        // What is still in the ring happened before now: take it first.
        drainEvents { recorder.ingest($0) }
        self.recorder = nil
        try recorder.commitIfDue(nowNs: now, force: true)
        try store.endSession(sessionID, at: recordingStartedAt.addingTimeInterval(Double(recorder.recording.offsetMs(now)) / 1000))
        SessionReview.warmCache(store: store, sessionID: sessionID)
    }
}

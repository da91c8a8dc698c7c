import AppCore
import SessionReview
import Store
import TeamCore

/// "vs last time": the team's previous session with the same tags (the same test repeated), read
/// once as a session starts — each player's effort points by the minute, by the rule the tiles
/// earn them, under that session's own physiology and zone model.
extension KioskRuntime {
    func loadLastTime(teamID: Int64, sessionID: Int64, playerIDs: [Int64]) throws {
        let today = try store.session(sessionID)
        guard let previous = try store.sessions(teamID: teamID, startedBefore: today.startedAt)
            .first(where: { $0.id != sessionID && ReviewScreenLoader.isComparable($0, to: today) }) else {
            return dispatch(.live(.lastTimeLoaded(nil)))
        }
        let wanted = Set(playerIDs)
        let series = try store.recordedSeries(previous.id, includingRR: false)
        var curves: [Int64: [Double]] = [:]
        for player in try store.sessionPlayers(previous.id) where wanted.contains(player.playerID) {
            guard let samples = series.samples[player.playerID], !samples.isEmpty else { continue }
            curves[player.playerID] = EffortCurve.perMinute(samples, physiology: player.physiology, model: previous.zoneModel,
                                                            effortEndMs: previous.effortEndMs)
        }
        dispatch(.live(.lastTimeLoaded(LastTime(sessionID: previous.id, startedAt: previous.startedAt, pointsByMinute: curves))))
    }
}

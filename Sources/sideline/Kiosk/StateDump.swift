import Foundation
import TeamCore

/// The app state as JSON, so tests outside the process can check what the coach sees.
enum StateDump {
    static func json(_ app: KioskApp) -> [String: Any] {
        let s = app.state
        var out: [String: Any] = [
            "screen": s.screen.rawValue,
            "nowMs": s.nowMs,
            "framesDrawn": app.framesDrawn,
            "notice": s.notice.map { $0 as Any } ?? NSNull(),
            "sourceProblem": s.sensors.problem.map { $0 as Any } ?? NSNull(),
            "source": s.sensors.description,
            "backups": ["last": s.backups.lastBackup.map { $0 as Any } ?? NSNull(),
                        "onStick": s.backups.stickBackup.map { $0 as Any } ?? NSNull()],
            "straps": s.sensors.strapTable.enumerated().map { i, slot -> [String: Any] in
                let r = s.sensors.readings[UInt16(i)] ?? StrapReading()
                return ["address": slot.address, "name": slot.name, "link": "\(r.link)", "streaming": r.hasSignal(nowMs: s.nowMs)]
            },
            "teams": s.teams.map { ["id": $0.team.id ?? 0, "name": $0.team.name, "players": $0.playerCount, "unreviewed": $0.unreviewedSessions] },
            "teamID": s.teamID.map { $0 as Any } ?? NSNull(),
            "roster": s.roster.map { ["playerID": $0.playerID, "name": $0.player.fullName, "number": $0.shirtNumber,
                                      "strapID": $0.strapID.map { $0 as Any } ?? NSNull(), "restingHR": $0.player.restingHR] },
            "lobby": ["included": s.lobbyParticipants.map(\.line.playerID).sorted(), "plannedMs": s.lobby.plannedMs.map { $0 as Any } ?? NSNull(), "canStart": s.canStartSession],
            "settings": Dictionary(uniqueKeysWithValues: s.settings.keyValues.map { ($0.0, $0.1) }),
            "form": s.form.map { f in ["title": f.title, "problems": f.problems,
                                       "values": Dictionary(uniqueKeysWithValues: f.values.map { ($0.key.rawValue, $0.value) })] } ?? NSNull(),
            "review": ["sessions": s.review.sessions.map { ["id": $0.sessionID, "durationMs": $0.durationMs, "players": $0.playerCount] },
                       "open": s.review.data.map { $0.sessionID as Any } ?? NSNull(),
                       "selectedPlayer": s.review.selectedPlayerID.map { $0 as Any } ?? NSNull(),
                       "effortEndMs": s.review.data?.effortEndMs.map { $0 as Any } ?? NSNull(),
                       "zoneModel": s.review.data.map { $0.zoneModel.rawValue as Any } ?? NSNull(),
                       "players": s.review.data?.players.map { p -> [String: Any] in
                           ["playerID": p.playerID, "name": p.name, "number": p.shirtNumber, "samples": p.series.count,
                            "avg": p.digest.averageBPM ?? 0, "max": p.digest.maxBPM ?? 0, "digest": digest(p.digest),
                            "figures": Dictionary(p.analytics.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })]
                       } ?? [[String: Any]]()] as [String: Any],
        ]
        if let live = s.live {
            let rects = app.main.view.hits.tileRects
            out["live"] = [
                "phase": live.phase.rawValue, "sessionID": live.sessionID.map { $0 as Any } ?? NSNull(),
                "elapsedMs": live.clock.elapsedMs(nowMs: s.nowMs), "remainingMs": live.clock.remainingMs(nowMs: s.nowMs).map { $0 as Any } ?? NSNull(),
                "laps": live.lapsMs, "sort": live.sort.rawValue,
                "effortEndMs": live.effortEndOffsetMs.map { $0 as Any } ?? NSNull(),
                "recoveryRemainingMs": live.recoveryRemainingMs(nowMs: s.nowMs).map { $0 as Any } ?? NSNull(),
                "tiles": s.shownTiles.map { t -> [String: Any] in
                    let r = rects[t.playerID]
                    return ["playerID": t.playerID, "name": t.name, "number": t.shirtNumber, "bpm": t.bpm,
                            "signal": t.hasSignal, "zone": t.shownZone.rawValue,
                            "percentOfMax": t.percentOfMax, "effort": t.effortPoints,
                            "flagged": t.isFlagged(nowMs: s.nowMs, alertMs: s.settings.highIntensityAlertMs),
                            "rect": r.map { [$0.x, $0.y, $0.w, $0.h] } ?? []]
                },
            ] as [String: Any]
        } else {
            out["live"] = NSNull()
        }
        return out
    }

    /// Every number of a review player, unrounded (null when there is none), so a test can
    /// compare them with the exports.
    private static func digest(_ d: SessionDigest) -> [String: Any] {
        func value<T>(_ x: T?) -> Any { x.map { $0 as Any } ?? NSNull() }
        return ["samples": d.samples, "signalMs": d.signalMs, "averageBPM": value(d.averageBPM), "minBPM": value(d.minBPM),
                "maxBPM": value(d.maxBPM), "peakPercentOfMax": value(d.peakPercentOfMax), "zoneMs": d.zoneMs, "kcal": value(d.kcal),
                "banisterTRIMP": value(d.banisterTRIMP), "effortPoints": value(d.effortPoints),
                "recoveryBPM": value(d.recoveryBPM), "rmssdMs": value(d.rmssdMs)]
    }

    static func write(_ app: KioskApp, to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: json(app), options: [.prettyPrinted, .sortedKeys])
        guard FileManager.default.createFile(atPath: path, contents: data) else { throw UserError("cannot write \(path)") }
    }
}

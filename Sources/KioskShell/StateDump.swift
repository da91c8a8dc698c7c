import AppCore
import Foundation
import Kiosk
import KioskUI
import Localization
import TeamCore

/// The app state as JSON, so tests outside the process can check what the coach sees.
public enum StateDump {
    // Parts of `json` as functions of their own, and the larger parts built one key a statement: one dictionary literal of
    // every part was more than Debian's Swift 6.2.3 (the arm64 build's) would type-check in its time, and so were
    // `json`'s and `checkIn`'s literals after the first split.
    private static func lobby(_ s: AppState) -> [String: Any] {
        ["included": s.lobbyParticipants.map(\.line.playerID).sorted(), "plannedMs": s.lobby.plannedMs.map { $0 as Any } ?? NSNull(),
         "canStart": s.canStartSession, "tags": s.lobby.tags.tags, "editingTags": s.lobby.editingTags,
         "intervals": s.lobby.intervals.map { $0.label as Any } ?? NSNull(), "editingIntervals": s.lobby.editingIntervals,
         "challengeSides": Dictionary(uniqueKeysWithValues: s.lobby.challengeSides.map { ("\($0.key)", $0.value) }),
         "editingChallenge": s.lobby.editingChallenge,
         "lackingConsent": s.playersLackingConsent.map(\.playerID),
         "drillLibrary": s.lobby.drillLibrary.map(\.name), "drillPlan": s.lobby.drillPlan, "editingDrills": s.lobby.editingDrills,
         "readinessCheck": s.lobby.readinessCheck.map(SeasonDump.plan) ?? NSNull(),
         "fitnessTest": s.lobby.fitnessTest.map(SeasonDump.plan) ?? NSNull(),
         "attention": s.lobby.attention.map { lines in
             lines.map { ["key": $0.key, "title": $0.title, "subject": $0.subject, "reason": $0.reason] } as Any
         } ?? NSNull(),
         "showingAttention": s.lobby.showingAttention]
    }

    /// A value, or JSON's null when there is none.
    private static func orNull<T>(_ x: T?) -> Any { x.map { $0 as Any } ?? NSNull() }

    /// Where the wall drew each player's tile (by player id), for a test of its pixels; null with no wall.
    private static func wallTileRects(_ app: KioskApp) -> Any {
        guard let wall = app.wall else { return NSNull() }
        let rects: [String: [Int]] = Dictionary(uniqueKeysWithValues: wall.view.hits.tileRects.map { ("\($0.key)", [$0.value.x, $0.value.y, $0.value.w, $0.value.h]) })
        return rects
    }

    private static func checkIn(_ s: AppState, _ app: KioskApp) -> Any {
        guard let c = s.checkIn else { return NSNull() }
        var d: [String: Any] = [:]
        d["returnTo"] = c.returnTo.rawValue
        d["day"] = orNull(c.day.map { $0.label })
        d["answered"] = c.answeredCount
        d["wallTiles"] = wallTileRects(app)
        d["choosing"] = orNull(c.choosing)
        d["draft"] = c.draft.map { orNull($0) }
        d["lines"] = c.lines.map { ["playerID": $0.playerID, "name": $0.name, "number": $0.number, "answered": $0.answered] as [String: Any] }
        return d
    }

    private static func review(_ s: AppState, _ app: KioskApp) -> [String: Any] {
        var d: [String: Any] = [:]
        d["sessions"] = s.review.sessions.map { c -> [String: Any] in
            ["id": c.sessionID, "durationMs": c.durationMs, "players": c.playerCount, "effortMs": c.effortMs, "tags": c.tags,
             "averageBPM": orNull(c.averageBPM), "reviewed": c.reviewed]
        }
        d["tagFilter"] = orNull(s.review.tagFilter)
        d["filterTags"] = s.review.filterTags
        d["shown"] = s.review.shownSessions.map(\.sessionID)
        d["tags"] = orNull(s.review.data.map { $0.tags })
        d["open"] = orNull(s.review.data.map { $0.sessionID })
        d["selectedPlayer"] = orNull(s.review.selectedPlayerID)
        d["effortEndMs"] = orNull(s.review.data?.effortEndMs)
        d["zoneModel"] = orNull(s.review.data.map { $0.zoneModel.rawValue })
        d["spotlight"] = orNull(s.review.spotlightPlayerID)
        let intervalBlocks: [[String: Any]] = s.review.data?.intervalBlocks.compactMap { b -> [String: Any]? in
            b.intervalLabel.map { ["kind": $0.kind.rawValue, "number": $0.number, "of": $0.of, "fromMs": b.fromMs, "toMs": b.toMs] }
        } ?? []
        d["intervalBlocks"] = intervalBlocks
        d["challenge"] = s.review.data?.challenge.map(challenge) ?? NSNull()
        let drills: [[String: Any]] = s.review.data?.drills.map { d -> [String: Any] in
            ["name": d.phase.name, "fromMs": d.phase.fromMs, "toMs": d.phase.toMs, "team": Self.drillNumbers(d.team)]
        } ?? []
        d["drills"] = drills
        d["drillSeason"] = orNull(s.review.drillSeason.map { sheet -> [String: Any] in
            ["drill": sheet.drill,
             "weeks": sheet.weeks.map { ["label": $0.monday.label, "sessions": $0.sessions, "team": Self.drillNumbers($0.team)] as [String: Any] }]
        })
        let maxHRSuggestions: [[String: Any]] = s.review.data?.maxHRSuggestions.map { m -> [String: Any] in
            ["playerID": m.playerID, "name": m.name, "observedBPM": m.observedBPM, "onFileBPM": m.onFileBPM,
             "onFileSource": m.onFileSource.rawValue]
        } ?? []
        d["maxHRSuggestions"] = maxHRSuggestions
        d["panel"] = s.review.panel.rawValue
        d["rating"] = orNull(s.review.rating.map { r -> [String: Any] in
            ["sessionID": r.sessionID, "windowOpen": r.windowOpen, "coach": r.coach, "rated": r.ratedCount,
             "choosing": orNull(r.choosing), "wallTiles": wallTileRects(app),
             "lines": r.lines.map { l -> [String: Any] in
                 ["playerID": l.playerID, "name": l.name, "number": l.number, "rpe": orNull(l.rpe), "byCoach": l.byCoach]
             }]
        })
        let teamBand: [[String: Any]] = s.review.data?.teamBand.map {
            ["tMs": $0.tMs, "mean": $0.meanBPM, "min": $0.minBPM, "max": $0.maxBPM] as [String: Any]
        } ?? []
        d["teamBand"] = teamBand
        let players: [[String: Any]] = s.review.data?.players.map { p -> [String: Any] in
            let previous: Any = orNull(p.previous.map { ["sessionID": $0.sessionID, "digest": digest($0.digest), "samples": $0.series.count] as [String: Any] })
            let panelLines: [String: Any] = ["heartRate": panelLines(ReviewPanelLines.heartRate(p)), "hrv": panelLines(ReviewPanelLines.hrv(p))]
            return ["playerID": p.playerID, "name": p.name, "number": p.shirtNumber, "samples": p.series.count,
                    "avg": p.digest.averageBPM ?? 0, "max": p.digest.maxBPM ?? 0, "digest": digest(p.digest), "previous": previous,
                    "figures": Dictionary(p.analytics.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a }), "panelLines": panelLines]
        } ?? []
        d["players"] = players
        return d
    }

    private static func live(_ s: AppState, _ app: KioskApp) -> Any {
        guard let live = s.live else { return NSNull() }
        let rects = app.main.view.hits.tileRects
        let parts = app.main.view.tileParts
        let nameFits = app.main.view.tileNameFits
        var d: [String: Any] = [:]
        d["view"] = live.view.rawValue
        d["wallTiles"] = orNull(app.wall.map { wall in
            Self.tiles(rects: wall.view.hits.tileRects, parts: wall.view.tileParts, nameFits: wall.view.tileNameFits)
        })
        d["phase"] = live.phase.rawValue
        d["sessionID"] = orNull(live.sessionID)
        d["elapsedMs"] = live.clock.elapsedMs(nowMs: s.nowMs)
        d["remainingMs"] = orNull(live.clock.remainingMs(nowMs: s.nowMs))
        d["laps"] = live.lapsMs
        d["sort"] = live.sort.rawValue
        d["drills"] = live.drills.map { ["name": $0.name, "startMs": $0.startMs] as [String: Any] }
        d["nextDrill"] = orNull(live.nextPlannedDrill)
        d["pickingDrill"] = live.pickingDrill
        d["interval"] = orNull(live.intervalPosition(nowMs: s.nowMs).map { block, remaining -> [String: Any] in
            ["block": block.lapLabel, "kind": block.kind.rawValue, "remainingMs": remaining, "shown": block.shown(remainingMs: remaining)]
        })
        d["challenge"] = live.challenge.map { c -> Any in
            challenge(SessionChallenge(rule: c.rule, sides: zip(c.sides, live.challengeScores ?? []).map { side, score in
                SessionChallenge.Side(name: side.name, playerIDs: side.playerIDs, score: score)
            }))
        } ?? NSNull()
        d["lastTimeSession"] = orNull(live.lastTime.map { $0.sessionID })
        d["effortEndMs"] = orNull(live.effortEndOffsetMs)
        d["recoveryRemainingMs"] = orNull(live.recoveryRemainingMs(nowMs: s.nowMs))
        d["readinessCheck"] = live.readinessCheck.map(SeasonDump.plan) ?? NSNull()
        d["fitnessTest"] = live.fitnessTest.map(SeasonDump.plan) ?? NSNull()
        d["shuttleBeeps"] = live.shuttleBeeps
        d["readinessResults"] = orNull(live.readinessResults.map { $0.map(SeasonDump.result) })
        d["tiles"] = s.shownTiles.map { t -> [String: Any] in
            let r = rects[t.playerID]
            var tile: [String: Any] = ["playerID": t.playerID, "name": t.name, "number": t.shirtNumber, "bpm": t.bpm,
                                       "signal": t.hasSignal, "notFound": t.notFound, "zone": t.shownZone.rawValue]
            tile["percentOfMax"] = t.percentOfMax
            tile["shownPercent"] = t.shownPercent
            tile["zoneModel"] = t.zoneModel.rawValue
            tile["effort"] = t.effortPoints
            tile["kcal"] = t.kcal
            tile["versusLastTime"] = orNull(t.versusLastTime)
            tile["battery"] = orNull(t.battery)
            tile["recentPoints"] = t.tile.recent.points.count
            tile["parts"] = Self.parts(parts[t.playerID] ?? [])
            tile["nameFit"] = nameFits[t.playerID].map(Self.nameFit) ?? NSNull()
            tile["flagged"] = t.isFlagged(nowMs: s.nowMs, alertMs: s.settings.values.highIntensityAlertMs)
            let rect: [Int] = r.map { [$0.x, $0.y, $0.w, $0.h] } ?? []
            tile["rect"] = rect
            return tile
        }
        return d
    }

    static func json(_ app: KioskApp) -> [String: Any] {
        let s = app.state
        var out: [String: Any] = [:]
        out["screen"] = s.screen.rawValue
        out["nowMs"] = s.nowMs
        out["framesDrawn"] = app.framesDrawn
        out["wallWindow"] = app.wall != nil
        out["notice"] = orNull(s.notice.map { $0.translated })
        out["sourceProblem"] = orNull(s.sensors.problem)
        out["source"] = s.sensors.description.translated
        out["backups"] = ["last": orNull(s.settings.backups.lastBackup), "onStick": orNull(s.settings.backups.stickBackup),
                          "restoring": s.settings.restoring] as [String: Any]
        out["straps"] = s.sensors.strapTable.indices.map { i -> [String: Any] in
            let slot = s.sensors.strapTable[i], r = s.sensors.readings[i] ?? StrapReading()
            return ["address": slot.address, "name": slot.name, "link": "\(r.link)", "streaming": r.hasSignal(nowMs: s.nowMs)]
        }
        out["teams"] = s.teams.map { ["id": $0.team.id, "name": $0.team.name, "players": $0.playerCount, "unreviewed": $0.unreviewedSessions,
                                      "colour": $0.team.colour.hex, "sessions": $0.sessionCount, "lastTags": $0.lastTags] as [String: Any] }
        out["teamID"] = orNull(s.teamID)
        out["roster"] = s.roster.map { ["playerID": $0.playerID, "name": $0.player.fullName, "number": $0.shirtNumber,
                                        "strapID": orNull($0.strapID), "restingHR": $0.player.restingHR,
                                        "photoVersion": orNull($0.photoVersion)] as [String: Any] }
        out["settingsPage"] = s.settings.page.rawValue
        out["lobby"] = lobby(s)
        out["voice"] = Self.voice(s.settings.voice)
        out["season"] = SeasonDump.season(s.season)
        out["checkIn"] = checkIn(s, app)
        out["setup"] = ["tab": s.setup.tab.rawValue, "pickingExisting": s.setup.pickingExisting] as [String: Any]
        out["pin"] = orNull(s.settings.pin.map { pinPurpose($0.purpose) })
        out["confirmation"] = orNull(s.confirmation.map { $0.questionText })
        // Where each touch target was drawn, so a test can check the pixels of a button.
        out["targets"] = app.main.view.hits.hits.filter { !$0.label.isEmpty }.map { [$0.label, $0.rect.x, $0.rect.y, $0.rect.w, $0.rect.h] as [Any] }
        // Every text the last frame drew, on the coach's screen and the wall (a language's test reads them).
        out["texts"] = app.main.view.canvas.drawnTexts
        out["wallTexts"] = app.wall?.view.canvas.drawnTexts ?? []
        out["overflowingTexts"] = app.main.view.canvas.overflowingTexts + (app.wall?.view.canvas.overflowingTexts ?? [])
        // Texts drawn under the readable minimum (decision 099), as asked and as drawn, and that minimum.
        out["smallTexts"] = (app.main.view.canvas.smallTexts + (app.wall?.view.canvas.smallTexts ?? [])).map {
            ["text": $0.text, "requestedSize": $0.requestedSize, "size": $0.size] as [String: Any]
        }
        out["readableText"] = app.main.view.canvas.metrics.readableText
        // Rows a list shows only partly, at their whole size.
        out["clippedTargets"] = app.main.view.hits.hits.compactMap { h in h.whole.map { [h.label, $0.x, $0.y, $0.w, $0.h] as [Any] } }
        out["club"] = club(s)
        out["clubSync"] = clubSync(s.clubSync)
        out["settings"] = Dictionary(uniqueKeysWithValues: s.settings.values.keyValues.map { ($0.0, $0.1) })
        out["form"] = orNull(s.form.map { f -> [String: Any] in
            ["title": f.title, "problems": f.problems.map(\.translated),
             "values": Dictionary(uniqueKeysWithValues: f.values.map { ($0.key.rawValue, $0.value) })]
        })
        out["review"] = review(s, app)
        out["live"] = live(s, app)
        return out
    }

    /// What a tile shows where: its texts with their font size, and its avatar, heart and battery bar.
    private static func parts(_ parts: [(role: String, text: String?, size: Int?, box: Rect)]) -> [[String: Any]] {
        parts.map { p in
            ["role": p.role, "text": p.text.map { $0 as Any } ?? NSNull(), "size": p.size.map { $0 as Any } ?? NSNull(),
             "rect": [p.box.x, p.box.y, p.box.w, p.box.h]]
        }
    }

    /// The wall display's tiles: where each is and what it shows.
    private static func tiles(rects: [Int64: Rect], parts: [Int64: [(role: String, text: String?, size: Int?, box: Rect)]],
                              nameFits: [Int64: (room: Int, readable: Int, forms: [(text: String, width: Int)])]) -> [[String: Any]] {
        rects.keys.sorted().map { id in
            let r = rects[id]!
            return ["playerID": id, "rect": [r.x, r.y, r.w, r.h], "parts": Self.parts(parts[id] ?? []),
                    "nameFit": nameFits[id].map(Self.nameFit) ?? NSNull()]
        }
    }

    /// "unknown" (not looked for yet), "none", or the voice's name.
    private static func voice(_ voice: VoiceAvailability) -> String {
        switch voice {
        case .unknown: "unknown"
        case .none: "none"
        case .installed(let name): name
        }
    }

    /// A challenge's rule, its sides with their players and scores, and who won.
    private static func challenge(_ c: SessionChallenge) -> Any {
        ["rule": c.rule.rawValue, "outcome": c.outcome, "winner": c.winner.map { $0 as Any } ?? NSNull(),
         "sides": c.sides.map { ["name": $0.name, "players": $0.playerIDs, "score": $0.score.map { $0 as Any } ?? NSNull()] as [String: Any] }]
    }

    /// How a tile's name was chosen: the room, the smallest readable size, each form's width at it.
    private static func nameFit(_ fit: (room: Int, readable: Int, forms: [(text: String, width: Int)])) -> [String: Any] {
        ["room": fit.room, "readable": fit.readable, "forms": fit.forms.map { [$0.text, $0.width] as [Any] }]
    }

    private static func pinPurpose(_ purpose: PinEntry.Purpose) -> String {
        switch purpose {
        case .unlock: "unlock"
        case .chooseNew: "chooseNew"
        case .repeatNew: "repeatNew"
        case .authorize(let what, _): "authorize: \(what)"
        }
    }

    /// The club's lists: players in the order shown, straps with whether they are live now.
    private static func club(_ state: AppState) -> [String: Any] {
        let c = state.club
        return ["page": c.page.map { $0.rawValue as Any } ?? NSNull(),
                "playerSort": c.playerSort.rawValue,
                "photoChoice": c.photoChoice.map { $0 as Any } ?? NSNull(),
                "players": c.shownPlayers.map { p -> [String: Any] in
                    ["playerID": p.playerID, "name": p.player.fullName, "sessions": p.sessions,
                     "restingHR": p.player.restingHR, "photoVersion": p.photoVersion.map { $0 as Any } ?? NSNull(),
                     "teams": p.teams.map { ["team": $0.name, "number": $0.shirtNumber] as [String: Any] }]
                },
                "straps": c.straps.map { s -> [String: Any] in
                    ["address": s.strap.address, "name": s.strap.name, "sessions": s.sessions,
                     "label": s.strap.label.map { $0 as Any } ?? NSNull(),
                     "live": state.sensors.reading(ofStrap: s.strap.id)?.hasSignal(nowMs: state.nowMs) == true,
                     "battery": s.strap.lastBattery.map { $0 as Any } ?? NSNull(),
                     "bodyLocation": s.strap.bodyLocation.map { $0 as Any } ?? NSNull(),
                     "manufacturer": s.strap.manufacturer.map { $0 as Any } ?? NSNull(),
                     "lastSeenMs": s.strap.lastSeen.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) as Any } ?? NSNull(),
                     "wearers": s.wearers.map { ["name": $0.playerName, "number": $0.shirtNumber, "team": $0.teamName] as [String: Any] }]
                }]
    }

    /// Settings → Club sync as shown: the membership, the status line, the last problem, what was typed.
    private static func clubSync(_ page: ClubSyncPage) -> [String: Any] {
        func value(_ x: String?) -> Any { x.map { $0 as Any } ?? NSNull() }
        var membership: [String: Any] = ["state": "unknown"]
        switch page.status?.membership {
        case nil: break
        case .none?: membership = ["state": "none"]
        case .joining(let host)?: membership = ["state": "joining", "host": host]
        case .joined(let club, let kiosk, let host)?: membership = ["state": "joined", "club": club, "kiosk": kiosk, "host": host]
        }
        return ["membership": membership, "line": value(page.status?.line), "lastProblem": value(page.status?.lastProblem?.translated),
                "syncing": page.status?.syncing ?? false, "server": page.server, "code": page.code, "problem": value(page.problem?.translated)]
    }

    /// A review panel's texts as drawn: [label, value] rows and {"note": text} lines.
    private static func panelLines(_ lines: [ReviewPanelLine]) -> [Any] {
        lines.map { line -> Any in
            switch line {
            case .row(let label, let value): [label, value]
            case .note(let text): ["note": text]
            }
        }
    }

    /// Every number of a review player, unrounded (null when there is none), so a test can
    /// compare them with the exports.
    private static func digest(_ d: SessionDigest) -> [String: Any] {
        func value<T>(_ x: T?) -> Any { x.map { $0 as Any } ?? NSNull() }
        return ["samples": d.samples, "signalMs": d.signalMs, "averageBPM": value(d.averageBPM), "minBPM": value(d.minBPM),
                "maxBPM": value(d.maxBPM), "peakPercentOfMax": value(d.peakPercentOfMax), "zoneMs": d.zoneMs, "kcal": value(d.kcal),
                "banisterTRIMP": value(d.banisterTRIMP), "effortPoints": value(d.effortPoints),
                "recoveryBPM": value(d.recoveryBPM), "hrvWindow": value(d.hrvWindow), "rmssdMs": value(d.rmssdMs),
                "sdnnMs": value(d.sdnnMs), "sdsdMs": value(d.sdsdMs), "pnn50": value(d.pnn50),
                "lfHfRatio": value(d.lfHfRatio), "correctedBeatsPercent": value(d.correctedBeatsPercent)]
    }

    public static func write(_ app: KioskApp, to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: json(app), options: [.prettyPrinted, .sortedKeys])
        guard FileManager.default.createFile(atPath: path, contents: data) else { throw KioskError(Message(N_("cannot write {path}"), ["path": path])) }
    }

    /// A drill's figures as the dump gives them (null: no heart rate).
    static func drillNumbers(_ n: DrillNumbers) -> [String: Any] {
        func value(_ x: Double?) -> Any { x.map { $0 as Any } ?? NSNull() }
        return ["minutes": n.minutes, "meanBPM": value(n.meanBPM), "peakBPM": value(n.peakBPM),
                "highIntensityPercent": value(n.highIntensityPercent), "trimp": value(n.trimp)]
    }
}

import Analytics
import Foundation
import Store
import TeamCore

/// One player's season as stored: their training sessions' loads, their readiness checks, and every
/// session they took part in (any team), each with what the season keeps of it.
public struct PlayerSeason: Sendable {
    /// A session of the player's, with its local day and what is kept of it.
    public struct Entry: Sendable {
        public var session: SeasonSessionEntry
        public var day: CalendarDay
        public var figures: SessionLoadRecord
        public var isReadinessCheck: Bool
        public var isFitnessTest: Bool = false
    }

    public var playerID: Int64
    /// Training sessions only: a readiness check or a fitness test is a measurement, not load (`SessionTags.isMeasurement`).
    public var loads: [SessionLoad] = []
    public var checks: [ReadinessCheck] = []
    public var fitnessTests: [FitnessResult] = []
    /// Oldest first.
    public var entries: [Entry] = []

    public init(playerID: Int64) { self.playerID = playerID }

    /// A session of the player's, after the ones added before it: a check, a fitness test, or training load (`SeasonPart`).
    mutating func add(_ entry: SeasonSessionEntry, day: CalendarDay, tags: SessionTags, figures: SessionLoadRecord) {
        switch SeasonPart(sessionID: entry.sessionID, day: day, tags: tags, plannedMs: entry.plannedMs, figures: SessionSeasonFigures(figures),
                          rpe: entry.rpe, effortMinutes: entry.effortMinutes) {
        case .check(let check): checks.append(check)
        case .fitnessTest(let result): fitnessTests.append(result)
        case .load(let load): loads.append(load)
        }
        entries.append(Entry(session: entry, day: day, figures: figures, isReadinessCheck: tags.isReadinessCheck, isFitnessTest: tags.isFitnessTest))
    }
}

extension SessionSeasonFigures {
    /// The figures as the store keeps them (`session_load`), read back: the other way of `SessionReview.seasonRecords`.
    init(_ kept: SessionLoadRecord) {
        self.init(playerID: kept.playerID, cardioLoad: kept.cardioLoad, zoneMs: kept.zoneMs, recoveryBPM: kept.recoveryBPM, lnRMSSD: kept.lnRMSSD,
                  restingBPM: kept.restingBPM, correctedShare: kept.correctedShare, hrex: kept.hrex)
    }
}

extension SessionReview {
    /// Names what `session_load` holds; a new way of computing it gets a new name.
    public static let seasonAlgorithm = "season-figures/1"

    /// What the season keeps of each player of an analysed session (`SessionAnalysis.seasonFigures`), as the store keeps it.
    static func seasonRecords(_ analysis: SessionAnalysis) -> [SessionLoadRecord] {
        analysis.seasonFigures.map { f in
            SessionLoadRecord(sessionID: analysis.session.id, playerID: f.playerID, cardioLoad: f.cardioLoad, zoneMs: f.zoneMs,
                              recoveryBPM: f.recoveryBPM, lnRMSSD: f.lnRMSSD, restingBPM: f.restingBPM, correctedShare: f.correctedShare,
                              hrex: f.hrex)
        }
    }

    /// Computes what the season keeps of a finished session and keeps it (a read-only store keeps
    /// nothing): `record` calls it when a session is saved; the kiosk's `warmCache` and every review
    /// keep the same from their analysis; a season finds older sessions without it and calls it once.
    /// A training session needs its heart rates only; a readiness check its RR too (its HRV).
    @discardableResult
    public static func keepSeasonFigures(store: SidelineStore, sessionID: Int64) throws -> [SessionLoadRecord] {
        let session = try store.session(sessionID)
        if session.isReadinessCheck {
            // `load` keeps them (and the NN series) as every analysis of a finished session does.
            return seasonRecords(try load(store: store, sessionID: sessionID).analysis)
        }
        let input = try RecordingPass.heartRateInput(store: store, session: session, players: try store.sessionPlayers(sessionID))
        let records = seasonRecords(SessionAnalysis(input))
        let finished = session.state == .ended || session.state == .interrupted
        if finished, !store.isReadOnly { try store.keepSessionLoads(sessionID, algorithm: seasonAlgorithm, records) }
        return records
    }

    /// Every player's season (every finished session of theirs, any team), from what the store keeps;
    /// a session kept by no one yet, or stale, is analysed once here and kept. Days are local days in
    /// `calendar`'s time zone (the kiosk's).
    public static func playerSeasons(store: SidelineStore, playerIDs: [Int64], calendar: Calendar = .current) throws -> [Int64: PlayerSeason] {
        let entries = try store.seasonEntries(playerIDs: playerIDs, algorithm: seasonAlgorithm)
        var computed: [Int64: [Int64: SessionLoadRecord]] = [:]
        // `if case`, not `== nil`: that compared each kept record through its `Equatable`, copying it.
        for id in Set(entries.compactMap { entry -> Int64? in if case .none = entry.kept { entry.sessionID } else { nil } }).sorted() {
            computed[id] = Dictionary(try keepSeasonFigures(store: store, sessionID: id).map { ($0.playerID, $0) }, uniquingKeysWith: { a, _ in a })
        }
        // Each player's season in place in an array, found by a binary search of the sorted ids: no
        // hash of a player's id a row.
        let ids = Set(playerIDs).sorted()
        var seasons = ids.map { PlayerSeason(playerID: $0) }
        // A session's day and tags are worked out once, not once for each of its players: the
        // entries come session by session.
        var session: (id: Int64, day: CalendarDay, tags: SessionTags)?
        // A season has a few kinds of session: each set of stored tags is read into words once.
        var tagsRead: [[String]: SessionTags] = [:]
        for entry in entries {
            guard let figures = entry.kept ?? computed[entry.sessionID]?[entry.playerID] else { continue }
            if session?.id != entry.sessionID {
                let tags = tagsRead[entry.tags] ?? SessionTags(stored: entry.tags)
                tagsRead[entry.tags] = tags
                session = (entry.sessionID, CalendarDay(entry.startedAt, in: calendar), tags)
            }
            guard let session else { continue }
            var place = 0, end = ids.count // the first id not below the entry's player
            while place < end {
                let middle = (place + end) / 2
                if ids[middle] < entry.playerID { place = middle + 1 } else { end = middle }
            }
            guard place < ids.count, ids[place] == entry.playerID else { continue } // only the players asked for are read
            // Appended where it is kept: a copy out and back would copy the arrays every time.
            seasons[place].add(entry, day: session.day, tags: session.tags, figures: figures)
        }
        return Dictionary(uniqueKeysWithValues: zip(ids, seasons))
    }
}

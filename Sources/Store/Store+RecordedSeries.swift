import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import TeamCore

/// A session's samples and RR intervals grouped by player, in time order.
public struct RecordedSeries: Sendable {
    public var samples: [Int64: [Sample]] = [:]
    public var rrIntervals: [Int64: [RRInterval]] = [:]

    public init() {}
}

extension SidelineStore {
    /// Every sample and RR interval of a session, read through SQLite's C API:
    /// review loads hundreds of thousands of readings, and GRDB's `Row` costs about
    /// a microsecond each.
    ///
    /// A finished session's rows no longer change, so its players are split into as
    /// many ranges as there are cores (at most 4), each read on its own connection at
    /// the same time: a 2-hour team session's 900 k rows take half the wall time on two
    /// cores. A session still recording is read in one transaction, so every player's
    /// rows come from the same moment.
    ///
    /// Call it from the main thread or a dispatch queue, never from a Foundation `Thread`
    /// (`concurrentPerform`; see `SessionAnalysis.init`).
    public func recordedSeries(_ sessionID: Int64, includingRR: Bool = true) throws -> RecordedSeries {
        let (players, state) = try read { db in
            (try Int64.fetchAll(db, sql: "SELECT player_id FROM session_player WHERE session_id = ? ORDER BY player_id", arguments: [sessionID]),
             try String.fetchOne(db, sql: "SELECT state FROM session WHERE id = ?", arguments: [sessionID]))
        }
        let finished = state == Session.State.ended.rawValue || state == Session.State.interrupted.rawValue
        let parts = finished ? min(4, ProcessInfo.processInfo.activeProcessorCount, players.count) : 1
        guard parts > 1 else {
            return try read { try Self.series(in: $0, sessionID, players: .min ... .max, includingRR: includingRR) }
        }
        // Contiguous ranges of player ids, as even in count as the division allows.
        let ranges = (0..<parts).map { k -> ClosedRange<Int64> in
            let from = k == 0 ? Int64.min : players[k * players.count / parts]
            let to = k == parts - 1 ? Int64.max : players[(k + 1) * players.count / parts] - 1
            return from ... to
        }
        // One result per part, each set by exactly one iteration.
        let results = Mutex<[Result<RecordedSeries, any Error>?]>(Array(repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            let part = Result { try self.read { try Self.series(in: $0, sessionID, players: ranges[k], includingRR: includingRR) } }
            results.withLock { $0[k] = part }
        }
        var series = RecordedSeries()
        for part in try results.withLock({ $0 }).map({ try $0!.get() }) {
            series.samples.merge(part.samples) { a, _ in a }
            series.rrIntervals.merge(part.rrIntervals) { a, _ in a }
        }
        return series
    }

    /// The samples (and RR intervals) of the players whose ids lie in `players`.
    private static func series(in db: Database, _ sessionID: Int64, players: ClosedRange<Int64>, includingRR: Bool) throws -> RecordedSeries {
        var series = RecordedSeries()
        let bounds = [sessionID, players.lowerBound, players.upperBound]
        // Rows come grouped by player (the index's order): fill one local array per
        // player and hand it over when the player changes, not a dictionary lookup a row.
        var samples = PlayerRuns<Sample>()
        // A row a player and minute (decision 108), each minute's readings handed over in the old index's order.
        // Without their energy, as this read has always given them (`sample`'s columns before v33 left it
        // out): club bundles made from it keep their bytes, and so their hashes.
        try step(db, sql: """
            SELECT player_id, minute, readings, wide FROM sample_minute
            WHERE session_id = ? AND player_id BETWEEN ? AND ? ORDER BY player_id, minute
            """, bounds) { s in
            let player = sqlite3_column_int64(s, 0)
            try samples.withRun(for: player) { run in
                try SampleMinuteCodec.decodeRow(s, sessionID: sessionID) { reading in
                    var sample = reading.sample(playerID: player)
                    sample.energyKJ = nil
                    run.append(sample)
                }
            }
        }
        series.samples = samples.finish()
        guard includingRR else { return series }
        // A row a player and minute (decision 098), decoded straight into the player's array, made
        // as large as the player's beats first (4 bytes a beat): grown by appending, the arrays held
        // ≈ 45 % more than their beats through the analysis (issue 34's memory).
        var rr = PlayerRuns<RRInterval>()
        try step(db, sql: """
            SELECT player_id, SUM(LENGTH(beats)) FROM rr_minute
            WHERE session_id = ? AND player_id BETWEEN ? AND ? GROUP BY player_id
            """, bounds) { s in
            rr.expect(Int(sqlite3_column_int64(s, 1)) / RRMinuteCodec.beatBytes, for: sqlite3_column_int64(s, 0))
        }
        try step(db, sql: """
            SELECT player_id, minute, beats FROM rr_minute
            WHERE session_id = ? AND player_id BETWEEN ? AND ? ORDER BY player_id, minute
            """, bounds) { s in
            try rr.withRun(for: sqlite3_column_int64(s, 0)) { try RRMinuteCodec.decodeRow(s, sessionID: sessionID, into: &$0) }
        }
        series.rrIntervals = rr.finish()
        return series
    }

    /// Every sample of a session, by player then time, handed over one at a time: a CSV export of a
    /// 2-hour session writes ~200 k of them and keeps none. A minute's row is checked whole before any
    /// of its readings is handed over: a damaged row stops the read there.
    public func forEachSample(_ sessionID: Int64, _ body: (Sample) -> Void) throws {
        try read { db in
            try Self.step(db, sql: "SELECT player_id, minute, readings, wide FROM sample_minute WHERE session_id = ? ORDER BY player_id, minute",
                          [sessionID]) { s in
                let player = sqlite3_column_int64(s, 0)
                try SampleMinuteCodec.decodeRow(s, sessionID: sessionID) { body($0.sample(playerID: player)) }
            }
        }
    }

    /// Every RR interval of a session, by player then time, one at a time (~650 k in a 2-hour export):
    /// a minute's row decoded at a time. A damaged row stops the read before any of its beats is handed over.
    public func forEachRRInterval(_ sessionID: Int64, _ body: (RRInterval) -> Void) throws {
        try read { db in
            var minute: [RRInterval] = []
            try Self.step(db, sql: "SELECT player_id, minute, beats FROM rr_minute WHERE session_id = ? ORDER BY player_id, minute", [sessionID]) { s in
                minute.removeAll(keepingCapacity: true)
                try RRMinuteCodec.decodeRow(s, sessionID: sessionID, into: &minute)
                minute.forEach(body)
            }
        }
    }

    private static func step(_ db: Database, sql: String, _ parameters: [Int64], row: (OpaquePointer) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        for (i, value) in parameters.enumerated() { sqlite3_bind_int64(handle, Int32(i + 1), value) }
        try statement.eachRow(db, row)
    }
}

/// Rows arriving grouped by player, collected into one array per player.
private struct PlayerRuns<Element> {
    private var byPlayer: [Int64: [Element]] = [:]
    private var player: Int64?
    private var run: [Element] = []
    private var expected: [Int64: Int] = [:]

    /// How many elements the player's rows hold: their array is made that large when the player's rows begin.
    mutating func expect(_ count: Int, for id: Int64) { expected[id] = count }

    mutating func append(_ element: Element, for id: Int64) {
        switchTo(id)
        run.append(element)
    }

    /// Hands over the player's array to append to in place (a minute of beats at once).
    mutating func withRun(for id: Int64, _ body: (inout [Element]) throws -> Void) rethrows {
        switchTo(id)
        try body(&run)
    }

    private mutating func switchTo(_ id: Int64) {
        guard id != player else { return }
        flush()
        player = id
        run = byPlayer.removeValue(forKey: id) ?? []
        if let count = expected.removeValue(forKey: id), count > run.count { run.reserveCapacity(count) }
    }

    mutating func finish() -> [Int64: [Element]] {
        flush()
        return byPlayer
    }

    private mutating func flush() {
        if let player { byPlayer[player] = run }
        run = []
    }
}

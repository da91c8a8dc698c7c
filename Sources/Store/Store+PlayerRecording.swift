import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import TeamCore

/// One player's recording of a session, in time order: the samples as columns — no `Sample` a reading
/// (56 bytes, the player's and strap's ids repeated in each) — and the RR intervals.
public struct PlayerRecording: Sendable {
    public var playerID: Int64
    /// When each sample was taken, ms since the session started.
    public var tMs: [Int64] = []
    public var bpm: [Int] = []
    public var contact: [SensorContact] = []
    /// Empty unless read `includingRR`.
    public var rrIntervals: [RRInterval] = []

    public init(playerID: Int64) {
        self.playerID = playerID
    }
}

extension SidelineStore {
    /// Each of `players`' recordings of a session, read a player at a time and handed to `body`, which
    /// is done with it before the store lets it go: the first analysis holds one player's samples and
    /// RR intervals at a time on each core, not the whole session's (a 3-hour team session's were
    /// ≈ 60 MB; issue 34's memory).
    ///
    /// A finished session's rows no longer change: its players are read and handed over on as many
    /// cores as there are, each read in a transaction of its own, `body` called on any of them. A
    /// session still recording is read in one transaction, a player after another, so every player's
    /// rows come from the same moment (`body` then runs inside it).
    ///
    /// Call it from the main thread or a dispatch queue, never from a Foundation `Thread`
    /// (`concurrentPerform`; see `SessionAnalysis.init`).
    public func forEachPlayerRecording(_ sessionID: Int64, players: [Int64], includingRR: Bool = true,
                                       _ body: @Sendable (PlayerRecording) -> Void) throws {
        let state = try read { try String.fetchOne($0, sql: "SELECT state FROM session WHERE id = ?", arguments: [sessionID]) }
        let finished = state == Session.State.ended.rawValue || state == Session.State.interrupted.rawValue
        guard finished, players.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            try read { db in
                for player in players { body(try Self.recording(in: db, sessionID, player: player, includingRR: includingRR)) }
            }
            return
        }
        // The first failure in the players' order, as a sequential read would have met it.
        let failure = Mutex<(index: Int, error: any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: players.count) { i in
            do {
                body(try read { try Self.recording(in: $0, sessionID, player: players[i], includingRR: includingRR) })
            } catch {
                failure.withLock { first in
                    if first.map({ i < $0.index }) ?? true { first = (i, error) }
                }
            }
        }
        if let failure = failure.withLock({ $0 }) { throw failure.error }
    }

    /// When the session's last sample was taken (any player's), ms since it started; nil without any.
    /// What a session without a recorded length lasted (`SessionInput.durationMs`).
    public func lastSampleMs(_ sessionID: Int64) throws -> Int64? {
        try read { db in
            // The session's last minute's rows (any player's), decoded: the latest reading is in one of them.
            var last: Int64?
            try Self.step(db, sql: """
                SELECT player_id, minute, readings, wide FROM sample_minute
                WHERE session_id = ? AND minute = (SELECT max(minute) FROM sample_minute WHERE session_id = ?)
                """, sessionID, sessionID) { s in
                try SampleMinuteCodec.decodeRow(s, sessionID: sessionID) { last = max(last ?? $0.tMs, $0.tMs) }
            }
            return last
        }
    }

    /// One player's samples (and RR intervals), read through SQLite's C API straight into the columns.
    private static func recording(in db: Database, _ sessionID: Int64, player: Int64, includingRR: Bool) throws -> PlayerRecording {
        var recording = PlayerRecording(playerID: player)
        // A row a player and minute (decision 108), in the order v32's covering index gave, as `recordedSeries`
        // reads them: two readings at one millisecond come in the same order (the track keeps the later one).
        try step(db, sql: "SELECT player_id, minute, readings, wide FROM sample_minute WHERE session_id = ? AND player_id = ? ORDER BY minute",
                 sessionID, player) { s in
            try SampleMinuteCodec.decodeRow(s, sessionID: sessionID) { r in
                recording.tMs.append(r.tMs)
                recording.bpm.append(Int(r.bpm))
                recording.contact.append(SensorContact(rawValue: UInt8(clamping: r.contact)) ?? .notSupported)
            }
        }
        guard includingRR else { return recording }
        // The player's array made its size first (4 bytes a beat), then its minutes decoded into it (decision 098).
        try step(db, sql: "SELECT SUM(LENGTH(beats)) FROM rr_minute WHERE session_id = ? AND player_id = ?", sessionID, player) { s in
            recording.rrIntervals.reserveCapacity(Int(sqlite3_column_int64(s, 0)) / RRMinuteCodec.beatBytes)
        }
        try step(db, sql: "SELECT player_id, minute, beats FROM rr_minute WHERE session_id = ? AND player_id = ? ORDER BY minute",
                 sessionID, player) { s in
            try RRMinuteCodec.decodeRow(s, sessionID: sessionID, into: &recording.rrIntervals)
        }
        return recording
    }

    /// Steps a statement of two parameters, compiled once a connection (a session's players each read it).
    private static func step(_ db: Database, sql: String, _ first: Int64, _ second: Int64, row: (OpaquePointer) throws -> Void) throws {
        let statement = try db.cachedStatement(sql: sql)
        let handle = statement.sqliteStatement
        sqlite3_bind_int64(handle, 1, first)
        sqlite3_bind_int64(handle, 2, second)
        try statement.eachRow(db, row)
    }
}

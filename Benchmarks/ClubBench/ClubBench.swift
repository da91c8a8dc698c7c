import ClubProtocol
import ClubStorage
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// `sideline-club bench`: the figures the issue asks for, measured in one run on a scratch database
/// (run as its owner): the server's ingest of a season's sessions (decompress, hash, decode, check,
/// store) in readings per second beside PostgreSQL's own COPY of the same rows into a table
/// partitioned by month; the database's size per session-hour of each layout; a session document's
/// and the sessions list's time; the upload's size and its time over a 1 Mbit/s, 100 ms link.
public enum ClubBench {
    public struct Options: Sendable {
        public var sessions: Int
        public var players: Int
        public var minutes: Int
        public var listSessions: Int
        /// The season page's figure: a team of this many players with this many sessions.
        public var seasonPlayers: Int = 40
        public var seasonSessions: Int = 300
        public init(sessions: Int, players: Int, minutes: Int, listSessions: Int) {
            self.sessions = sessions
            self.players = players
            self.minutes = minutes
            self.listSessions = listSessions
        }
    }

    public static func run(_ database: ClubDatabase, options: Options, say: @Sendable (String) -> Void) async throws {
        let logger = database.logger
        try await Migrator.applySchema(database)
        let club = UUID()
        try await database.inClub(club) { c in
            try await c.collect("INSERT INTO club(id, name) VALUES (\(club), \("bench " + club.uuidString.lowercased()))", logger: logger)
        }
        defer { }
        say("bench: \(options.sessions) sessions × \(options.players) players × \(options.minutes) min (a reading a second, RR beat by beat)")
        // The kiosk's part, not timed: each session's canonical bytes and their gzip, as uploaded.
        let start = Int64(1_767_225_600_000)  // 2026-01-01
        // Only the compressed bytes are kept: a season's bundles as structures would not fit in memory.
        var uploads: [(uuid: UUID, gzip: Data, sha: String)] = []
        var readings = 0, beats = 0, rawBytes = 0, gzipBytes = 0
        let session = { (s: Int) in
            SyntheticSession.make(seed: UInt64(s), players: options.players, minutes: options.minutes,
                                  startedMs: start + Int64(s) * 86_400_000 * 365 / Int64(max(options.sessions, 1)))
        }
        for s in 0..<options.sessions {
            let bundle = session(s)
            let bytes = try bundle.canonicalBytes()
            let packed = Gzip.compress(bytes)
            readings += bundle.sampleCount
            beats += bundle.participants.reduce(0) { $0 + $1.rr.count }
            rawBytes += bytes.count
            gzipBytes += packed.count
            uploads.append((bundle.session.uuid, packed, CanonicalJSON.sha256Hex(bytes)))
        }
        let perSession = Double(gzipBytes) / Double(max(options.sessions, 1))
        let link = perSession * 8 / 1_000_000 + Double(3 + Int(perSession) / (256 * 1024)) * 0.1
        say(String(format: "bundle: %.0f kB canonical, %.0f kB gzip per session (%.1f×); upload over 1 Mbit/s with 100 ms round trips ≈ %.1f s (computed: bytes and 256 kB chunks, not a shaped link)",
                   Double(rawBytes) / Double(options.sessions) / 1000, perSession / 1000, Double(rawBytes) / Double(max(gzipBytes, 1)), link))

        // The server's ingest: what a commit does, session by session, each in its own transaction.
        let ingestStart = ContinuousClock.now
        for upload in uploads {
            try await database.inClub(club) { c in
                let bytes = try Gzip.decompress(upload.gzip, limit: UploadRequest.maxBundleBytes)
                guard CanonicalJSON.sha256Hex(bytes) == upload.sha else { throw ClubError.unprocessable("hash") }
                let bundle = try CanonicalJSON.decode(SessionBundle.self, from: bytes)
                guard try CanonicalJSON.encode(bundle) == bytes, bundle.problems.isEmpty else { throw ClubError.unprocessable("bundle") }
                _ = try await SessionStore.store(bundle, sha256: upload.sha, kiosk: nil, club: club, in: c, logger: logger)
            }
        }
        let ingest = seconds(ContinuousClock.now - ingestStart)

        // PostgreSQL's own COPY of the same rows (readings and RR) into tables partitioned by month.
        let copy = try await copyRows(count: options.sessions, session: session, database: database)
        say(String(format: "ingest: %.0f readings/s (%.1f s for %d readings + %d RR) — COPY of the same rows: %.0f readings/s (%.1f s) — ratio %.2f (goal ≥ 0.5)",
                   Double(readings) / ingest, ingest, readings, beats, Double(readings) / copy, copy, copy / ingest))

        let hours = Double(options.sessions * options.minutes) / 60
        let (compact, rows) = try await database.inTransaction { c in
            let compact = try await c.collect("""
                SELECT pg_total_relation_size('session') + pg_total_relation_size('session_participant')
                """, logger: logger).decode(Int64.self).firstElement() ?? 0
            let rows = try await c.collect("""
                SELECT sum(pg_total_relation_size(relid))::bigint FROM (
                    SELECT relid FROM pg_partition_tree('bench_sample') UNION ALL SELECT relid FROM pg_partition_tree('bench_rr')) t
                """, logger: logger).decode(Int64?.self).firstElement() ?? nil
            return (compact, rows ?? 0)
        }
        say(String(format: "size per session-hour of %d players: compact columns %.2f MB — rows partitioned by month (with their index) %.2f MB (%.1f×)",
                   options.players, Double(compact) / hours / 1e6, Double(rows) / hours / 1e6, Double(rows) / Double(max(compact, 1))))

        // A session's document: computed (load, analyse, JSON) on its first request, then read from the cache.
        var computed: [Double] = [], cached: [Double] = []
        for upload in uploads.prefix(20) {
            let uuid = upload.uuid
            var begin = ContinuousClock.now
            try await SessionAnalysisCache(database: database).compute(club: club, session: uuid)
            computed.append(seconds(ContinuousClock.now - begin) * 1000)
            begin = ContinuousClock.now
            _ = try await database.inClub(club) { c in try await SessionStore.cachedDocument(uuid, in: c, logger: logger) }
            cached.append(seconds(ContinuousClock.now - begin) * 1000)
        }
        if options.listSessions > options.sessions {
            try await addSmallSessions(options.listSessions - options.sessions, club: club, database: database)
        }
        var listTimes: [Double] = []
        var listed = 0
        for _ in 0..<20 {
            let begin = ContinuousClock.now
            let list = try await database.inClub(club) { c in try await SessionStore.list(in: c, logger: logger) }
            _ = try CanonicalJSON.encode(list)
            listed = list.count
            listTimes.append(seconds(ContinuousClock.now - begin) * 1000)
        }
        say(String(format: "session document: first request (load + analysis + JSON + keep) p50 %.0f ms, p95 %.0f ms; later requests (kept) p50 %.1f ms, p95 %.1f ms (goal ≤ 100)",
                   percentile(computed, 0.5), percentile(computed, 0.95), percentile(cached, 0.5), percentile(cached, 0.95)))
        say(String(format: "sessions list of %d: p50 %.1f ms, p95 %.1f ms (goal ≤ 100)", listed, percentile(listTimes, 0.5), percentile(listTimes, 0.95)))
        try await database.inTransaction { c in
            try await c.collect("DROP TABLE bench_sample, bench_rr", logger: logger)
        }
        try await database.inClub(club) { c in try await c.collect("DELETE FROM club WHERE id = \(club)", logger: logger) }
        if options.seasonSessions > 0 {
            try await ClubSeasonBench.run(database, players: options.seasonPlayers, sessions: options.seasonSessions, say: say)
        }
    }

    /// COPY (text format) of every reading and beat into `bench_sample` / `bench_rr`, partitioned by
    /// month of the session's start, each with the index a reader would need. Returns seconds.
    static func copyRows(count: Int, session: (Int) -> SessionBundle, database: ClubDatabase) async throws -> Double {
        let logger = database.logger
        let months = Set((0..<count).map { monthStart(unixMs: session($0).session.startedMs) }).sorted()
        try await database.inTransaction { c in
            for (table, columns) in [("bench_sample", "t_ms bigint, bpm smallint, contact smallint, strap smallint, energy_kj integer"),
                                     ("bench_rr", "t_ms bigint, rr_1024 integer")] {
                try await c.collect(PostgresQuery(unsafeSQL: """
                    CREATE TABLE \(table)(session_uuid uuid NOT NULL, player_uuid uuid NOT NULL, started date NOT NULL, \(columns)) PARTITION BY RANGE (started)
                    """), logger: logger)
                for month in months {
                    let next = Calendar(identifier: .gregorian).date(byAdding: .month, value: 1, to: month)!
                    let name = "\(table)_\(Int(month.timeIntervalSince1970))"
                    try await c.collect(PostgresQuery(unsafeSQL: """
                        CREATE TABLE \(name) PARTITION OF \(table) FOR VALUES FROM ('\(day(month))') TO ('\(day(next))')
                        """), logger: logger)
                }
                try await c.collect(PostgresQuery(unsafeSQL: "CREATE INDEX ON \(table)(session_uuid, player_uuid, t_ms)"), logger: logger)
            }
        }
        // The rows in COPY's text format are made session by session while the COPY runs; the time spent
        // making them is taken off, so the figure is PostgreSQL's own work (and the rows never all sit in memory).
        var making = Duration.zero
        func rows(_ index: Int) -> (samples: [ByteBuffer], beats: [ByteBuffer]) {
            let begin = ContinuousClock.now
            defer { making += ContinuousClock.now - begin }
            let bundle = session(index)
            let started = day(Date(timeIntervalSince1970: Double(bundle.session.startedMs) / 1000))
            let sessionUUID = bundle.session.uuid.uuidString.lowercased()
            var out: ([ByteBuffer], [ByteBuffer]) = ([], [])
            for p in bundle.participants {
                let prefix = "\(sessionUUID)\t\(p.playerUUID.uuidString.lowercased())\t\(started)\t"
                var samples = ByteBuffer(), beats = ByteBuffer()
                for (k, t) in DeltaCoding.decode(p.samples.tMsDeltas).enumerated() {
                    samples.writeString(prefix)
                    samples.writeString("\(t)\t\(p.samples.bpm[k])\t\(p.samples.contact[k])\t\(p.samples.strap[k])\t\(p.samples.energyKJ[k].map(String.init) ?? "\\N")\n")
                }
                for (t, rr) in zip(DeltaCoding.decode(p.rr.tMsDeltas), p.rr.rr1024) {
                    beats.writeString(prefix)
                    beats.writeString("\(t)\t\(rr)\n")
                }
                out.0.append(samples)
                out.1.append(beats)
            }
            return out
        }
        let begin = ContinuousClock.now
        try await database.client.withConnection { connection in
            try await connection.copyFrom(table: "bench_sample", columns: ["session_uuid", "player_uuid", "started", "t_ms", "bpm", "contact", "strap", "energy_kj"],
                                          logger: logger) { writer in
                for s in 0..<count { for buffer in rows(s).samples { try await writer.write(buffer) } }
            }
            try await connection.copyFrom(table: "bench_rr", columns: ["session_uuid", "player_uuid", "started", "t_ms", "rr_1024"], logger: logger) { writer in
                for s in 0..<count { for buffer in rows(s).beats { try await writer.write(buffer) } }
            }
        }
        return seconds(ContinuousClock.now - begin - making)
    }

    /// Short sessions (one player, one minute) to fill a club's list to the size asked.
    static func addSmallSessions(_ count: Int, club: UUID, database: ClubDatabase) async throws {
        for chunk in stride(from: 0, to: count, by: 100) {
            try await database.inClub(club) { c in
                for s in chunk..<min(count, chunk + 100) {
                    let bundle = SyntheticSession.make(seed: UInt64(1_000_000 + s), players: 1, minutes: 1, startedMs: 1_735_689_600_000 + Int64(s) * 3_600_000)
                    _ = try await SessionStore.store(bundle, sha256: try bundle.contentHash(), kiosk: nil, club: club, in: c, logger: database.logger)
                }
            }
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    static func monthStart(unixMs: Int64) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: Double(unixMs) / 1000)
        return calendar.date(from: calendar.dateComponents([.year, .month], from: date))!
    }

    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}

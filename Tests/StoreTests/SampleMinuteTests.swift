import Foundation
import GRDB
import GRDBSQLite
@testable import Store
import TeamCore
import XCTest

/// Store v33 (decision 108): heart-rate readings a row a player and minute, 10 bytes a reading and 32 more
/// for a wide one. Written a second at a time by the recorder, packed from v32's `sample` by the
/// migration, read back by one decoder in v32's index order (time, bpm, contact, strap, energy with none
/// first) — every field exactly, and a damaged row refused in one line, none of its readings handed over.
final class SampleMinuteTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    /// A team of two and a session of theirs, still recording.
    private func recording(_ store: SidelineStore) throws -> (session: Int64, players: [Int64]) {
        let team = try store.createTeam(name: "A")
        let players = try ["Mia", "Noah"].enumerated().map { try store.addPlayer(StoreFixture.player($1), toTeam: team.id, shirtNumber: $0 + 7) }
        let session = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: nil)
        return (session.id, players)
    }

    private func sample(_ player: Int64, _ tMs: Int64, _ bpm: Int, strap: Int64 = 1, _ contact: SensorContact = .detected,
                        energy: Int? = nil) -> Sample {
        Sample(playerID: player, strapID: strap, tMs: tMs, bpm: bpm, contact: contact, energyKJ: energy)
    }

    /// v32's `sample_by_player` order: player, time, bpm, contact, strap, energy (none first).
    private func indexOrder(_ samples: [Sample]) -> [Sample] {
        samples.sorted {
            ($0.playerID, $0.tMs, $0.bpm, $0.contact.rawValue, $0.strapID, $0.energyKJ ?? Int.min)
                < ($1.playerID, $1.tMs, $1.bpm, $1.contact.rawValue, $1.strapID, $1.energyKJ ?? Int.min)
        }
    }

    /// `recordedSeries` (review, club bundles) has never read the energy: a bundle's bytes stay as they were.
    private func withoutEnergy(_ sample: Sample) -> Sample {
        var sample = sample
        sample.energyKJ = nil
        return sample
    }

    func testTheRecordersSecondsComeBackInIndexOrderEveryFieldExactly() throws {
        let store = try fixture.open()
        let (session, players) = try recording(store)
        let (mia, noah) = (players[0], players[1])
        let writer = SessionWriter(store: store, sessionID: session)
        let seconds: [[Sample]] = [
            [sample(noah, 0, 0, strap: 0), sample(mia, 0, 65_535, strap: 65_535, energy: 65_535), sample(mia, 999, 1, .notSupported, energy: 0)],
            [sample(mia, 59_999, 70, .notDetected), sample(noah, 59_999, 71), sample(mia, 60_000, 72, energy: 12)],   // a minute's edge
            [sample(mia, 60_010, 80, strap: 2), sample(mia, 60_500, 81), sample(mia, 60_500, 81)],                   // a strap swapped; a duplicate
            [sample(mia, 59_980, 90), sample(mia, 60_400, 91, energy: 3), sample(mia, 60_400, 91), sample(mia, 60_400, 90, strap: 9)],  // placed back; ties
            [sample(mia, 61_000, 70_000, strap: 70_000, energy: 1_000_000), sample(noah, 61_000, -1, energy: -5)],  // wide: past the u16 fields
            [sample(noah, 7_199_999, 120, strap: Int64.max, energy: Int.min), sample(mia, 120_000, Int.max, strap: -1)],
        ]
        var written: [Sample] = []
        for (i, second) in seconds.enumerated() {
            var batch = SessionRecording.Batch()
            batch.samples = second
            try writer.commit(batch, upToMs: Int64(i + 1) * 1000)
            written += second
            // Still recording: every reading committed so far, in order, as review and the live screen read them.
            let series = try store.recordedSeries(session)
            XCTAssertEqual(indexOrder(series.samples.values.flatMap { $0 }), indexOrder(written).map(withoutEnergy), "after second \(i)")
            for samples in series.samples.values { XCTAssertEqual(samples, indexOrder(samples), "after second \(i)") }
        }
        XCTAssertEqual(try store.samples(session), indexOrder(written))
        var exported: [Sample] = []
        try store.forEachSample(session) { exported.append($0) }
        XCTAssertEqual(exported, indexOrder(written))
        XCTAssertEqual(try store.lastSampleMs(session), 7_199_999)
        try store.read { db in
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT minute FROM sample_minute WHERE player_id = ? ORDER BY minute", arguments: [mia]), [0, 1, 2],
                           "the reading placed back joined minute 0's row")
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT minute FROM sample_minute WHERE player_id = ? ORDER BY minute", arguments: [noah]), [0, 1, 119])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT sum(length(readings)) FROM sample_minute"), 10 * written.count, "10 bytes a reading")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT sum(length(wide)) FROM sample_minute"), 32 * 4, "32 more a wide one")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT DISTINCT typeof(readings) || typeof(wide) FROM sample_minute"), ["blobblob"],
                           "appended, still blobs")
        }
        XCTAssertEqual(try store.sessions().first?.sampleCount, written.count, "the sessions list counts them from the bytes")
        try store.endSession(session, at: Date())
        XCTAssertEqual(indexOrder(try store.recordedSeries(session).samples.values.flatMap { $0 }), indexOrder(written).map(withoutEnergy),
                       "read in parallel once ended")
    }

    /// Any reading, as the migration may find it (any integer in any column, energy or none), packed in any
    /// order and decoded: the same readings, in index order. Seeded, so a failure is found again.
    func testAnyReadingRoundTripsExactly() throws {
        var seed: UInt64 = 0x5A17_0108
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 11
        }
        func value() -> Int64 {
            switch next() % 5 {
            case 0: return Int64(bitPattern: next() << 11 | next() & 0x7FF)   // anything
            case 1: return [Int64.min, Int64.max, -1, 0, 65_535, 65_536, 255, 256][Int(next() % 8)]
            default: return Int64(next() % 300)
            }
        }
        for round in 0..<300 {
            let minute = Int64(next() % 2000) - 10
            let readings = (0..<Int(next() % 70)).map { _ in
                SampleMinuteCodec.Reading(tMs: minute * 60_000 + Int64(next() % 60_000) / (next() % 3 == 0 ? 1000 : 1), bpm: value(),
                                          contact: value(), strapID: value(), energyKJ: next() % 3 == 0 ? nil : value())
            }
            var bytes: [UInt8] = [], wide: [UInt8] = []
            for r in readings { SampleMinuteCodec.append(r, readings: &bytes, wide: &wide) }
            XCTAssertEqual(bytes.count, 10 * readings.count)
            var decoded: [SampleMinuteCodec.Reading] = []
            try bytes.withUnsafeBytes { b in
                try wide.withUnsafeBytes { w in
                    try SampleMinuteCodec.decode(b, wide: w, sessionID: 1, playerID: 2, minute: minute) { decoded.append($0) }
                }
            }
            XCTAssertEqual(decoded, readings.sorted(by: SampleMinuteCodec.Reading.precedes), "round \(round)")
        }
    }

    func testADamagedRowIsRefusedInOneLineAndNoneOfItIsRead() throws {
        let store = try fixture.open()
        let (session, players) = try recording(store)
        var batch = SessionRecording.Batch()
        batch.samples = [sample(players[0], 1_000, 60), sample(players[1], 61_000, 70), sample(players[1], 62_000, 71)]
        try SessionWriter(store: store, sessionID: session).commit(batch, upToMs: 63_000)
        let good = "x'E8034600010000000200' || x'D0074700010000000200'"   // 1 000 ms, 70 bpm, strap 1; 2 000 ms, 71 bpm
        for (readings, wide, what) in [
            ("x'E80346000100000002'", "x''", "9 bytes"),
            ("x'E8034600010000000200' || x'60EA4700010000000200'", "x''", "an offset of 60 000 ms"),
            ("x'E8034600010000000204'", "x''", "a flag no version writes"),
            (good, "x'00'", "wide bytes no reading is flagged for"),
            ("x'E8034600010000000200' || x'D0070000000000000002'", "x''", "a wide reading without its wide values"),
        ] {
            try store.write {
                try $0.execute(sql: "UPDATE sample_minute SET readings = \(readings), wide = \(wide) WHERE player_id = ?", arguments: [players[1]])
            }
            for read in [{ _ = try store.recordedSeries(session) }, { _ = try store.samples(session) }, { _ = try store.lastSampleMs(session) },
                         { try store.forEachPlayerRecording(session, players: players) { _ in } }] as [() throws -> Void] {
                XCTAssertThrowsError(try read(), what) {
                    XCTAssertEqual($0 as? StoreError, .damagedReadings(session: session, player: players[1], minute: 1), what)
                    XCTAssertFalse("\($0)".contains("\n"))
                    XCTAssertTrue("\($0)".contains("player \(players[1]) in minute 1 of session \(session)"), "\($0)")
                }
            }
            var handed: [Sample] = []
            XCTAssertThrowsError(try store.forEachSample(session) { handed.append($0) })
            XCTAssertEqual(handed, [sample(players[0], 1_000, 60)], "\(what): the rows before it, nothing of it")
        }
        try store.write { try $0.execute(sql: "UPDATE sample_minute SET readings = \(good), wide = x'' WHERE player_id = ?", arguments: [players[1]]) }
        XCTAssertEqual(try store.samples(session), [sample(players[0], 1_000, 60), sample(players[1], 61_000, 70), sample(players[1], 62_000, 71)],
                       "the test's bytes are the codec's own")
    }

    func testAV32StoreIsPackedInIndexOrderAndSampleDropped() throws {
        // A v32 store, its `sample` rows written out of order (rowids not in time order) as the recorder did, with
        // ties at one millisecond, energy or none, a strap swapped within a minute, and values no strap sends.
        let queue = try DatabaseQueue(path: fixture.path)
        try Schema.migrator.migrate(queue, upTo: "v32-rr-minute")
        typealias Row = (session: Int64, player: Int64, strap: Int64, t: Int64, bpm: Int64, contact: Int64, energy: Int64?)
        let rows: [Row] = [
            (1, 2, 1, 60_010, 80, 2, nil), (1, 2, 1, 59_980, 81, 2, 7), (1, 2, 1, 0, 0, 0, nil), (1, 2, 3, 59_999, 65_535, 1, 65_535),
            (1, 2, 1, 120_000, 90, 2, 4), (1, 2, 1, 120_000, 90, 2, nil), (1, 2, 2, 120_000, 90, 2, nil), (1, 2, 1, 120_000, 89, 2, nil),
            (1, 2, 1, 120_500, 91, 2, nil), (1, 2, 1, 120_500, 91, 2, nil), (1, 1, 70_000, 5_000, 300, 2, 1_000_000),
            (2, 1, 1, 86_399_999, -4, 300, -1), (2, 1, 1, 0, 60, 2, nil),
        ]
        try queue.write { db in
            for r in rows {
                try db.execute(sql: "INSERT INTO sample(session_id, player_id, strap_id, t_ms, bpm, contact, energy_kj) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               arguments: [r.session, r.player, r.strap, r.t, r.bpm, r.contact, r.energy])
            }
        }
        // What v32 read: the covering index's order, every column as stored.
        let before = try queue.read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj FROM sample ORDER BY session_id, player_id, t_ms")
        }
        let plan = try queue.read { db in
            try GRDB.Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT session_id, player_id, t_ms, bpm, contact, strap_id, energy_kj FROM sample ORDER BY session_id, player_id, t_ms")
                .map { $0["detail"] as String }
        }
        XCTAssertEqual(plan, ["SCAN sample USING COVERING INDEX sample_by_player"], "v32's read: the index's order")
        try queue.close()

        let store = try fixture.open()
        var after: [[Int64?]] = []
        try store.read { db in
            let statement = try db.makeStatement(sql: "SELECT session_id, player_id, minute, readings, wide FROM sample_minute ORDER BY session_id, player_id, minute")
            try statement.eachRow(db) { s in
                let session = sqlite3_column_int64(s, 0), player = sqlite3_column_int64(s, 1)
                try SampleMinuteCodec.decodeRow(s, first: 1, sessionID: session) { r in
                    after.append([session, player, r.tMs, r.bpm, r.contact, r.strapID, r.energyKJ])
                }
            }
        }
        XCTAssertEqual(after, before.map { row in (0..<7).map { row[$0] as Int64? } }, "every column as v32 read it, in its order")
        XCTAssertEqual(try store.samples(1).map(\.tMs), before.filter { ($0[0] as Int64) == 1 }.map { $0[2] as Int64 })
        try store.read { db in
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name IN ('sample', 'sample_by_player')"), [])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM sample_minute"), 6, "session 1: 1 + 3 minutes; session 2: 2")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT sum(length(wide)) / 32 FROM sample_minute"), 2, "the two readings past the u16 fields")
        }
    }

    func testTheSnapshotDeletingASessionOrErasingAPlayerFindTheirMinutes() throws {
        let store = try fixture.open()
        let (session, players) = try recording(store)
        let straps = try ["01", "02", "03"].map { try store.strap(address: "00:00:00:00:00:\($0)", name: "Strap \($0)").id }
        var batch = SessionRecording.Batch()
        // Noah's strap swapped within his minute; the third strap is nobody's.
        batch.samples = [sample(players[0], 1_000, 60, strap: straps[0]), sample(players[1], 61_000, 70, strap: straps[1]),
                         sample(players[1], 61_500, 70, strap: straps[0])]
        try SessionWriter(store: store, sessionID: session).commit(batch, upToMs: 62_000)
        try store.endSession(session, at: Date())
        let named = try store.read { try Int64.fetchAll($0, sql: "SELECT strap_id FROM session_strap WHERE session_id = ? ORDER BY strap_id", arguments: [session]) }
        XCTAssertEqual(named, Array(straps.prefix(2)), "the snapshot keeps every strap a reading names, the swapped one too")
        let erased = try store.erasePlayer(players[1], by: "test")
        XCTAssertEqual(erased.samples, 2)
        XCTAssertEqual(erased.sessions, 1)
        XCTAssertEqual(try store.samples(session), [sample(players[0], 1_000, 60)])
        try store.deleteSession(session)
        XCTAssertEqual(try store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sample_minute") }, 0)
    }
}

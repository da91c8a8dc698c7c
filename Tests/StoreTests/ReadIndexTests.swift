import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// v5: review's reads of `sample` are answered from the index alone (v32: the RR intervals' minutes
/// from `rr_minute`'s own key, v33: the readings' from `sample_minute`'s), and still come back complete
/// and grouped per player in time order.
final class ReadIndexTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    func testReviewQueriesUseCoveringIndexes() throws {
        let store = try fixture.open()
        let queries = [
            "SELECT player_id, minute, readings, wide FROM sample_minute WHERE session_id = 1 ORDER BY player_id, minute",
            "SELECT player_id, minute, readings, wide FROM sample_minute WHERE session_id = 1 AND player_id = 2 ORDER BY minute",
            "SELECT player_id, minute, beats FROM rr_minute WHERE session_id = 1 ORDER BY player_id, minute",
        ]
        for sql in queries {
            let plan = try store.database.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ")
            }
            XCTAssertTrue(plan.contains("COVERING INDEX") || plan.contains("USING PRIMARY KEY"), "\(sql): \(plan)")
            XCTAssertFalse(plan.contains("TEMP B-TREE"), "sorted by the index, not afterwards: \(plan)")
        }
    }

    func testRecordedSeriesGroupsInterleavedRowsPerPlayerInTimeOrder() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "A")
        let ids = try (1...7).map { i in
            try store.addPlayer(Player(firstName: "P", lastName: "\(i)", birthYear: 2000, sex: .male, weightKg: 70, restingHR: 60),
                                toTeam: team.id, shirtNumber: i)
        }
        let session = try store.startSession(teamID: team.id, participants: ids.map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: nil)
        let writer = SessionWriter(store: store, sessionID: session.id)
        // Written a second at a time, players interleaved and a later player first, as the recorder does.
        for second in 0..<5 {
            var batch = SessionRecording.Batch()
            for id in ids.reversed() {
                let t = Int64(second * 1000) + id
                batch.samples.append(Sample(playerID: id, strapID: 0, tMs: t, bpm: 100 + Int(id) + second, contact: .detected))
                batch.rrIntervals.append(RRInterval(playerID: id, tMs: t, rr1024: UInt16(600 + second)))
            }
            try writer.commit(batch, upToMs: Int64(second + 1) * 1000)
        }
        // Still running: one transaction. Ended: players read in ranges on several
        // connections at once (when the machine has more than one core) — the same rows.
        let running = try store.recordedSeries(session.id)
        try store.endSession(session.id, at: session.startedAt.addingTimeInterval(5))
        let series = try store.recordedSeries(session.id)
        XCTAssertEqual(series.samples.mapValues { $0.map(\.tMs) }, running.samples.mapValues { $0.map(\.tMs) })
        XCTAssertEqual(series.rrIntervals.mapValues { $0.map(\.tMs) }, running.rrIntervals.mapValues { $0.map(\.tMs) })
        XCTAssertEqual(try store.recordedSeries(session.id, includingRR: false).rrIntervals.count, 0)
        XCTAssertEqual(Set(series.samples.keys), Set(ids))
        for id in ids {
            XCTAssertEqual(series.samples[id]?.map(\.bpm), (0..<5).map { 100 + Int(id) + $0 })
            XCTAssertEqual(series.samples[id]?.map(\.playerID), Array(repeating: id, count: 5))
            XCTAssertEqual(series.rrIntervals[id]?.map(\.rr1024), (0..<5).map { UInt16(600 + $0) })
        }
    }
}

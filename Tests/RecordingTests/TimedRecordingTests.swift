import Foundation
import Recording
import SensorSimulation
import Store
import TeamCore
import XCTest

/// `record`'s loop on the stepped simulated team: each turn's wait moves the source's clock
/// instead of sleeping, so a session of any length runs in no wall time and the same every run.
final class TimedRecordingTests: TemporaryFolderTestCase {
    private struct Run {
        let store: SidelineStore
        let recording: TimedRecording
        let recorder: SessionRecorder
        var committed: [Int64] = []
        var effortEndedAtMs: [Int64] = []
        var turns = 0
        var session: Session { get throws { try store.session(recorder.start.sessionID) } }
        var samples: [Sample] { get throws { try store.samples(recorder.start.sessionID) } }
    }

    /// Three players of a stored team, recorded for `effortMs` and `recoveryMs`, each turn's wait
    /// stepping the source by `turnMs`; `stopAtMs`: the coach's Ctrl-C that many ms in.
    private func record(effortMs: Int64, recoveryMs: Int64 = 0, turnMs: UInt64 = 10, stopAtMs: Int64? = nil) throws -> Run {
        let store = try SidelineStore(path: folder + "/\(UUID().uuidString).sqlite")
        let squad = SimulatedTeam(count: 3, seed: 9)
        let team = try store.importRoster(squad.members.enumerated().map { i, m in
            RosterCSV.Row(line: i + 1, shirtNumber: m.shirtNumber, player: m.player, strapAddress: m.strap.address, strapName: m.strap.name)
        }, teamNamed: "Kites")
        let roster = try store.roster(teamID: team.id).compactMap { entry in entry.strap.map { (entry, $0) } }
        let source = SteppedSimulatedSource(team: squad, seed: 9)
        let recording = TimedRecording(wearers: roster.map { ($0.0.playerID, $0.1) }, source: source, effortMs: effortMs, recoveryMs: recoveryMs)
        try recording.startSource()
        let recorder = try SessionRecorder(store: store, teamID: team.id, lineup: recording.lineup, plannedMs: effortMs,
                                           date: Date(timeIntervalSince1970: 1_773_509_400), nowNs: recording.startNs)
        var run = Run(store: store, recording: recording, recorder: recorder)
        let startNs = recording.startNs
        try recording.run(into: recorder, wait: {
            run.turns += 1
            source.advance(byNs: turnMs * 1_000_000)
        }, shouldStop: {
            stopAtMs.map { source.nowNs() >= startNs + UInt64($0) * 1_000_000 } ?? false
        }, effortEnded: {
            run.effortEndedAtMs.append(recorder.recording.offsetMs(source.nowNs()))
        }, committed: { run.committed.append($0) })
        recording.stopSource()
        return run
    }

    func testItRecordsThePlannedLengthAndCommitsOnceASecond() throws {
        let run = try record(effortMs: 5000)
        XCTAssertEqual(run.committed, [1000, 2000, 3000, 4000], "a commit a second of session; the last second at the end")
        XCTAssertEqual(run.turns, 500, "a turn every 10 ms of the source's clock")
        XCTAssertEqual(run.effortEndedAtMs, [5000])
        let session = try run.session
        XCTAssertEqual(session.state, .ended)
        XCTAssertEqual(session.effortEndMs, 5000)
        XCTAssertEqual(try XCTUnwrap(session.endedAt).timeIntervalSince(session.startedAt), 5, accuracy: 0.001)
        let samples = try run.samples
        XCTAssertEqual(Set(samples.map(\.playerID)).count, 3, "every wearer recorded")
        XCTAssertGreaterThanOrEqual(samples.count, 3 * 4)
        XCTAssertTrue(samples.allSatisfy { (0..<5000).contains($0.tMs) })
        XCTAssertEqual(samples.count, run.recorder.recording.counters.samples, "all of it committed")
    }

    /// A turn that steps past the planned end keeps nothing from after it.
    func testATurnPastTheEndKeepsNothingFromAfterIt() throws {
        let run = try record(effortMs: 2000, turnMs: 30) // 1980 ms, then 2010 ms
        XCTAssertEqual(try run.session.effortEndMs, 2000)
        XCTAssertEqual(try XCTUnwrap(try run.session.endedAt).timeIntervalSince(try run.session.startedAt), 2, accuracy: 0.001)
        let samples = try run.samples
        XCTAssertFalse(samples.isEmpty)
        XCTAssertTrue(samples.allSatisfy { $0.tMs < 2000 }, "the source ran to 2010 ms; the session ends at 2000")
    }

    /// After the effort the players rest while the recording goes on: the same data as a longer effort
    /// up to the effort's end, falling heart rates after it.
    func testTheRecoveryIsRecordedWhileThePlayersRest() throws {
        let recovered = try record(effortMs: 60_000, recoveryMs: 30_000)
        let worked = try record(effortMs: 90_000)
        XCTAssertEqual(recovered.effortEndedAtMs, [60_000], "told when the effort ends, not when the recording does")
        XCTAssertEqual(try recovered.session.effortEndMs, 60_000)
        XCTAssertEqual(try XCTUnwrap(try recovered.session.endedAt).timeIntervalSince(try recovered.session.startedAt), 90, accuracy: 0.001)
        let rows: (Run) throws -> [[Int64]] = { run in try run.samples.map { [$0.playerID, $0.tMs, Int64($0.bpm)] } }
        XCTAssertEqual(try rows(recovered).filter { $0[1] < 60_000 }, try rows(worked).filter { $0[1] < 60_000 },
                       "nothing changes before the effort ends")
        let lastTenSeconds: (Run) throws -> Double = { run in
            let bpm = try run.samples.filter { $0.tMs >= 80_000 }.map { Double($0.bpm) }
            return bpm.reduce(0, +) / Double(bpm.count)
        }
        XCTAssertGreaterThan(try lastTenSeconds(worked) - lastTenSeconds(recovered), 5, "resting hearts slow down")
    }

    func testStoppedEarlyTheEffortEndsThen() throws {
        let run = try record(effortMs: 10_000, recoveryMs: 5000, stopAtMs: 2500)
        XCTAssertEqual(run.effortEndedAtMs, [], "the effort did not end on time")
        let session = try run.session
        XCTAssertEqual(session.state, .ended)
        XCTAssertEqual(session.effortEndMs, 2500)
        XCTAssertEqual(try XCTUnwrap(session.endedAt).timeIntervalSince(session.startedAt), 2.5, accuracy: 0.001)
        XCTAssertEqual(run.committed, [1000, 2000])
        XCTAssertTrue(try run.samples.allSatisfy { $0.tMs < 2500 })
    }

    /// At the end the strap list learns when each strap was last heard, and its battery.
    func testTheStrapsNotesAreKeptAtTheEnd() throws {
        let run = try record(effortMs: 4000)
        let straps = try run.store.strapOverviews().map(\.strap)
        XCTAssertEqual(straps.count, 3)
        let session = try run.session
        for strap in straps {
            let seen = try XCTUnwrap(strap.lastSeen, strap.name)
            XCTAssertGreaterThanOrEqual(seen, session.startedAt, strap.name)
            XCTAssertLessThanOrEqual(seen, try XCTUnwrap(session.endedAt), strap.name)
            XCTAssertNotNil(strap.lastBattery, "\(strap.name): the simulation reports its battery on connecting")
        }
    }
}

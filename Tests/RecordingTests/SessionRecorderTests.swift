import Foundation
import Recording
import SensorSimulation
import Store
import TeamCore
import XCTest

/// The recording pipeline `record` and the kiosk share: a row when the session starts, a commit
/// once per second of session, the effort's end, and the end of the row, over a real store.
final class SessionRecorderTests: TemporaryFolderTestCase {
    /// A team of two on a stepped simulation, its recorder started `startNs` into the source's clock.
    private func recording(startAfterNs startNs: UInt64) throws -> (SidelineStore, SensorPump, SteppedSimulatedSource, SessionRecorder) {
        let store = try SidelineStore(path: folder + "/r.sqlite")
        let squad = SimulatedTeam(count: 2, seed: 5)
        let team = try store.importRoster(squad.members.enumerated().map { i, m in
            RosterCSV.Row(line: i + 1, shirtNumber: m.shirtNumber, player: m.player, strapAddress: m.strap.address, strapName: m.strap.name)
        }, teamNamed: "Owls")
        let roster = try store.roster(teamID: team.id)
        let straps = StrapTable(try store.straps().map(StrapSlot.init))
        let lineup = Lineup(roster.map { entry in
            Lineup.Wearer(playerID: entry.playerID, strapID: entry.strap!.id, strapIndex: straps.index(ofStrap: entry.strap!.id))
        })
        let source = SteppedSimulatedSource(team: squad, seed: 5)
        let pump = SensorPump(source: source, ringCapacity: 4096)
        try pump.start(straps: straps, wake: {})
        source.advance(byNs: startNs)
        let recorder = try SessionRecorder(store: store, teamID: team.id, lineup: lineup, plannedMs: 60_000,
                                           date: Date(timeIntervalSince1970: 1_773_509_400), nowNs: pump.nowNs)
        pump.recorder = recorder
        return (store, pump, source, recorder)
    }

    func testCommitsOncePerSecondOfSessionAndEndsTheRowOnItsClock() throws {
        let (store, pump, source, recorder) = try recording(startAfterNs: 2_500_000_000)
        var commits: [Int64] = []
        for _ in 0..<35 { // 3.5 s in 100 ms turns
            source.advance(byNs: 100_000_000)
            pump.pump()
            if try recorder.commitIfDue(nowNs: pump.nowNs) { commits.append(recorder.writer.committedTMs) }
        }
        XCTAssertEqual(commits, [1000, 2000, 3000])
        try recorder.endEffort(atOffsetMs: 3200)
        try recorder.finish(nowNs: pump.nowNs)
        let session = try store.session(recorder.start.sessionID)
        XCTAssertEqual(session.state, .ended)
        XCTAssertEqual(session.effortEndMs, 3200)
        XCTAssertEqual(try XCTUnwrap(session.endedAt).timeIntervalSince(session.startedAt), 3.5, accuracy: 0.001)
        let samples = try store.samples(recorder.start.sessionID)
        XCTAssertTrue(samples.allSatisfy { (0...3500).contains($0.tMs) }, "offsets from the start, nothing from before it")
        XCTAssertEqual(samples.count, recorder.recording.counters.samples)
        XCTAssertGreaterThan(recorder.recording.counters.early, 0, "the simulation's first 2.5 s are older than the session")
    }

    /// The finish step both share: what is still in the ring reaches the recorder and `follow`, what
    /// is stamped from the finish on is not the session's, and the row ends then.
    func testFinishingTakesTheRingUpToTheFinishAndEndsTheRow() throws {
        let (store, pump, source, recorder) = try recording(startAfterNs: 0)
        source.advance(byNs: 3_000_000_000)
        pump.pump()
        source.advance(byNs: 2_000_000_000) // two seconds in the ring, no turn drains them
        let finishNs = recorder.start.ns + 4_000_000_000
        var followed: [SensorEvent] = []
        let finished = try pump.finishRecording(atNs: finishNs) { followed.append($0) }
        XCTAssertTrue(finished === recorder)
        XCTAssertNil(pump.recorder, "nothing records after the finish")
        XCTAssertGreaterThan(followed.filter { $0.timestampNs >= finishNs }.count, 0, "the tiles see everything the ring held")
        let samples = try store.samples(recorder.start.sessionID).map(\.tMs)
        XCTAssertGreaterThan(samples.max() ?? 0, 3000, "the ring's last second before the finish is stored")
        XCTAssertTrue(samples.allSatisfy { $0 < 4000 }, "nothing from the finish on")
        let session = try store.session(recorder.start.sessionID)
        XCTAssertEqual(session.state, .ended)
        XCTAssertEqual(try XCTUnwrap(session.endedAt).timeIntervalSince(session.startedAt), 4, accuracy: 0.001)
        XCTAssertNil(try pump.finishRecording(atNs: finishNs), "finished once")
    }

    func testEventsFromThePlannedEndOnAreNotTheSessions() throws {
        let (store, pump, source, recorder) = try recording(startAfterNs: 0)
        recorder.endsAtNs = 2_000_000_000
        source.advance(byNs: 5_000_000_000) // a fast simulation runs past the end
        pump.pump()
        try recorder.finish(nowNs: 2_000_000_000)
        let samples = try store.samples(recorder.start.sessionID)
        XCTAssertFalse(samples.isEmpty)
        XCTAssertTrue(samples.allSatisfy { $0.tMs < 2000 })
    }
}

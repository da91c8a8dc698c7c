import Analytics
import Foundation
@testable import SessionReview
import Store
import TeamCore
import XCTest

/// The sessions list's team average: the analysis's number, computed once per session and kept.
final class SessionListTests: TemporaryDirectoryTestCase {
    /// Two players over 3 minutes plus a recovery minute: Ada at 150 through the effort, Bea at 100
    /// then 130 (time-weighted, so her average is not the samples' mean with gaps), both at 90 after.
    private func recorded(_ store: SidelineStore) throws -> Int64 {
        let team = try store.createTeam(name: "List")
        func player(_ name: String) throws -> Int64 {
            try store.addPlayer(Player(firstName: name, lastName: "", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55),
                                toTeam: team.id, shirtNumber: name == "Ada" ? 1 : 2)
        }
        let ada = try player("Ada"), bea = try player("Bea")
        let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: ada, strapID: nil),
                                                                           Participant(playerID: bea, strapID: nil)],
                                             plannedDurationMs: 180_000, tags: ["test"])
        var batch = SessionRecording.Batch()
        for s in 0..<240 {
            let t = Int64(s) * 1000
            batch.samples.append(Sample(playerID: ada, strapID: 0, tMs: t, bpm: s < 180 ? 150 : 90, contact: .detected))
            if s < 60 || (s >= 120 && s % 2 == 0) {
                batch.samples.append(Sample(playerID: bea, strapID: 0, tMs: t, bpm: s < 60 ? 100 : (s < 180 ? 130 : 90), contact: .detected))
            }
        }
        try SessionWriter(store: store, sessionID: session.id).commit(batch, upToMs: 240_000)
        try store.setEffortEnd(session.id, tMs: 180_000)
        try store.endSession(session.id, at: session.startedAt.addingTimeInterval(240))
        return session.id
    }

    func testTheAverageIsTheAnalysisOfTheEffortAndIsKept() throws {
        let store = try SidelineStore(path: directory + "/l.sqlite")
        let id = try recorded(store)
        let listed = try XCTUnwrap(SessionReview.sessionList(store: store).first)
        let analysis = try SessionReview.load(store: store, sessionID: id, useCache: false).analysis
        XCTAssertEqual(listed.averageBPM, analysis.teamAverageBPM)
        let averages = analysis.players.compactMap(\.stats.averageBPM.value)
        XCTAssertEqual(averages.count, 2)
        XCTAssertEqual(averages[0], 150, accuracy: 1e-9, "the recovery minute is not in the effort's average")
        XCTAssertEqual(listed.averageBPM!, (averages[0] + averages[1]) / 2, accuracy: 1e-9, "each player counts once")
        XCTAssertEqual(listed.overview.effortMs, 180_000)
        XCTAssertEqual(listed.overview.session.tags, ["test"])
        XCTAssertEqual(try store.cachedAverageBPM(algorithm: SessionReview.summaryAlgorithm)[id], listed.averageBPM, "kept for the next list")
        XCTAssertEqual(try SessionReview.sessionList(store: store, tag: "test").count, 1)
        XCTAssertEqual(try SessionReview.sessionList(store: store, tag: "match").count, 0)
    }

    func testAReadOnlyListComputesButKeepsNothing() throws {
        let path = directory + "/r.sqlite"
        let id = try recorded(try SidelineStore(path: path))
        let reader = try SidelineStore.openForReading(path: path)
        XCTAssertTrue(reader.isReadOnly)
        XCTAssertNotNil(try SessionReview.sessionList(store: reader).first?.averageBPM)
        XCTAssertFalse(try reader.cachedAverageBPM(algorithm: SessionReview.summaryAlgorithm).keys.contains(id))
    }

    func testASessionStillRecordingHasNoAverageYet() throws {
        let store = try SidelineStore(path: directory + "/o.sqlite")
        let team = try store.createTeam(name: "Open")
        _ = try store.startSession(teamID: team.id, participants: [], plannedDurationMs: nil)
        let listed = try XCTUnwrap(SessionReview.sessionList(store: store).first)
        XCTAssertNil(listed.averageBPM)
        XCTAssertNil(listed.overview.effortMs)
    }
}

import Analytics
import Foundation
@testable import Kiosk
@testable import SessionReview
import Store
import TeamCore
import XCTest

/// The kiosk's review screen data, read through SessionReview.
final class ReviewScreenLoaderTests: TemporaryDirectoryTestCase {

    /// A finished 2-minute session in which each of `bpm`'s players holds one heart rate
    /// (players missing from `bpm` take part without a sample).
    private func session(_ store: SidelineStore, team: Int64, players: [Int64], bpm: [Int64: Int], startedAt: Date,
                         zoneModel: ZoneModel = .percentOfMax, tags: [String] = []) throws -> Int64 {
        let session = try store.startSession(teamID: team, participants: players.map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: 120_000, zoneModel: zoneModel, tags: tags, at: startedAt)
        let writer = SessionWriter(store: store, sessionID: session.id)
        var batch = SessionRecording.Batch()
        for s in 0..<120 {
            for (player, rate) in bpm.sorted(by: { $0.key < $1.key }) {
                batch.samples.append(Sample(playerID: player, strapID: 0, tMs: Int64(s) * 1000, bpm: rate, contact: .detected))
            }
        }
        try writer.commit(batch, upToMs: 120_000)
        try store.endSession(session.id, at: startedAt.addingTimeInterval(120))
        return session.id
    }

    func testEachPlayerIsComparedWithTheirNewestEarlierSessionThatHasTheirData() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let team = try store.createTeam(name: "Screen").id
        let a = try store.addPlayer(Player(firstName: "Ann", lastName: "A", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55),
                                    toTeam: team, shirtNumber: 7)
        let b = try store.addPlayer(Player(firstName: "Ben", lastName: "B", birthYear: 2000, sex: .male, weightKg: 70, restingHR: 60),
                                    toTeam: team, shirtNumber: 3)
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        _ = try session(store, team: team, players: [a, b], bpm: [a: 100, b: 110], startedAt: day)
        // The next session had Ann without a strap signal: Ann's comparison skips it.
        _ = try session(store, team: team, players: [a, b], bpm: [b: 120], startedAt: day.addingTimeInterval(3600))
        let today = try session(store, team: team, players: [a, b], bpm: [a: 140, b: 150], startedAt: day.addingTimeInterval(7200))

        let data = try ReviewScreenLoader(store: store).load(sessionID: today)
        XCTAssertEqual(data.players.map(\.shirtNumber), [3, 7], "by shirt number")
        let ben = try XCTUnwrap(data.players.first { $0.playerID == b })
        let ann = try XCTUnwrap(data.players.first { $0.playerID == a })
        XCTAssertEqual(ann.name, "Ann A")
        XCTAssertEqual(ann.series.count, 120)
        XCTAssertEqual(ann.digest.averageBPM, 140)
        XCTAssertEqual(ben.previous?.digest.averageBPM, 120, "Ben's newest earlier session")
        XCTAssertEqual(ann.previous?.digest.averageBPM, 100, "Ann's newest earlier session with her data")
        XCTAssertEqual(data.durationMs, 120_000)
    }

    /// HRV and effort compare only across like sessions: the previous session is the newest earlier
    /// one with the same tags (in any order), whatever came between.
    func testThePreviousSessionIsTheNewestWithTheSameTags() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let team = try store.createTeam(name: "Tags").id
        let a = try store.addPlayer(Player(firstName: "Ann", lastName: "A", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55),
                                    toTeam: team, shirtNumber: 7)
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        let rest = try session(store, team: team, players: [a], bpm: [a: 70], startedAt: day, tags: ["rest-test", "seated"])
        _ = try session(store, team: team, players: [a], bpm: [a: 160], startedAt: day.addingTimeInterval(3600), tags: ["match"])
        _ = try session(store, team: team, players: [a], bpm: [a: 150], startedAt: day.addingTimeInterval(5400))
        let today = try session(store, team: team, players: [a], bpm: [a: 75], startedAt: day.addingTimeInterval(7200),
                                tags: ["seated", "rest-test"])
        let data = try ReviewScreenLoader(store: store).load(sessionID: today)
        XCTAssertEqual(data.tags, ["seated", "rest-test"])
        let previous = try XCTUnwrap(data.players[0].previous)
        XCTAssertEqual(previous.sessionID, rest)
        XCTAssertEqual(previous.digest.averageBPM, 70)
        XCTAssertEqual(previous.series.count, 120, "its line, to draw faintly behind")
        XCTAssertEqual(previous.startedAt, day)
        let untagged = try ReviewScreenLoader(store: store).load(sessionID: today - 1)
        XCTAssertNil(untagged.players[0].previous, "no earlier session without tags")
        XCTAssertFalse(data.teamBand.isEmpty)
        XCTAssertEqual(data.teamBand.first?.meanBPM, 75)
    }

    /// Review shows the analysis the exports print, under the session's own zone model.
    func testReviewNumbersAreTheAnalysisUnderTheSessionsZoneModel() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let team = try store.createTeam(name: "Model").id
        let a = try store.addPlayer(Player(firstName: "Ann", lastName: "A", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55),
                                    toTeam: team, shirtNumber: 7)
        let id = try session(store, team: team, players: [a], bpm: [a: 160], startedAt: Date(), zoneModel: .heartRateReserve)
        let data = try ReviewScreenLoader(store: store).load(sessionID: id)
        let analysis = try SessionReview.load(store: store, sessionID: id).analysis.players[0]
        XCTAssertEqual(data.zoneModel, .heartRateReserve)
        let digest = data.players[0].digest
        XCTAssertEqual(digest.zoneMs, analysis.stats.zonesOfReserve.ms)
        XCTAssertNotEqual(digest.zoneMs, analysis.stats.zonesOfMax.ms, "the two models differ at 160 bpm")
        XCTAssertEqual(digest.kcal, analysis.stats.kcal.value)
        XCTAssertEqual(digest.signalMs, analysis.stats.signalMs)
    }

    func testWarmCacheStoresTheNNSeriesOfAFinishedSession() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let team = try store.createTeam(name: "Warm").id
        let a = try store.addPlayer(Player(firstName: "Ann", lastName: "A", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55),
                                    toTeam: team, shirtNumber: 7)
        let id = try session(store, team: team, players: [a], bpm: [a: 100], startedAt: Date())
        XCTAssertTrue(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).isEmpty)
        SessionReview.warmCache(store: store, sessionID: id)
        let deadline = Date().addingTimeInterval(10)
        while try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).isEmpty, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).count, 1, "cached in the background")
    }

    /// A team's sessions warmed at once: each read in player ranges and analysed in parallel.
    func testWarmingSeveralTeamSessionsAtOnceCachesEveryPlayer() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let team = try store.createTeam(name: "Warm team").id
        let players = try (1...6).map { n in
            try store.addPlayer(Player(firstName: "P\(n)", lastName: "X", birthYear: 2000, sex: .male, weightKg: 70, restingHR: 55),
                                toTeam: team, shirtNumber: n)
        }
        let bpm = Dictionary(uniqueKeysWithValues: players.map { ($0, 100 + Int($0)) })
        let ids = try (0..<4).map { k in try session(store, team: team, players: players, bpm: bpm, startedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(k) * 3600)) }
        for id in ids { SessionReview.warmCache(store: store, sessionID: id) }
        let deadline = Date().addingTimeInterval(20)
        for id in ids {
            while try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).count < players.count, Date() < deadline { usleep(10_000) }
            XCTAssertEqual(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).count, players.count)
        }
    }
}

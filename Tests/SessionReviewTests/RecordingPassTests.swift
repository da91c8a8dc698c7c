import Analytics
import Foundation
@testable import SessionReview
@testable import Store
import TeamCore
import XCTest

/// The first analysis reads a player's recording at a time (`RecordingPass`, decision 105): its analysis,
/// and the figures it keeps, are the ones the whole session's recording read at once gives — bit for bit.
final class RecordingPassTests: TemporaryDirectoryTestCase {
    /// Four players of one team in a session of `plannedMs` (nil: open-ended): beats with a missed one, readings
    /// without contact, impossible and tied at one millisecond; the third recorded no beat, the fourth nothing.
    private func recordedSession(plannedMs: Int64?, seconds: Int = 400, file: String = "s.sqlite") throws -> (SidelineStore, Int64) {
        let store = try SidelineStore(path: directory + "/" + file)
        let team = try store.createTeam(name: "Pass")
        var players: [Int64] = []
        for k in 0..<4 {
            let sex: Sex = k % 2 == 0 ? .female : .male
            let player = Player(firstName: "P\(k)", lastName: "Q", birthYear: 1995 + k, sex: sex,
                                weightKg: 60 + Double(k), restingHR: 50 + k)
            players.append(try store.addPlayer(player, toTeam: team.id, shirtNumber: k + 2))
        }
        let session = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: plannedMs)
        try store.addLap(Lap(sessionID: session.id, tMs: 120_000, label: nil))
        var batch = SessionRecording.Batch()
        for (k, player) in players.prefix(3).enumerated() {
            for s in 0..<seconds {
                let bpm = s % 97 == 13 ? 255 : 70 + (s * (k + 3)) % 110
                batch.samples.append(Sample(playerID: player, strapID: 0, tMs: Int64(s) * 1000 + Int64(k * 7), bpm: bpm,
                                            contact: s % 31 == 5 ? .notDetected : .detected))
                if s % 50 == 0 { batch.samples.append(Sample(playerID: player, strapID: 0, tMs: Int64(s) * 1000 + Int64(k * 7), bpm: 120, contact: .detected)) }
            }
            guard k < 2 else { continue }
            var t = 0.0
            for beat in 0..<(seconds * 5 / 4) {
                var rr = 780 + 60 * sin(Double(beat + 40 * k) / 4)
                if beat == 150 + k { rr *= 2 }
                t += rr
                batch.rrIntervals.append(RRInterval(playerID: player, tMs: Int64(t), rr1024: UInt16(rr * 1.024)))
            }
        }
        try SessionWriter(store: store, sessionID: session.id).commit(batch, upToMs: Int64(seconds) * 1000)
        return (store, session.id)
    }

    /// The analysis as it was made before the pass: every sample and RR interval read at once.
    private func wholeRecordingAnalysis(_ store: SidelineStore, _ id: Int64) throws -> SessionAnalysis {
        let series = try store.recordedSeries(id)
        var input = SessionInput(session: try store.session(id), players: try store.sessionPlayers(id), samples: series.samples,
                                 rrIntervals: series.rrIntervals, laps: try store.laps(id), hrvWindows: [.firstFiveMinutes])
        input.drills = try store.sessionDrills(id)
        return SessionAnalysis(input)
    }

    func testTheFirstAnalysisAndTheFiguresItKeepsAreTheWholeRecordingsOnes() throws {
        let (store, id) = try recordedSession(plannedMs: 400_000)
        try store.endSession(id, at: try store.session(id).startedAt.addingTimeInterval(400))
        let whole = try wholeRecordingAnalysis(store, id)
        XCTAssertEqual(whole.players.map { $0.rr.corrected > 0 }, [true, true, false, false], "the fixture has beats corrected")
        XCTAssertEqual(whole.players.map { $0.track.rejected > 0 }, [true, true, true, false], "and readings left out")
        XCTAssertEqual(try SessionReview.load(store: store, sessionID: id, useCache: false).analysis, whole)
        XCTAssertTrue(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).isEmpty, "useCache: false keeps nothing")
        XCTAssertEqual(try SessionReview.load(store: store, sessionID: id).analysis, whole, "the first analysis, keeping its figures")
        let kept = try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm)
        XCTAssertEqual(kept.count, 4)
        for p in whole.players {
            XCTAssertEqual(kept[p.playerID], RecordingFiguresCoding.encode(p.recordingFigures), "player \(p.playerID)'s kept bytes")
        }
        XCTAssertEqual(try SessionReview.load(store: store, sessionID: id).analysis, whole, "from the kept figures")
    }

    /// The heart-rate part alone (the sessions list's average, a training session's season figures), read a
    /// player at a time without RR: the analysis every sample at once gave, with no RR interval.
    func testTheHeartRatePartIsTheWholeSamplesOne() throws {
        for plannedMs in [400_000, nil] as [Int64?] {
            let (store, id) = try recordedSession(plannedMs: plannedMs, file: "planned-\(plannedMs ?? 0).sqlite")
            let session = try store.session(id), players = try store.sessionPlayers(id)
            let whole = SessionAnalysis(SessionInput(session: session, players: players, samples: try store.recordedSeries(id, includingRR: false).samples,
                                                     rrIntervals: [:], laps: [], hrvWindows: []))
            XCTAssertNotNil(whole.teamAverageBPM)
            XCTAssertEqual(SessionAnalysis(try RecordingPass.heartRateInput(store: store, session: session, players: players)), whole,
                           "planned \(String(describing: plannedMs))")
        }
    }

    /// An open-ended session still recording has no recorded length: it lasts to its last sample, read without its samples.
    func testASessionWithoutARecordedLengthLastsToItsLastSample() throws {
        let (store, id) = try recordedSession(plannedMs: nil, seconds: 200)
        XCTAssertNil(try store.session(id).recordedMs)
        let whole = try wholeRecordingAnalysis(store, id)
        XCTAssertEqual(whole.durationMs, 199_014 + HeartRateTrack.lastSampleMs)
        XCTAssertEqual(try SessionReview.load(store: store, sessionID: id).analysis, whole)
        XCTAssertTrue(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).isEmpty, "a session still recording keeps nothing")
    }
}

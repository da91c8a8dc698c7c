import Analytics
import Foundation
@testable import SessionReview
@testable import Store
import TeamCore
import XCTest

final class NNCacheTests: TemporaryDirectoryTestCase {
    /// A finished 6-minute session of one player: a sample a second, beats at ~75 bpm with a missed beat.
    private func recordedSession() throws -> (SidelineStore, Int64, SessionWriter) {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let team = try store.createTeam(name: "Cache")
        let player = try store.addPlayer(Player(firstName: "A", lastName: "B", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55),
                                          toTeam: team.id, shirtNumber: 4)
        let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: player, strapID: nil)],
                                             plannedDurationMs: 360_000)
        let writer = SessionWriter(store: store, sessionID: session.id)
        var batch = SessionRecording.Batch()
        var t = 0.0
        for beat in 0..<450 {
            var rr = 800 + 40 * sin(Double(beat) / 3)
            if beat == 200 { rr *= 2 }
            t += rr
            batch.rrIntervals.append(RRInterval(playerID: player, tMs: Int64(t), rr1024: UInt16(rr * 1.024)))
        }
        for s in 0..<360 { batch.samples.append(Sample(playerID: player, strapID: 0, tMs: Int64(s) * 1000, bpm: 75, contact: .detected)) }
        try writer.commit(batch, upToMs: 360_000)
        try store.endSession(session.id, at: session.startedAt.addingTimeInterval(360))
        return (store, session.id, writer)
    }

    func testSecondReviewReadsTheCacheAndAgrees() throws {
        let (store, id, _) = try recordedSession()
        XCTAssertTrue(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).isEmpty)
        let first = try SessionReview.load(store: store, sessionID: id).analysis
        XCTAssertEqual(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).count, 1)
        let second = try SessionReview.load(store: store, sessionID: id).analysis
        let fresh = try SessionReview.load(store: store, sessionID: id, useCache: false).analysis
        XCTAssertEqual(second.players[0].nnSeries, first.players[0].nnSeries)
        XCTAssertEqual(second.players[0].hrv, fresh.players[0].hrv)
        XCTAssertEqual(second.players[0].rr, fresh.players[0].rr)
        XCTAssertEqual(first.players[0].rr.missed, 1)
        // The whole analysis from the kept figures (no sample or RR interval read) is the recomputed one.
        XCTAssertEqual(second, fresh)
        XCTAssertEqual(second.players[0].track.count, 360)
    }

    /// Every player's figures kept: the review reads no sample and no RR interval (here there are none left).
    func testAReviewWithEveryFigureKeptReadsNoSample() throws {
        let (store, id, _) = try recordedSession()
        let first = try SessionReview.load(store: store, sessionID: id).analysis
        try store.write { db in
            try db.execute(sql: "DELETE FROM sample_minute WHERE session_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM rr_minute WHERE session_id = ?", arguments: [id])
        }
        XCTAssertEqual(try SessionReview.load(store: store, sessionID: id).analysis, first)
        XCTAssertEqual(try SessionReview.load(store: store, sessionID: id, useCache: false).analysis.players[0].track.count, 0,
                       "the recording is gone: only the kept figures could have given the same analysis")
    }

    func testRecordingFiguresRoundTripAndDamagedBytes() throws {
        let (store, id, _) = try recordedSession()
        let figures = try SessionReview.load(store: store, sessionID: id, useCache: false).analysis.players[0].recordingFigures
        XCTAssertNotNil(figures.wholeSessionHRV.frequencyDomain.value)
        let data = RecordingFiguresCoding.encode(figures)
        XCTAssertEqual(RecordingFiguresCoding.decode(data), figures)
        XCTAssertNil(RecordingFiguresCoding.decode(data.dropLast()))
        XCTAssertNil(RecordingFiguresCoding.decode(data + Data(count: 8)), "bytes after the track")

        // Figures without values keep their reasons.
        let empty = RecordingFigures(track: HeartRateTrack(samples: []), nnSeries: NNSeries(beats: []),
                                     wholeSessionHRV: HRVSummary(window: .wholeSession, series: NNSeries(beats: [])))
        XCTAssertEqual(empty.wholeSessionHRV.timeDomain, .notEnoughData(.tooFewBeats))
        XCTAssertEqual(RecordingFiguresCoding.decode(RecordingFiguresCoding.encode(empty)), empty)

        // A track whose heart rate is impossible or whose times go back is refused (it would index
        // the weight tables out of range, or break the searches by time).
        var bytes = [UInt8](data)
        let bpmOffset = bytes.count - 8 * 360
        for (value, why) in [(UInt64(251), "251 bpm"), (UInt64.max, "-1 bpm"), (UInt64(1) << 40, "beyond Int32")] {
            var damaged = bytes
            for k in 0..<8 { damaged[bpmOffset + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) }
            XCTAssertNil(RecordingFiguresCoding.decode(Data(damaged)), why)
        }
        let timesOffset = bpmOffset - 8 * 360
        for (value, why) in [(UInt64(5000), "the first time after the second"), (UInt64(1) << 63, "Int64.min: a difference would overflow")] {
            var damaged = bytes
            for k in 0..<8 { damaged[timesOffset + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) }
            XCTAssertNil(RecordingFiguresCoding.decode(Data(damaged)), why)
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            bytes = [UInt8](data)
            for _ in 0..<Int.random(in: 1...4, using: &rng) { bytes[Int.random(in: 0..<bytes.count, using: &rng)] = .random(in: 0...255, using: &rng) }
            if Bool.random(using: &rng) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &rng)) }
            _ = RecordingFiguresCoding.decode(Data(bytes)) // nil or some figures, never a trap
        }
    }

    func testADamagedEntryIsRecomputed() throws {
        let (store, id, _) = try recordedSession()
        let fresh = try SessionReview.load(store: store, sessionID: id, useCache: false).analysis
        try store.cacheNNSeries(id, algorithm: RecordingFiguresCoding.algorithm, [1: Data([1, 2, 3])])
        XCTAssertEqual(try SessionReview.load(store: store, sessionID: id).analysis, fresh)
        let kept = try XCTUnwrap(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm)[1])
        XCTAssertEqual(RecordingFiguresCoding.decode(kept), fresh.players[0].recordingFigures, "written again")
    }

    func testRowsCommittedLaterMakeTheCacheStale() throws {
        let (store, id, writer) = try recordedSession()
        _ = try SessionReview.load(store: store, sessionID: id)
        var late = SessionRecording.Batch()
        late.rrIntervals = [RRInterval(playerID: 1, tMs: 400_000, rr1024: 800)]
        try writer.commit(late, upToMs: 400_000)
        XCTAssertTrue(try store.cachedNNSeries(id, algorithm: RecordingFiguresCoding.algorithm).isEmpty)
        XCTAssertTrue(try store.cachedNNSeries(id, algorithm: "another method").isEmpty)
    }

    func testCodingRoundTripAndCorruptBytes() {
        var report = RRCorrectionReport()
        report.recorded = 7; report.missed = 2; report.passes = 3
        let series = NNSeries(stretches: [.init(endMs: [1000, 1800.5], nnMs: [1000, 800.5]), .init(endMs: [9000], nnMs: [812.25])],
                              report: report)
        let data = NNSeriesCoding.encode(series)
        XCTAssertEqual(NNSeriesCoding.decode(data), series)
        XCTAssertNil(NNSeriesCoding.decode(data.dropLast()))
        XCTAssertNil(NNSeriesCoding.decode(Data([1, 2, 3])))
    }

    /// The layout byte by byte: little-endian UInt64 words, then Float64 bit patterns, little-endian too.
    func testTheLayoutIsLittleEndianWhateverTheMachine() {
        var report = RRCorrectionReport()
        report.recorded = 258 // 0x0102
        let series = NNSeries(stretches: [.init(endMs: [1000], nnMs: [-2])], report: report)
        func word(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        // Appended piece by piece: Debian's Swift 6.2.3 (the arm64 build) gives up type-checking one long sum.
        var expected: [UInt8] = [0x02, 0x01, 0, 0, 0, 0, 0, 0] // recorded
        expected += [UInt8](repeating: 0, count: 8 * 9) // nine zero counts
        expected += word(1) + word(1) // one stretch of one beat
        expected += [0, 0, 0, 0, 0, 0x40, 0x8F, 0x40] // 1000.0 = 0x408F400000000000
        expected += [0, 0, 0, 0, 0, 0, 0, 0xC0] // -2.0 = 0xC000000000000000
        XCTAssertEqual([UInt8](NNSeriesCoding.encode(series)), expected)
        XCTAssertEqual(NNSeriesCoding.decode(Data(expected)), series)
    }

    /// A damaged cache entry is refused, never a trap: counts too large for an Int, lengths whose
    /// bytes would overflow, lengths longer than the blob, and random damage of a real entry.
    func testDamagedBytesAreRefusedNeverATrap() {
        func word(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let zeros = Array(repeating: UInt8(0), count: 8 * 10)
        XCTAssertNil(NNSeriesCoding.decode(Data(word(.max) + zeros.dropFirst(8) + word(0))), "a count beyond Int")
        XCTAssertNil(NNSeriesCoding.decode(Data(zeros + word(.max))), "a stretch count beyond Int")
        XCTAssertNil(NNSeriesCoding.decode(Data(zeros + word(1) + word(1 << 61))), "8 × the length overflows")
        XCTAssertNil(NNSeriesCoding.decode(Data(zeros + word(1) + word(3) + word(0))), "a length longer than the blob")
        XCTAssertEqual(NNSeriesCoding.decode(Data(zeros + word(0))), NNSeries(stretches: [], report: RRCorrectionReport()))

        var report = RRCorrectionReport()
        report.recorded = 40
        let series = NNSeries(stretches: [.init(endMs: (1...20).map { Double($0) * 800 }, nnMs: Array(repeating: 800, count: 20)),
                                          .init(endMs: [30_000, 30_810], nnMs: [805, 810])], report: report)
        let good = [UInt8](NNSeriesCoding.encode(series))
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...4, using: &rng) { bytes[Int.random(in: 0..<bytes.count, using: &rng)] = .random(in: 0...255, using: &rng) }
            if Bool.random(using: &rng) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &rng)) }
            _ = NNSeriesCoding.decode(Data(bytes)) // nil or some series, never a trap
        }
    }
}

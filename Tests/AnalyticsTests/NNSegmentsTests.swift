import XCTest
@testable import Analytics

/// `NNSeries.segments` (each run found first, then its arrays written at their exact size) against
/// the beat-at-a-time version it replaced, kept here verbatim as the oracle: the same runs, the same
/// start times, peaks bit for bit and beat indices — on random beats with dropouts, zero, negative,
/// NaN and infinite intervals and times, gaps just inside and just outside the tolerance.
final class NNSegmentsTests: XCTestCase {
    private static func beatAtATime(_ beats: [NNSeries.Beat]) -> [NNSeries.Segment] {
        var out: [NNSeries.Segment] = []
        var current: NNSeries.Segment?
        var previousEnd = -Double.infinity
        for (index, beat) in beats.enumerated() {
            guard beat.ms > 0, beat.ms.isFinite, beat.endMs.isFinite else {
                if let c = current { out.append(c) }
                current = nil
                continue
            }
            if current == nil || abs(beat.endMs - (previousEnd + beat.ms)) > NNSeries.breakToleranceMs {
                if let c = current { out.append(c) }
                current = NNSeries.Segment(startMs: beat.endMs - beat.ms, peaks: [0], beatIndices: [])
            }
            current!.peaks.append(current!.peaks[current!.peaks.count - 1] + beat.ms)
            current!.beatIndices.append(index)
            previousEnd = beat.endMs
        }
        if let c = current { out.append(c) }
        return out
    }

    private func assertSame(_ beats: [NNSeries.Beat], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let new = NNSeries.segments(beats), old = Self.beatAtATime(beats)
        XCTAssertEqual(new.count, old.count, label, file: file, line: line)
        for (a, b) in zip(new, old) {
            XCTAssertEqual(a.startMs.bitPattern, b.startMs.bitPattern, label, file: file, line: line)
            XCTAssertEqual(a.peaks.map(\.bitPattern), b.peaks.map(\.bitPattern), label, file: file, line: line)
            XCTAssertEqual(a.beatIndices, b.beatIndices, label, file: file, line: line)
        }
    }

    func testSegmentsEqualTheBeatAtATimeVersion() {
        var rng = SplitMix(state: 34)
        for trial in 0..<300 {
            let count = [0, 1, 2, 3, 50, 500, 3_000][trial % 7]
            var beats: [NNSeries.Beat] = [], t = Double(rng.next() % 5_000)
            for _ in 0..<count {
                var ms = (400 + Double(rng.next() % 800_000) / 1000 * 1.024).rounded(.down) / 1.024
                t += ms
                var end = t
                switch rng.next() % 40 {
                case 0: ms = 0
                case 1: ms = -ms
                case 2: ms = .nan
                case 3: ms = .infinity
                case 4: end = .nan
                case 5: end = -.infinity
                case 6: t += 1_000; end = t // a gap just at the tolerance
                case 7: t += 1_000.5; end = t // just past it
                case 8: t += Double(rng.next() % 60_000); end = t // a dropout
                case 9: end = t - 2_000 // a time that does not follow
                default: break
                }
                beats.append(NNSeries.Beat(endMs: end, ms: ms))
            }
            assertSame(beats, "trial \(trial), \(count) beats")
        }
    }

    func testStrapLikeBeatsAsRecorded() {
        // Whole 1/1024 s as straps send them, times in whole ms: every run as before.
        var rng = SplitMix(state: 2026)
        var beats: [NNSeries.Beat] = [], t: Int64 = 0
        for k in 0..<22_000 {
            let rr1024 = UInt16(600 + rng.next() % 300)
            t += Int64(Double(rr1024) * 1000 / 1024) + (k % 997 == 0 ? 5_000 : 0)
            beats.append(NNSeries.Beat(endMs: Double(t), ms: k % 1_501 == 0 ? 0 : Double(rr1024) * 1000 / 1024))
        }
        assertSame(beats, "strap-like")
        XCTAssertGreaterThan(NNSeries.segments(beats).count, 10)
    }
}

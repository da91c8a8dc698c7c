import XCTest
@testable import Analytics

/// The correction runs on the raw RR series and plausibility is judged after it
/// (issue 13, item 3), and "RR fixed" counts intervals changed, not flags (item 4).
final class RawSeriesCorrectionTests: XCTestCase {
    /// The issue's reproduction: 400 beats of 800 + 25·sin(k/1.6) + N(0, 4) ms.
    private static func issueSeries() -> [Double] {
        var rng = SplitMix(state: 13)
        return (0..<400).map { k in 800 + 25 * sin(Double(k) / 1.6) + 4 * rng.gaussian() }
    }

    private func rmssd(_ rr: [Double]) -> Double {
        TimeDomainHRV.compute(NNSeries(intervals: TestData.intervals(rr))).value!.rmssdMs
    }

    func testAnExtraBeatSplittingOneIntervalIsMergedBack() {
        let clean = Self.issueSeries()
        var split = clean
        split.replaceSubrange(200...200, with: [200, 600])
        let series = NNSeries(intervals: TestData.intervals(split))
        XCTAssertEqual(series.stretches.count, 1, "the 200 ms part must not break the series")
        XCTAssertEqual(series.beatCount, clean.count)
        XCTAssertEqual(series.report.extra, 1)
        let corrected = TimeDomainHRV.compute(series).value!.rmssdMs, truth = rmssd(clean)
        print(String(format: "issue reproduction: RMSSD clean %.2f ms, corrected %.2f ms", truth, corrected))
        XCTAssertEqual(corrected, truth, accuracy: truth * 0.03)
    }

    func testShortIntervalsAtEveryPlaceOfAnExtraBeatAreMergedBack() {
        let clean = TestData.cleanRR(count: 600, seed: 21)
        let truth = rmssd(clean)
        for (at, fraction) in [(150, 0.2), (300, 0.28), (450, 0.75)] {
            var split = clean
            split.replaceSubrange(at...at, with: [clean[at] * fraction, clean[at] * (1 - fraction)])
            let series = NNSeries(intervals: TestData.intervals(split))
            XCTAssertEqual(series.stretches.count, 1, "split at \(at)")
            XCTAssertEqual(TimeDomainHRV.compute(series).value!.rmssdMs, truth, accuracy: truth * 0.03, "split at \(at)")
        }
    }

    func testWhatTheCorrectionCannotMendIsDroppedAfterItAndBreaksTheStretch() {
        var rr = TestData.cleanRR(count: 300)
        rr[150] = 20_000 // 25 beats lost: more than a missed beat's split can mend
        let series = NNSeries(intervals: TestData.intervals(rr))
        XCTAssertEqual(series.report.rejected, 0)
        XCTAssertGreaterThanOrEqual(series.report.implausible, 1)
        XCTAssertEqual(series.stretches.count, 2)
        XCTAssertTrue(series.stretches.allSatisfy { $0.nnMs.allSatisfy(PlausibleHeartRate.rrMs.contains) })
    }

    /// RR fixed = intervals whose value the correction changed (or inserted, or removed),
    /// counted here independently by comparing values where the lengths agree.
    func testRRFixedCountsIntervalsChangedNotFlagsPerPass() {
        let seeds: [UInt64] = [11, 12, 13]
        var compared = 0
        for seed in seeds {
            let rr = TestData.cleanRR(count: 3000, seed: seed).map { ($0 * 1.024).rounded() / 1.024 }
            let series = NNSeries(intervals: TestData.intervals(rr))
            let nn = series.stretches.flatMap(\.nnMs)
            // Beat for beat only when correction kept every interval; a clean series must.
            XCTAssertEqual(nn.count, rr.count, "seed \(seed): intervals kept")
            guard nn.count == rr.count else { continue }
            compared += 1
            let changed = zip(rr, nn).filter { abs($0 - $1) > 1e-9 }.count
            let flags = series.report.extra + series.report.missed + series.report.ectopic + series.report.longShort
            print("seed \(seed): \(flags) flags over \(series.report.passes) passes, \(changed) intervals changed")
            XCTAssertEqual(series.report.corrected, changed, "seed \(seed)")
        }
        XCTAssertEqual(compared, seeds.count, "every seed compared beat for beat")
    }

    func testRRFixedForSingleArtefacts() {
        let clean = Self.issueSeries()
        XCTAssertEqual(NNSeries(intervals: TestData.intervals(clean)).report.corrected, 0)
        var missed = clean; missed.replaceSubrange(200...201, with: [clean[200] + clean[201]])
        var extra = clean; extra.replaceSubrange(200...200, with: [clean[200] * 0.4, clean[200] * 0.6])
        var ectopic = clean; ectopic.replaceSubrange(200...201, with: [clean[200] * 0.7, clean[201] + clean[200] * 0.3])
        // A missed beat: one recorded interval becomes two. An extra beat: two become one, and
        // the classifier also flags the beat after it as long/short and moves it (its two
        // intervals change): 3. An ectopic beat: it and its neighbour are moved: 3 intervals.
        for (label, rr, changed) in [("missed", missed, 2), ("extra", extra, 3), ("ectopic", ectopic, 3)] {
            let report = NNSeries(intervals: TestData.intervals(rr)).report
            XCTAssertEqual(report.corrected, changed, label)
            XCTAssertEqual(report.extra + report.missed + report.ectopic + report.longShort, label == "missed" ? 1 : 2, label)
        }
        XCTAssertEqual(NNSeries(intervals: TestData.intervals(Array(repeating: 800, count: 300))).report.corrected, 0)
    }

    func testMillisecondBeatsAreKeptExactly() {
        let rr = [812.3, 799.9, 805.55, 790.125] + TestData.cleanRR(count: 60, seed: 4)
        var t = 0.0
        let series = NNSeries(beats: rr.map { t += $0; return NNSeries.Beat(endMs: t, ms: $0) })
        XCTAssertEqual(Array(series.stretches[0].nnMs.prefix(4)), [812.3, 799.9, 805.55, 790.125])
        XCTAssertEqual(TimeDomainHRV.compute(series).value!.meanHRBPM,
                       rr.map { 60_000 / $0 }.reduce(0, +) / Double(rr.count), accuracy: 1e-9)
    }
}

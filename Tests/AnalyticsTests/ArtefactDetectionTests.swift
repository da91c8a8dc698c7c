import XCTest
@testable import Analytics

/// RR series with artefacts inserted at known beats, run through Lipponen–Tarvainen:
/// found / missed / false alarms are measured, not assumed.
final class ArtefactDetectionTests: XCTestCase {
    enum Kind { case missed, extra, ectopic }

    /// Inserts artefacts every ~`spacing` beats, cycling through the kinds; returns the
    /// series and the index (into the returned series) of each artefact.
    static func corrupted(_ clean: [Double], spacing: Int = 97) -> (rr: [Double], at: [(Int, Kind)]) {
        var rr: [Double] = [], at: [(Int, Kind)] = []
        var i = 0, n = 0
        let kinds: [Kind] = [.missed, .extra, .ectopic]
        while i < clean.count {
            if i > 60, i % spacing == 0, i + 1 < clean.count - 60 {
                let kind = kinds[n % 3]
                n += 1
                switch kind {
                case .missed: // the detector merged two beats
                    at.append((rr.count, kind)); rr.append(clean[i] + clean[i + 1]); i += 2; continue
                case .extra: // a noise spike split one interval
                    at.append((rr.count, kind)); rr.append(clean[i] * 0.4); rr.append(clean[i] * 0.6); i += 1; continue
                case .ectopic: // a premature beat and its compensatory pause
                    at.append((rr.count, kind)); rr.append(clean[i] * 0.7); rr.append(clean[i + 1] + clean[i] * 0.3); i += 2; continue
                }
            }
            rr.append(clean[i]); i += 1
        }
        return (rr, at)
    }

    func testDetectionOfKnownArtefacts() {
        let clean = TestData.cleanRR(count: 5000)
        let (rr, truth) = Self.corrupted(clean)
        // Peak j ends RR interval j − 1.
        let flagged = LipponenTarvainen.findArtefacts(peaks: TestData.peaks(rr)).all.map { $0 - 1 }
        let near = { (a: Int, b: Int) in abs(a - b) <= 1 }
        let found = truth.filter { t in flagged.contains { near($0, t.0) } }.count
        let falseAlarms = flagged.filter { f in !truth.contains { near(f, $0.0) } }.count
        print("artefact detection: \(truth.count) inserted, \(found) found, \(truth.count - found) missed, \(falseAlarms) false alarms in \(rr.count) beats")
        XCTAssertEqual(truth.count, 50)
        XCTAssertGreaterThanOrEqual(found, 48)
        // Gaussian beat noise has heavier tails than the method's thresholds assume: ≤ 0.3 % of beats.
        XCTAssertLessThanOrEqual(falseAlarms, 15)
    }

    func testClassesOfSingleArtefacts() {
        let clean = TestData.cleanRR(count: 400)
        var missed = clean; missed.replaceSubrange(200...201, with: [clean[200] + clean[201]])
        XCTAssertEqual(LipponenTarvainen.findArtefacts(peaks: TestData.peaks(missed)).missed, [201])
        var extra = clean; extra.replaceSubrange(200...200, with: [clean[200] * 0.4, clean[200] * 0.6])
        XCTAssertEqual(LipponenTarvainen.findArtefacts(peaks: TestData.peaks(extra)).extra, [201])
    }

    func testCorrectionRestoresTheBeatCountAndRMSSD() {
        let clean = TestData.cleanRR(count: 5000)
        let (rr, truth) = Self.corrupted(clean)
        let series = NNSeries(intervals: TestData.intervals(rr))
        XCTAssertEqual(series.stretches.count, 1)
        XCTAssertGreaterThanOrEqual(series.report.corrected, truth.count - 2)
        XCTAssertEqual(series.beatCount, clean.count, accuracy: 5)
        let corrected = TimeDomainHRV.compute(series).value!.rmssdMs
        let truthRMSSD = TimeDomainHRV.compute(NNSeries(intervals: TestData.intervals(clean))).value!.rmssdMs
        let raw = TimeDomainHRV.compute(NNSeries(stretches: [.init(endMs: TestData.peaks(rr).dropFirst().map { $0 }, nnMs: rr)],
                                                 report: .init())).value!.rmssdMs
        print(String(format: "RMSSD clean %.2f, with artefacts %.2f, corrected %.2f ms", truthRMSSD, raw, corrected))
        XCTAssertEqual(corrected, truthRMSSD, accuracy: truthRMSSD * 0.05)
        XCTAssertGreaterThan(raw, truthRMSSD * 1.5)
    }

    func testACleanSeriesRaisesFewAlarms() {
        let flagged = LipponenTarvainen.findArtefacts(peaks: TestData.peaks(TestData.cleanRR(count: 5000, seed: 11)))
        XCTAssertLessThanOrEqual(flagged.count, 15) // ≤ 0.3 % of beats
    }

    func testConstantSeriesIsLeftAlone() {
        let flagged = LipponenTarvainen.findArtefacts(peaks: TestData.peaks(Array(repeating: 800, count: 300)))
        XCTAssertEqual(flagged.count, 0)
    }

    func testImpossibleIntervalsAreRejectedAndBreakTheSeries() {
        var intervals = TestData.intervals(TestData.cleanRR(count: 200))
        intervals[100].rr1024 = 0
        let series = NNSeries(intervals: intervals)
        XCTAssertEqual(series.report.rejected, 1)
        XCTAssertEqual(series.stretches.count, 2)
    }

    func testADropoutStartsANewStretch() {
        let first = TestData.intervals(TestData.cleanRR(count: 100))
        let second = TestData.intervals(TestData.cleanRR(count: 100, seed: 3), startMs: Double(first.last!.tMs) + 30_000)
        XCTAssertEqual(NNSeries(intervals: first + second).stretches.count, 2)
    }
}

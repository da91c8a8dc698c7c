import XCTest
@testable import Analytics

final class HRVTests: XCTestCase {
    private func series(_ nn: [Double]) -> NNSeries {
        NNSeries(stretches: [.init(endMs: TestData.peaks(nn).dropFirst().map { $0 }, nnMs: nn)], report: .init())
    }

    /// 800, 860 alternating, 20 beats: every difference is ±60 ms.
    /// SDNN = √(20 · 30² / 19) = 30.779; RMSSD = 60; pNN50 = 100 %;
    /// differences +60 ×10, −60 ×9: mean 3.158, SDSD = √((19·3600 − 19·3.158²)/18) = 61.559.
    func testTimeDomainHandComputed() {
        let nn = (0..<20).map { $0 % 2 == 0 ? 800.0 : 860.0 }
        let hrv = TimeDomainHRV.compute(series(nn)).value!
        XCTAssertEqual(hrv.meanNNMs, 830, accuracy: 1e-9)
        XCTAssertEqual(hrv.sdnnMs, 30.779, accuracy: 0.001)
        XCTAssertEqual(hrv.rmssdMs, 60, accuracy: 1e-9)
        XCTAssertEqual(hrv.sdsdMs, 61.559, accuracy: 0.001)
        XCTAssertEqual(hrv.pnn50, 100, accuracy: 1e-9)
    }

    func testTooFewBeats() {
        XCTAssertEqual(TimeDomainHRV.compute(series([800, 810, 820])), .notEnoughData(.tooFewBeats))
        XCTAssertEqual(TimeDomainHRV.compute(NNSeries(intervals: [])), .notEnoughData(.tooFewBeats))
    }

    /// RR modulated by a sine at `hz` with amplitude 50 ms: its power (A²/2 = 1250 ms²) lands in the right band.
    private func modulated(hz: Double, seconds: Double) -> NNSeries {
        var nn: [Double] = [], t = 0.0
        while t < seconds * 1000 {
            let rr = 1000 + 50 * sin(2 * .pi * hz * t / 1000)
            nn.append(rr); t += rr
        }
        return series(nn)
    }

    func testFrequencyDomainFindsTheBand() {
        let hf = FrequencyDomainHRV.compute(modulated(hz: 0.25, seconds: 600)).value!
        XCTAssertEqual(hf.hfPowerMs2, 1250, accuracy: 125)
        XCTAssertLessThan(hf.lfHfRatio, 0.05)
        XCTAssertEqual(hf.windowSeconds, 256)
        let lf = FrequencyDomainHRV.compute(modulated(hz: 0.1, seconds: 600)).value!
        XCTAssertEqual(lf.lfPowerMs2, 1250, accuracy: 125)
        XCTAssertGreaterThan(lf.lfHfRatio, 20)
    }

    func testFiveMinuteWindowUsesOneLongWindow() {
        let r = FrequencyDomainHRV.compute(modulated(hz: 0.25, seconds: 300)).value!
        XCTAssertEqual(r.windows, 1)
    }

    func testTooShortForFrequencyDomain() {
        XCTAssertEqual(FrequencyDomainHRV.compute(modulated(hz: 0.25, seconds: 100)), .notEnoughData(.tooShortForFrequencyDomain))
        let flat = series(Array(repeating: 1000, count: 700))
        XCTAssertEqual(FrequencyDomainHRV.compute(flat), .notEnoughData(.noHighFrequencyPower))
    }

    func testSplineGoesThroughItsKnotsAndIsExactOnLines() {
        let spline = NaturalCubicSpline(x: [0, 1, 2, 3], y: [10, 12, 14, 16])
        let values = spline.sampled(step: 0.5)
        XCTAssertEqual(values.count, 7)
        for (i, v) in values.enumerated() { XCTAssertEqual(v, 10 + 2 * Double(i) * 0.5, accuracy: 1e-12) }
    }

    func testWindowSelectsBeatsByTime() {
        let s = series(Array(repeating: 1000, count: 600)).window(fromMs: 0, toMs: 300_000)
        XCTAssertEqual(s.beatCount, 299) // beats ending at 1 s … 299 s
    }
}

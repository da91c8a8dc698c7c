@testable import AppCore
import Foundation
import XCTest
import TeamCore

/// The review panel's texts: each number with "(±) vs previous session", and "needs 2 min of clean RR"
/// where an HRV figure does not apply.
final class ReviewPanelLinesTests: XCTestCase {
    private func player(_ digest: SessionDigest, previous: SessionDigest? = nil) -> ReviewPlayer {
        ReviewPlayer(playerID: 1, name: "Ada Berg", shirtNumber: 7,
                     physiology: Physiology(player: AppFixture.player("Ada"), year: 2026, formula: .tanaka), series: [],
                     digest: digest,
                     previous: previous.map { ReviewComparison(sessionID: 3, startedAt: Date(timeIntervalSince1970: 0), digest: $0, series: []) })
    }

    func testDeltaIsRoundedAsTheValueIsShownAndSigned() {
        XCTAssertEqual(ReviewPanelLines.delta(150.5, 148), " (+3)")    // 2.5 rounds away from zero
        XCTAssertEqual(ReviewPanelLines.delta(148, 150.5), " (−3)")    // a real minus sign
        XCTAssertEqual(ReviewPanelLines.delta(150.2, 150.4), " (=)")
        XCTAssertEqual(ReviewPanelLines.delta(1.26, 1.04, decimals: 1), " (+0.2)")
        XCTAssertEqual(ReviewPanelLines.delta(1.0, 1.04, decimals: 1), " (=)")
        XCTAssertEqual(ReviewPanelLines.delta(150, nil), "", "no previous session: no brackets")
        XCTAssertEqual(ReviewPanelLines.delta(nil, 150), "")
    }

    func testHeartRateRowsCarryTheChangeSinceThePreviousSession() {
        let now = SessionDigest(averageBPM: 151.6, maxBPM: 184, peakPercentOfMax: 93.4, kcal: 212.2)
        let before = SessionDigest(averageBPM: 144.2, maxBPM: 190, peakPercentOfMax: 96, kcal: 212.4)
        XCTAssertEqual(ReviewPanelLines.heartRate(player(now, previous: before)), [
            .row(label: "Average HR", value: "152 (+7)"), .row(label: "Max HR", value: "184 (−6)"),
            .row(label: "Peak %HRmax", value: "93%"), .row(label: "kcal", value: "212 (=)"),
        ])
        XCTAssertEqual(ReviewPanelLines.heartRate(player(now)).first, .row(label: "Average HR", value: "152"))
    }

    /// HRV over a stated window (said first), with SDSD beside RMSSD and SDNN (issue 24).
    func testHRVRowsWithAndWithoutEnoughCleanRR() {
        let full = SessionDigest(hrvWindow: "first 5 min", rmssdMs: 42.4, sdnnMs: 61, sdsdMs: 42.9, pnn50: 20.6, lfHfRatio: 1.26,
                                 correctedBeatsPercent: 0.4)
        let before = SessionDigest(rmssdMs: 38.6, sdnnMs: 61.2, sdsdMs: 40.1, pnn50: 25, lfHfRatio: 1.04, correctedBeatsPercent: 1)
        XCTAssertEqual(ReviewPanelLines.hrv(player(full, previous: before)), [
            .row(label: "Over", value: "first 5 min"),
            .row(label: "RMSSD", value: "42 ms (+4)"), .row(label: "SDNN", value: "61 ms (=)"), .row(label: "SDSD", value: "43 ms (+3)"),
            .row(label: "pNN50", value: "21% (−4)"), .row(label: "LF/HF", value: "1.3 (+0.2)"),
            .row(label: "Beats corrected", value: "0.4 %"),
        ])
        // Long enough for the time domain, too short for the frequency domain's window.
        let short = SessionDigest(rmssdMs: 42.4, sdnnMs: 61, pnn50: 20.6, correctedBeatsPercent: 12.4)
        XCTAssertEqual(Array(ReviewPanelLines.hrv(player(short)).suffix(3)), [
            .row(label: "LF/HF", value: "–"), .note("needs 2 min of clean RR"), .row(label: "Beats corrected", value: "12 %"),
        ])
        // No HRV at all.
        XCTAssertEqual(ReviewPanelLines.hrv(player(SessionDigest(correctedBeatsPercent: 3))), [
            .row(label: "HRV", value: "–"), .note("needs 2 min of clean RR"), .row(label: "Beats corrected", value: "3.0 %"),
        ])
        XCTAssertEqual(ReviewPanelLines.hrv(player(SessionDigest())), [.row(label: "HRV", value: "–"), .note("needs 2 min of clean RR")])
    }
}

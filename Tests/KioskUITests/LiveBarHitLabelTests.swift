@testable import KioskUI
import XCTest

/// The live bar's buttons are tapped by these names (scripts, the e2e flows, the state dump).
final class LiveBarHitLabelTests: XCTestCase {
    func testSymbolsAndCountsAreLeftOut() {
        XCTAssertEqual(Frame.liveBarHitLabel("❚❚ Pause"), "Pause")
        XCTAssertEqual(Frame.liveBarHitLabel("▶ Resume"), "Resume")
        XCTAssertEqual(Frame.liveBarHitLabel("■ Stop"), "Stop")
        XCTAssertEqual(Frame.liveBarHitLabel("Lap 12"), "Lap")
        XCTAssertEqual(Frame.liveBarHitLabel("Sort: No."), "Sort")
    }

    func testOtherLabelsStayAsTheyAre() {
        for label in ["Graph", "Tiles", "Discard…", "Skip recovery", "Save", ""] {
            XCTAssertEqual(Frame.liveBarHitLabel(label), label)
        }
    }
}

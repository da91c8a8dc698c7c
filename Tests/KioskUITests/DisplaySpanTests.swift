import KioskUI
import XCTest

/// One window across a touchscreen and a wall display (cage's "extend"): each view gets its output's part.
final class DisplaySpanTests: XCTestCase {
    func testATouchscreenBesideAnHDMIWallDisplayEachGetTheirOwnPart() {
        // The Pi's 7" DSI screen at the left, a 1080p HDMI screen to its right (cage lays outputs out left to right).
        let displays = [Rect(0, 0, 800, 480), Rect(800, 0, 1920, 1080)]
        let span = DisplaySpan.layout(displays: displays, wallDisplay: 1, windowSize: (2720, 1080), rendererSize: (2720, 1080))
        XCTAssertEqual(span.coach, Rect(0, 0, 800, 480))
        XCTAssertEqual(span.wall, Rect(800, 0, 1920, 1080))
    }

    func testTheWallMayBeTheFirstDisplayAndTheCoachTakesTheOther() {
        let displays = [Rect(0, 0, 1920, 1080), Rect(1920, 0, 800, 480)]
        let span = DisplaySpan.layout(displays: displays, wallDisplay: 0, windowSize: (2720, 1080), rendererSize: (2720, 1080))
        XCTAssertEqual(span.coach, Rect(1920, 0, 800, 480))
        XCTAssertEqual(span.wall, Rect(0, 0, 1920, 1080))
    }

    func testOneDisplayLeavesTheCoachTheWholeWindowAndAMissingWallItsOutputDark() {
        let one = DisplaySpan.layout(displays: [Rect(0, 0, 800, 480)], wallDisplay: 1, windowSize: (800, 480), rendererSize: (800, 480))
        XCTAssertEqual(one, DisplaySpan(coach: Rect(0, 0, 800, 480), wall: nil))
        let missing = DisplaySpan.layout(displays: [Rect(0, 0, 800, 480), Rect(800, 0, 800, 480)], wallDisplay: 2,
                                         windowSize: (1600, 480), rendererSize: (1600, 480))
        XCTAssertEqual(missing.wall, nil)
        XCTAssertEqual(missing.coach, Rect(0, 0, 800, 480), "still on its own output, the other one dark")
    }

    func testHiDPIScalesPointsToPixelsAndNegativeOriginsAreMovedToZero() {
        let displays = [Rect(-800, 0, 800, 480), Rect(0, 0, 1280, 720)]
        let span = DisplaySpan.layout(displays: displays, wallDisplay: 1, windowSize: (2080, 720), rendererSize: (4160, 1440))
        XCTAssertEqual(span.coach, Rect(0, 0, 1600, 960))
        XCTAssertEqual(span.wall, Rect(1600, 0, 2560, 1440))
    }

    func testWithoutAWallTheCoachStaysOnItsOwnOutputNotStretchedOverBoth() {
        let displays = [Rect(0, 0, 800, 480), Rect(800, 0, 1920, 1080)]
        let span = DisplaySpan.layout(displays: displays, wallDisplay: nil, windowSize: (2720, 1080), rendererSize: (2720, 1080))
        XCTAssertEqual(span, DisplaySpan(coach: Rect(0, 0, 800, 480), wall: nil))
        let chosen = DisplaySpan.layout(displays: displays, coachDisplay: 1, wallDisplay: 0, windowSize: (2720, 1080), rendererSize: (2720, 1080))
        XCTAssertEqual(chosen, DisplaySpan(coach: Rect(800, 0, 1920, 1080), wall: Rect(0, 0, 800, 480)))
        let clash = DisplaySpan.layout(displays: displays, coachDisplay: 1, wallDisplay: 1, windowSize: (2720, 1080), rendererSize: (2720, 1080))
        XCTAssertEqual(clash.coach, Rect(0, 0, 800, 480), "the wall's display is not the coach's too")
    }

    func testAWindowNotYetSizedToTheOutputsIsClampedNotOverrun() {
        let displays = [Rect(0, 0, 800, 480), Rect(800, 0, 1920, 1080)]
        let span = DisplaySpan.layout(displays: displays, wallDisplay: 1, windowSize: (1000, 600), rendererSize: (1000, 600))
        XCTAssertEqual(span.coach, Rect(0, 0, 800, 480))
        XCTAssertEqual(span.wall, Rect(800, 0, 200, 600))
        let unsized = DisplaySpan.layout(displays: displays, wallDisplay: 1, windowSize: (800, 480), rendererSize: (800, 480))
        XCTAssertEqual(unsized.wall, Rect(800, 0, 0, 480), "the wall's part is there, empty until the window spans both outputs")
    }
}

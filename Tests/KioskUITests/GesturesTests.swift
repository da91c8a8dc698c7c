import Foundation
import KioskUI
import TeamCore
import XCTest

final class GesturesTests: XCTestCase {
    func testAQuickPressIsATapEvenWithAWobble() {
        var g = Gestures()
        g.pointerDown(x: 100, y: 100, atMs: 0)
        XCTAssertNil(g.pointerMove(x: 108, y: 95, atMs: 40))
        XCTAssertEqual(g.pointerUp(x: 108, y: 95, atMs: 120), .tap(x: 100, y: 100))
    }

    func testHoldingFiresALongPressOnceWhileStillDown() {
        var g = Gestures()
        g.pointerDown(x: 10, y: 20, atMs: 1000)
        XCTAssertNil(g.poll(atMs: 1000 + Gestures.longPressMs - 1))
        XCTAssertEqual(g.msUntilLongPress(atMs: 1100), Gestures.longPressMs - 100)
        XCTAssertEqual(g.poll(atMs: 1000 + Gestures.longPressMs), .longPress(x: 10, y: 20))
        XCTAssertNil(g.poll(atMs: 2000))
        XCTAssertNil(g.pointerUp(x: 10, y: 20, atMs: 2100), "the release after a long press is not also a tap")
    }

    func testMovingBeyondTheSlopDragsAndReportsVelocity() {
        var g = Gestures()
        g.pointerDown(x: 0, y: 300, atMs: 0)
        XCTAssertEqual(g.pointerMove(x: 0, y: 280, atMs: 16), .drag(startX: 0, startY: 300, x: 0, y: 280, dx: 0, dy: -20))
        _ = g.pointerMove(x: 0, y: 260, atMs: 32)
        guard case .dragEnded(let v)? = g.pointerUp(x: 0, y: 260, atMs: 40) else { return XCTFail() }
        XCTAssertLessThan(v, -0.5, "a flick upwards")
        XCTAssertNil(g.poll(atMs: 5000), "no long press after a drag")
    }

    func testADragThatStopsBeforeReleaseHasNoInertia() {
        var g = Gestures()
        g.pointerDown(x: 0, y: 300, atMs: 0)
        _ = g.pointerMove(x: 0, y: 200, atMs: 50)
        XCTAssertEqual(g.pointerUp(x: 0, y: 200, atMs: 400), .dragEnded(velocityY: 0))
    }

    func testInertiaSlowsDownAndStops() {
        var inertia = Inertia()
        inertia.velocity = 2
        let first = inertia.step(dtMs: 16)
        XCTAssertGreaterThan(first, 25)
        XCTAssertLessThan(first, 32)
        var travelled = first
        var steps = 0
        while inertia.isMoving && steps < 10_000 { travelled += inertia.step(dtMs: 16); steps += 1 }
        XCTAssertFalse(inertia.isMoving)
        XCTAssertEqual(travelled, 2 / -log(Inertia.friction), accuracy: 5, "the glide adds up to v/ln(1/f)")
    }
}

final class HitMapTests: XCTestCase {
    func testTopmostTargetWinsAndModalsBlock() {
        var map = HitMap()
        map.add(Hit(rect: Rect(0, 0, 100, 100), label: "Start", action: .live(.start)))
        XCTAssertEqual(map.hit(at: 10, 10)?.action, .live(.start))
        map.block(Rect(0, 0, 800, 480))
        XCTAssertNil(map.hit(at: 10, 10)?.action)
        map.add(Hit(rect: Rect(0, 0, 50, 50), label: "Stop", action: .live(.confirmStop)))
        XCTAssertEqual(map.hit(at: 10, 10)?.action, .live(.confirmStop))
    }

    func testScriptsFindTargetsExactlyThenByPrefixThenBySubstring() {
        var map = HitMap()
        map.add(Hit(rect: Rect(0, 0, 10, 10), label: "‹ Lobby", action: .navigate(.lobby)))
        map.add(Hit(rect: Rect(0, 0, 10, 10), label: "Lap", action: .live(.lap)))
        map.add(Hit(rect: Rect(0, 0, 10, 10), label: "Lap 2 notes", action: nil))
        XCTAssertEqual(map.find(label: "lap")?.action, .live(.lap))
        XCTAssertEqual(map.find(label: "Lobby")?.action, .navigate(.lobby))
        XCTAssertNil(map.find(label: "Settings"))
    }
}

final class ThemeTests: XCTestCase {
    func testWhiteTextOnEveryZoneColourKeepsAContrastOfAtLeast4_5() {
        for zone in HeartRateZone.allCases {
            XCTAssertGreaterThanOrEqual(Colour.contrast(Theme.text, Theme.zone(zone)), 4.5, "\(zone)")
        }
        XCTAssertGreaterThanOrEqual(Colour.contrast(Theme.text, Theme.noSignal), 4.5)
        XCTAssertGreaterThanOrEqual(Colour.contrast(Theme.text, Theme.danger), 4.5)
    }

    func testZoneColoursAreDistinctAndLabelled() {
        XCTAssertEqual(Set(HeartRateZone.allCases.map(Theme.zone)).count, HeartRateZone.allCases.count)
        XCTAssertEqual(HeartRateZone.allCases.map(Theme.zoneName), ["Z0", "Z1", "Z2", "Z3", "Z4", "Z5"])
    }

    func testTargetsScaleWithTheWindow() {
        XCTAssertEqual(Metrics(width: 800, height: 480).target, 64)
        XCTAssertEqual(Metrics(width: 1920, height: 1080).target, 144)
        XCTAssertEqual(Metrics(width: 3840, height: 2160).px(100), 450)
    }
}

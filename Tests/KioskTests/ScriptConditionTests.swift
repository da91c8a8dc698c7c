import AppCore
@testable import Kiosk
import TeamCore
import XCTest

/// `wait until …` in kiosk scripts: the words parse to conditions, and each holds exactly when the
/// app state says so (tests on real sources wait on them instead of on the clock).
final class ScriptConditionTests: XCTestCase {
    private func command(_ line: String) throws -> ScriptCommand {
        try XCTUnwrap(KioskScript(text: line).lines.first).command
    }

    func testTheWordsParse() throws {
        XCTAssertEqual(try command("wait until problem"), .waitUntil(.problem))
        XCTAssertEqual(try command("wait until no problem"), .waitUntil(.noProblem))
        XCTAssertEqual(try command("wait until connected"), .waitUntil(.connected(nil)))
        XCTAssertEqual(try command("wait until disconnected \"F0:00:00:00:00:03\""), .waitUntil(.disconnected("F0:00:00:00:00:03")))
        XCTAssertEqual(try command("wait until streaming \"Polar H10 A1\""), .waitUntil(.streaming("Polar H10 A1")))
        XCTAssertEqual(try command("wait until signal"), .waitUntil(.signal))
        XCTAssertEqual(try command("wait for \"go\""), .waitForFile("go"))
        XCTAssertEqual(try command("wait 2s"), .wait(ms: 2000))
        for bad in ["wait until", "wait until sunny", "wait until streaming Polar", "wait until problem \"x\"", "wait for go", "wait for \"\""] {
            XCTAssertThrowsError(try KioskScript(text: bad), bad)
        }
    }

    private func state(links: [LinkState], lastReadingMs: [Int64?], nowMs: Int64 = 10_000) -> AppState {
        var s = AppState(year: 2026)
        s.nowMs = nowMs
        for i in links.indices {
            s.sensors.strapTable.append(StrapSlot(strapID: Int64(i + 1), address: "F0:00:00:00:00:0\(i + 1)", name: "Strap \(i + 1)"))
            var reading = StrapReading()
            reading.link = links[i]
            reading.lastReadingMs = lastReadingMs[i]
            s.sensors.readings[StrapIndex(position: i)] = reading
        }
        return s
    }

    func testConnectedAndStreamingHoldForEveryStrapOrTheOneNamed() {
        let s = state(links: [.connected, .disconnected], lastReadingMs: [9_000, 1_000])
        XCTAssertFalse(ScriptCondition.connected(nil).holds(in: s))
        XCTAssertTrue(ScriptCondition.connected("Strap 1").holds(in: s))
        XCTAssertTrue(ScriptCondition.connected("F0:00:00:00:00:01").holds(in: s))
        XCTAssertFalse(ScriptCondition.connected("Strap 2").holds(in: s))
        XCTAssertTrue(ScriptCondition.disconnected("Strap 2").holds(in: s))
        XCTAssertFalse(ScriptCondition.disconnected(nil).holds(in: s))
        XCTAssertFalse(ScriptCondition.streaming(nil).holds(in: s), "strap 2's last reading is 9 s old")
        XCTAssertTrue(ScriptCondition.streaming("Strap 1").holds(in: s))
        XCTAssertTrue(ScriptCondition.streaming(nil).holds(in: state(links: [.connected, .broadcast], lastReadingMs: [9_000, 8_000])))
        XCTAssertFalse(ScriptCondition.connected("Strap 9").holds(in: s), "no such strap: not yet")
        XCTAssertFalse(ScriptCondition.streaming(nil).holds(in: AppState(year: 2026)), "no straps listed yet")
    }

    func testProblemAndNoProblem() {
        var s = AppState(year: 2026)
        XCTAssertTrue(ScriptCondition.noProblem.holds(in: s))
        XCTAssertFalse(ScriptCondition.problem.holds(in: s))
        s.sensors.problem = "Bluetooth hci0 lost, retrying"
        XCTAssertTrue(ScriptCondition.problem.holds(in: s))
        XCTAssertFalse(ScriptCondition.noProblem.holds(in: s))
    }
}

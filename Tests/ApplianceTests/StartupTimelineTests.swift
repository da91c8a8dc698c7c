import Foundation
import XCTest

@testable import Appliance

final class StartupTimelineTests: XCTestCase {
    func testPhasesAddUpFromTheLaunch() {
        let timeline = StartupTimeline(launchNs: 1_000_000_000, nowNs: 1_250_000_000)
        timeline.mark("database", nowNs: 1_300_400_000)
        timeline.mark("first frame", nowNs: 2_000_000_000)
        XCTAssertEqual(timeline.summary, "on screen 1000 ms after launch: before main 250 ms, database 50 ms, first frame 700 ms")
    }

    func testWithoutALaunchTimeItCountsFromMain() {
        let timeline = StartupTimeline(launchNs: nil, nowNs: 5_000_000)
        timeline.mark("windows", nowNs: 7_600_000)
        XCTAssertEqual(timeline.summary, "on screen 3 ms after main: windows 3 ms")
    }

    func testAClockThatSeemsToGoBackCountsNothingRatherThanWrapping() {
        let timeline = StartupTimeline(launchNs: 9_000, nowNs: 8_000)  // launch "after" now: unknown
        timeline.mark("sound", nowNs: 7_000)
        XCTAssertEqual(timeline.summary, "on screen 0 ms after launch: sound 0 ms")
    }

    /// proc(5): field 22 is starttime; the command name may hold spaces and parentheses.
    func testStartTicksAreField22CountedAfterTheCommandName() {
        let stat = "4242 (a) b (c)) S 1 4242 4242 0 -1 4194560 120 0 0 0 3 1 0 0 20 0 1 0 987654 12345678 300 18446744073709551615"
        XCTAssertEqual(StartupTimeline.startTicks(fromStat: stat), 987_654)
        XCTAssertNil(StartupTimeline.startTicks(fromStat: "4242 (short) S 1 2 3"))
        XCTAssertNil(StartupTimeline.startTicks(fromStat: "no parentheses at all"))
    }

    /// A child started between two clock readings has its launch between them (to one clock tick
    /// of /proc's resolution): the boot-time and monotonic clocks are joined the right way round.
    func testAChildsLaunchFallsBetweenTheReadingsAroundItsStart() throws {
        let before = StartupTimeline.monotonicNs()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        let after = StartupTimeline.monotonicNs()
        defer { child.terminate(); child.waitUntilExit() }
        let launch = try XCTUnwrap(StartupTimeline.processLaunchNs(stat: "/proc/\(child.processIdentifier)/stat"))
        XCTAssertGreaterThanOrEqual(launch + StartupTimeline.tickNs, before)
        XCTAssertLessThanOrEqual(launch, after + StartupTimeline.tickNs)
    }
}

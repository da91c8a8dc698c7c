import ClubSync
import Foundation
import Localization
import XCTest

/// The appliance's timed passes (`sideline club sync --when-due`): the wait the last pass chose is kept
/// beside the database and honoured by the timer's next starts, never by what a person asks for.
final class ClubSyncPaceTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    let t0 = Date(timeIntervalSince1970: 1_790_000_000)
    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    func passed(_ problem: ClubSyncError?) -> ClubSyncRun {
        var report = ClubSyncReport()
        report.problem = problem
        return .passed(report, joined: nil)
    }
    let revoked = ClubSyncError.refused(host: "club.example.org", status: 401, message: "this kiosk's token is not valid")
    let down = ClubSyncError.unreachable(host: "club.example.org", reason: Message("connection refused"))

    /// Which of the timer's starts (every 5 minutes after the last, give or take its randomised minute) run a pass.
    func timerStarts(after pace: ClubSyncPace, jitter: Double) -> [Bool] {
        (1...14).map { pace.isDue(now: at(Double($0) * 300 + jitter), askedAt: nil, waitsOnScreen: false) }
    }

    func testAPassThatWentThroughNeverHoldsBackTheTimersNextStart() {
        let pace = ClubSyncPace.after(passed(nil), startedAt: t0, previous: nil)
        for jitter in [-60.0, 0, 60] { XCTAssertTrue(timerStarts(after: pace, jitter: jitter)[0], "jitter \(jitter)") }
        // A refusal other than the token's is not the network: the normal interval too.
        let refused = ClubSyncPace.after(passed(.refused(host: "h", status: 422, message: "no")), startedAt: t0, previous: nil)
        XCTAssertTrue(refused.isDue(now: at(240), askedAt: nil, waitsOnScreen: false))
    }

    func testARevokedKioskTriesAgainAfterAnHourNotEveryFiveMinutes() {
        let pace = ClubSyncPace.after(passed(revoked), startedAt: t0, previous: nil)
        for jitter in [-60.0, 0, 60] {
            let starts = timerStarts(after: pace, jitter: jitter)
            XCTAssertEqual(starts.firstIndex(of: true), 11, "the 12th start (an hour on) runs, jitter \(jitter): \(starts)")
        }
    }

    func testWhatAPersonDoesIsNeverHeldBack() {
        let pace = ClubSyncPace.after(passed(revoked), startedAt: t0, previous: nil)
        XCTAssertFalse(pace.isDue(now: at(600), askedAt: at(-10), waitsOnScreen: false), "asked before the pass: that pass answered it")
        XCTAssertTrue(pace.isDue(now: at(600), askedAt: at(400), waitsOnScreen: false), "Sync now or a saved session since")
        XCTAssertTrue(pace.isDue(now: at(600), askedAt: nil, waitsOnScreen: true), "a join typed or a club left on the screen")
    }

    func testTheBackOffWhileTheClubIsUnreachableCarriesOverFromPassToPass() {
        var pace: ClubSyncPace?
        var waits: [Int64] = []
        for n in 0..<8 {
            let started = at(Double(n) * 1000)
            let next = ClubSyncPace.after(passed(down), startedAt: started, previous: pace)
            waits.append((next.dueMs - next.startedMs) / 1000)
            pace = next
        }
        XCTAssertEqual(waits, [30, 60, 120, 300, 600, 900, 900, 900])
        let back = ClubSyncPace.after(passed(nil), startedAt: at(9000), previous: pace)
        XCTAssertEqual(back.unreachableInARow, 0, "reached: the back-off starts over")
        // A join typed on the kiosk that cannot reach the club backs off the same way.
        let waiting = ClubSyncPace.after(.joinWaiting(down), startedAt: t0, previous: pace)
        XCTAssertEqual(waiting.unreachableInARow, 9)
    }

    func testABoardClockThatWentBackOrAWaitNoScheduleMakesRunsThePass() {
        let pace = ClubSyncPace.after(passed(revoked), startedAt: t0, previous: nil)
        XCTAssertTrue(pace.isDue(now: at(-5), askedAt: nil, waitsOnScreen: false), "the clock went back")
        let odd = ClubSyncPace(startedMs: pace.startedMs, dueMs: pace.startedMs + 86_400_000, unreachableInARow: 0)
        XCTAssertTrue(odd.isDue(now: at(60), askedAt: nil, waitsOnScreen: false), "a day's wait: nothing the schedule makes")
    }

    func testItIsKeptBesideTheDatabaseAndAnUnreadableOneIsNoPace() throws {
        let store = try fixture.open()
        XCTAssertNil(ClubSyncPace.load(forDatabase: store.path))
        let pace = ClubSyncPace.after(passed(revoked), startedAt: t0, previous: nil)
        try pace.save(forDatabase: store.path)
        XCTAssertEqual(ClubSyncPace.load(forDatabase: store.path), pace)
        var info = stat()
        XCTAssertEqual(stat(ClubSyncPace.path(forDatabase: store.path), &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        for junk in [Data("{\"startedMs\":".utf8), Data(repeating: 0x20, count: 10_000), Data([0xff, 0xfe])] {
            try junk.write(to: URL(fileURLWithPath: ClubSyncPace.path(forDatabase: store.path)))
            XCTAssertNil(ClubSyncPace.load(forDatabase: store.path), "\(junk.prefix(16))")
        }
        ClubSyncPace.forget(forDatabase: store.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ClubSyncPace.path(forDatabase: store.path)))
    }
}

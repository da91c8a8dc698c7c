import Foundation
@testable import Analytics
import TeamCore
import XCTest

/// The effort's end as the session recorded it (`Session.effortEndMs`) decides where laps end,
/// where heart-rate recovery is read, and where the session totals stop.
final class EffortEndTests: XCTestCase {
    /// Planned 10 min, paused 2 min, so the countdown reached zero at 12 min; then the recovery minute.
    /// 170 bpm for the effort, 120 bpm in the recovery minute.
    private func input(effortEndMs: Int64?) -> SessionInput {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let session = Session(id: 1, teamID: 1, plannedDurationMs: 600_000, startedAt: start, endedAt: start.addingTimeInterval(780),
                              state: .ended, zoneModel: .heartRateReserve, effortEndMs: effortEndMs)
        let samples = TestData.steady(bpm: 170, seconds: 720) + TestData.steady(bpm: 120, seconds: 60, from: 720_000)
        return SessionInput(session: session,
                            players: [SessionPlayer(sessionID: 1, playerID: 1, strapID: 1, shirtNumber: 7, physiology: TestData.male30)],
                            samples: [1: samples], rrIntervals: [:], laps: [Lap(sessionID: 1, tMs: 300_000)])
    }

    func testTheRecordedEffortEndWinsOverThePlannedDuration() {
        let analysis = SessionAnalysis(input(effortEndMs: 720_000))
        XCTAssertEqual(analysis.durationMs, 780_000)
        XCTAssertEqual(analysis.effortEndMs, 720_000, "not the planned 600 000: the pause moved the end")
        let p = analysis.players[0]
        // At 720 s: samples 718…722 s → (2·170 + 3·120)/5 = 140; 60 s later 120 → 20.
        XCTAssertEqual(p.recoveryBPM.value!, 20, accuracy: 1e-9)
        XCTAssertEqual(p.laps.map(\.toMs), [300_000, 720_000])
        // The totals are the effort: the recovery minute is measured, not counted as work.
        XCTAssertEqual(analysis.totalsEndMs, 720_000)
        XCTAssertEqual(p.stats.signalMs, 720_000)
        XCTAssertEqual(p.stats.averageBPM.value!, 170, accuracy: 1e-9)
        XCTAssertEqual(p.stats.minBPM, .value(170))
        XCTAssertEqual(p.stats.effortPoints.value!, p.laps.reduce(0) { $0 + $1.stats.effortPoints.value! }, accuracy: 1e-9)
    }

    func testOlderSessionsKeepTheirGuess() {
        let analysis = SessionAnalysis(input(effortEndMs: nil))
        XCTAssertEqual(analysis.effortEndMs, 600_000, "the countdown's planned end, as before v4")
        XCTAssertNil(analysis.totalsEndMs)
        XCTAssertEqual(analysis.players[0].stats.signalMs, 780_000, "everything recorded counts, as before")
        XCTAssertEqual(analysis.players[0].recoveryBPM, .value(0), "still working a minute after the guessed end")
    }

    func testAnEffortEndAtTheSessionsEndTakesEverything() {
        var plain = input(effortEndMs: 780_000)
        plain.session.endedAt = plain.session.startedAt.addingTimeInterval(780)
        let analysis = SessionAnalysis(plain)
        XCTAssertEqual(analysis.effortEndMs, 780_000)
        XCTAssertNil(analysis.totalsEndMs, "no recovery minute recorded: nothing to leave out")
        XCTAssertEqual(analysis.players[0].stats.signalMs, 780_000)
        XCTAssertEqual(analysis.players[0].recoveryBPM, .notEnoughData(.noDataAfterEnd))
        // A stored end past the recording (a session cut short) is held to the recording.
        XCTAssertEqual(SessionAnalysis(input(effortEndMs: 900_000)).effortEndMs, 780_000)
    }
}

import XCTest
@testable import Analytics
import TeamCore

/// A drill's figures: above 85 % HRmax strictly, and week by week pooled per player, the team their mean.
final class DrillSeasonTests: XCTestCase {
    private let max200 = Physiology(age: 30, sex: .male, weightKg: 80, restingHR: 60, maxHR: 200, maxSource: .measured)

    private func stats(_ samples: [Sample], from: Int64 = .min / 2, to: Int64 = .max / 2) -> HeartRateStats {
        HeartRateStats(track: HeartRateTrack(samples: samples), weights: HeartRateWeights(physiology: max200, zoneModel: .percentOfMax),
                       fromMs: from, toMs: to)
    }

    func testExactly85PercentIsNotAbove() {
        let s = stats(TestData.steady(bpm: 170, seconds: 60) + TestData.steady(bpm: 171, seconds: 30, from: 60_000))
        XCTAssertEqual(s.highIntensityMs, 30_000)
        XCTAssertEqual(s.highIntensityPercent.value!, 100.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(stats([]).highIntensityPercent, .notEnoughData(.noHeartRate))
    }

    func testAWeeksOccurrencesArePooledAndTheTeamIsTheMeanOfItsPlayers() {
        let monday = CalendarDay(year: 2026, month: 3, day: 9)
        XCTAssertEqual(DrillSeason.monday(of: CalendarDay(year: 2026, month: 3, day: 15)), monday, "a Sunday belongs to the week before it")
        XCTAssertEqual(DrillSeason.monday(of: monday), monday)
        let easy = stats(TestData.steady(bpm: 120, seconds: 300)), hard = stats(TestData.steady(bpm: 180, seconds: 100))
        let season = DrillSeason([
            .init(day: monday.adding(days: 1), sessionID: 1, zoneModel: .percentOfMax, players: [1: easy, 2: hard]),
            .init(day: monday.adding(days: 3), sessionID: 2, zoneModel: .percentOfMax, players: [1: hard, 2: HeartRateStats()]),
            .init(day: monday.adding(days: 7), sessionID: 3, zoneModel: .percentOfMax, players: [1: hard]),
        ])
        XCTAssertEqual(season.weeks.map(\.monday), [monday, monday.adding(days: 7)])
        XCTAssertEqual(season.weeks[0].sessionIDs, [1, 2])
        let one = season.weeks[0].players[1]!
        XCTAssertEqual(one.signalMs, 400_000)
        XCTAssertEqual(one.meanBPM!, (120.0 * 300 + 180 * 100) / 400, accuracy: 1e-9, "weighted by time")
        XCTAssertEqual(one.peakBPM, 180)
        XCTAssertEqual(one.highIntensityPercent!, 25, accuracy: 1e-12)
        XCTAssertEqual(one.trimp, easy.banisterTRIMP.value! + hard.banisterTRIMP.value!, accuracy: 1e-9)
        let team = season.weeks[0].team
        XCTAssertEqual(team.players, 2, "a player without a signal is no player of the mean")
        XCTAssertEqual(team.meanBPM!, (one.meanBPM! + 180) / 2, accuracy: 1e-9)
        XCTAssertEqual(team.minutes!, (400.0 / 60 + 100.0 / 60) / 2, accuracy: 1e-9)
        XCTAssertEqual(team.zoneMinutes.reduce(0, +), team.minutes!, accuracy: 1e-9)
    }
}

@testable import AppCore
import XCTest
import Localization
import TeamCore

/// Issue 14, items 6, 7, 10 and 12 in the reducer: the names a tile may shorten to, its third
/// line, the zone margin, and the last five minutes the live graph draws.
final class AppReducerTilesTests: XCTestCase {
    func testNamesShortenWordByWordNeverMidWord() {
        let mia = Player(firstName: "Mia", lastName: "Berg", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55)
        XCTAssertEqual(mia.nameForms, ["Mia Berg", "Mia B.", "Mia", "MB"])
        XCTAssertEqual(mia.initials, "MB")
        let solo = Player(firstName: "Pelé", lastName: "", birthYear: 2000, sex: .male, weightKg: 70, restingHR: 55)
        XCTAssertEqual(solo.nameForms, ["Pelé", "P"])
        var settings = KioskSettings()
        settings.showAliases = true
        XCTAssertEqual(settings.displayNameForms(mia, number: 9), ["#9"])
    }

    func testTilesCarryTheirNamesFacesAndWithAliasesNeither() {
        var app = AppFixture.lobby()
        app.send(.teams(.rosterLoaded(teamID: 1, AppFixture.roster.map { line in
            var line = line
            if line.playerID == 10 { line.photoVersion = 1234 }
            return line
        })))
        app.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        app.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000))
        XCTAssertEqual(app.tile(10).nameForms, ["Ada Test", "Ada T.", "Ada", "AT"])
        XCTAssertEqual(app.tile(10).initials, "AT")
        XCTAssertEqual(app.tile(10).photoVersion, 1234)
        XCTAssertNil(app.tile(11).photoVersion)

        var aliases = AppFixture.lobby()
        aliases.state.settings.values.showAliases = true
        aliases.send(AppFixture.hr(strap: 0, bpm: 80, atMs: 1000))
        aliases.send(.live(.start), .startSession(teamID: 1, lineup: AppFixture.lineup, plannedMs: 20 * 60_000))
        XCTAssertEqual(aliases.tile(10).nameForms, ["#7"])
        XCTAssertNil(aliases.tile(10).initials, "no initials, no photo: aliases hide who it is")
    }

    func testTheThirdLineIsASettingButSortedByEffortThePointsShow() {
        XCTAssertEqual(TileDetail.kcal.shown(sortedBy: .number), .kcal)
        XCTAssertEqual(TileDetail.percentOfMax.shown(sortedBy: .heartRate), .percentOfMax)
        for detail in TileDetail.allCases { XCTAssertEqual(detail.shown(sortedBy: .effort), .effortPoints) }
        var app = AppHarness()
        app.state.screen = .settings
        var expected = KioskSettings()
        expected.tileDetail = .kcal
        app.send(.settings(.setTileDetail(.kcal)), .saveSettings(expected))
        XCTAssertEqual(KioskSettings { Dictionary(uniqueKeysWithValues: expected.keyValues)[$0] }.tileDetail, .kcal)
    }

    /// kcal accrue like effort points: the heart rate held until the next reading, only while the effort runs.
    func testKcalSoFarAccrueWhileTheEffortRuns() {
        var app = AppFixture.running(start: 10_000)
        for t in stride(from: Int64(10_000), through: 70_000, by: 1000) {
            app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: t))
            app.send(.tick(nowMs: t))
        }
        let ada = app.tile(10)
        let perMinute = EnergyExpenditure.kcalPerMinute(bpm: 150, physiology: ada.tile.physiology)
        // The first reading of the session earns nothing (there is no interval before it): 60 s from 10 s to 70 s.
        XCTAssertEqual(ada.kcal, perMinute, accuracy: 1e-9)
        app.send(.live(.pause), .setSessionPaused(sessionID: 42, paused: true))
        for t in stride(from: Int64(71_000), through: 90_000, by: 1000) { app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: t)) }
        XCTAssertEqual(app.tile(10).kcal, perMinute, accuracy: 1e-9, "paused: nothing")
    }

    func testAZoneMarginOf5Bpm() {
        XCTAssertEqual(KioskSettings.zoneMarginChoicesBpm, [2, 3, 4, 5])
        var app = AppFixture.running(start: 0)
        app.state.settings.values.zoneMarginBpm = 5
        app.send(AppFixture.hr(strap: 0, bpm: 150, atMs: 1000)) // Ada: 75 % of 200, zone 3; zone 4 from 160
        XCTAssertEqual(app.tile(10).shownZone, .z3)
        app.send(AppFixture.hr(strap: 0, bpm: 164, atMs: 2000))
        XCTAssertEqual(app.tile(10).shownZone, .z3, "4 bpm past the boundary is within the margin")
        XCTAssertEqual(app.tile(10).shownPercent, 79, "the percentage stays in the zone shown")
        app.send(AppFixture.hr(strap: 0, bpm: 165, atMs: 3000))
        XCTAssertEqual(app.tile(10).shownZone, .z4)
        XCTAssertEqual(app.tile(10).shownPercent, 82)
    }

    func testTheLiveGraphKeepsTheLastFiveMinutesOneReadingASecond() {
        var recent = RecentHeartRates()
        recent.append(bpm: 100, atMs: 1000)
        recent.append(bpm: 101, atMs: 1500) // same second: replaces
        recent.append(bpm: 99, atMs: 800) // out of order: ignored
        XCTAssertEqual(recent.points, [SeriesPoint(tMs: 1500, bpm: 101)])
        for s in Int64(2)...Int64(700) { recent.append(bpm: Int(s % 50) + 100, atMs: s * 1000) }
        let window = recent.window(endingAt: 700_000)
        XCTAssertEqual(window.first?.tMs, 400_000)
        XCTAssertEqual(window.count, 301)
        XCTAssertLessThanOrEqual(recent.points.count, 361, "older points are dropped as it goes")
    }

    func testTheCoachSwitchesBetweenTilesAndGraphAndTilesKeepTheirHistory() {
        var app = AppFixture.running(start: 10_000)
        for t in stride(from: Int64(10_000), through: 40_000, by: 1000) {
            app.send(AppFixture.hr(strap: 0, bpm: 120, atMs: t))
            app.send(AppFixture.hr(strap: 1, bpm: 130, atMs: t, contact: t > 30_000 ? .notDetected : .detected))
        }
        XCTAssertEqual(app.live?.view, .tiles)
        app.send(.live(.showView(.graph)))
        XCTAssertEqual(app.live?.view, .graph)
        XCTAssertEqual(app.tile(10).tile.recent.points.count, 31)
        XCTAssertEqual(app.tile(11).tile.recent.points.count, 21, "readings without skin contact are not drawn")
        app.send(.live(.showView(.tiles)))
        XCTAssertEqual(app.live?.view, .tiles)
    }

    func testTheSecondSettingsPageOpensOnlyInSettingsAndTheFirstComesBackWithThePin() {
        var app = AppHarness()
        app.send(.settings(.showPage(.tilesAndSound)))
        XCTAssertEqual(app.state.settings.page, .general, "not outside settings")
        app.send(.navigate(.settings))
        for digit in "1234" { app.send(.settings(.pinKey(String(digit)))) }
        XCTAssertEqual(app.state.screen, .settings)
        app.send(.settings(.showPage(.tilesAndSound)))
        XCTAssertEqual(app.state.settings.page, .tilesAndSound)
        app.send(.navigate(.home), .loadTeams)
        app.send(.navigate(.settings))
        for digit in "1234" { app.send(.settings(.pinKey(String(digit)))) }
        XCTAssertEqual(app.state.settings.page, .general)
    }

    func testImportingPhotosIsAskedOfTheShellFromTeamSetup() {
        var app = AppFixture.lobby()
        app.send(.setup(.importPhotos))
        app.send(.navigate(.setup))
        app.send(.setup(.importPhotos), .importPhotos(teamID: 1))
        XCTAssertEqual(app.state.notice?.english, "Looking for photos on the USB stick…")
    }
}

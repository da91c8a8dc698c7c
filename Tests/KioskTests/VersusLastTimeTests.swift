import AppCore
import Foundation
@testable import Kiosk
import SensorHub
import SensorSimulation
import Store
import Localization
import TeamCore
import XCTest

/// Issue 25, item 6: "vs last time" on a real store. A session with tags is recorded and saved;
/// the next one with the same tags reads it once at its start, and each tile is its effort points
/// less those the player had at the same minute last time — the stored curve ending exactly where
/// last time's tiles ended.
final class VersusLastTimeTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sideline-lasttime-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func run(_ runtime: KioskRuntime, seconds: Double) {
        for _ in 0..<Int(seconds * 10) {
            XCTAssertTrue(runtime.advanceSteppedClock(byNs: 100_000_000))
            runtime.update()
            runtime.commitRecording()
        }
    }

    /// A 60 s effort of the team with `kind` tagged; the tiles' effort points at its end, by player.
    private func session(_ runtime: KioskRuntime, teamID: Int64, kind: SessionTags.Kind) -> (Int64, [Int64: Double]) {
        runtime.dispatch(.teams(.pick(teamID)))
        run(runtime, seconds: 3)
        if runtime.state.lobby.tags.kind != kind { runtime.dispatch(.lobby(.tags(.kind(kind)))) }
        runtime.dispatch(.lobby(.chooseDuration(60_000)))
        runtime.dispatch(.live(.start))
        run(runtime, seconds: 61)
        let points = Dictionary(uniqueKeysWithValues: (runtime.state.live?.tiles ?? []).map { ($0.playerID, $0.effortPoints) })
        let id = runtime.state.live?.sessionID ?? 0
        runtime.dispatch(.live(.skipRecovery))
        runtime.dispatch(.live(.save))
        runtime.dispatch(.navigate(.home))
        return (id, points)
    }

    func testTheTilesCompareWithTheSameMinuteOfTheLastSessionWithTheSameTags() throws {
        let store = try SidelineStore(path: folder + "/kiosk.sqlite")
        let squad = SimulatedTeam(count: 4, seed: 7)
        let team = try store.importRoster(squad.members.enumerated().map { i, m in
            RosterCSV.Row(line: i + 1, shirtNumber: m.shirtNumber, player: m.player, strapAddress: m.strap.address, strapName: m.strap.name)
        }, teamNamed: "Eagles")
        let stepped = SteppedSimulatedSource(team: squad, seed: 7)
        let runtime = KioskRuntime(store: store, source: .stepped(stepped, description: Message("test")), wake: CountingWake(),
                                   wallClockBase: Date(timeIntervalSince1970: 1_773_509_400), exportDirectory: folder + "/export")
        try runtime.start()

        let (test, pointsThen) = session(runtime, teamID: team.id, kind: .test)
        _ = session(runtime, teamID: team.id, kind: .match) // newer, but other tags: not comparable

        runtime.dispatch(.teams(.pick(team.id)))
        run(runtime, seconds: 3)
        runtime.dispatch(.lobby(.tags(.kind(.test))))
        runtime.dispatch(.lobby(.chooseDuration(60_000)))
        runtime.dispatch(.live(.start))
        let lastTime = try XCTUnwrap(runtime.state.live?.lastTime, "read once as the session started")
        XCTAssertEqual(lastTime.sessionID, test)
        XCTAssertEqual(Set(lastTime.pointsByMinute.keys), Set(pointsThen.keys))
        for (player, points) in pointsThen {
            let curve = try XCTUnwrap(lastTime.pointsByMinute[player])
            XCTAssertGreaterThan(points, 0.5, "a minute of warm-up earns something")
            XCTAssertEqual(EffortCurve.points(curve, atMs: 60_000), points, accuracy: 0.01,
                           "the stored curve ends where last time's tile ended")
        }
        run(runtime, seconds: 30)
        let elapsed = try XCTUnwrap(runtime.state.live?.clock.elapsedMs(nowMs: runtime.state.nowMs))
        for tile in runtime.state.shownTiles {
            let then = try XCTUnwrap(lastTime.points(of: tile.playerID, atElapsedMs: elapsed))
            XCTAssertEqual(try XCTUnwrap(tile.versusLastTime), tile.effortPoints - then, accuracy: 1e-9)
        }
    }
}

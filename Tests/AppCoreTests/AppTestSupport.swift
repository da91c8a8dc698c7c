@testable import AppCore
import Foundation
import TeamCore
import XCTest

/// The reducer driven as the shell drives it, insisting on every effect (TCA's exhaustive
/// TestStore, for effects): `send` fails unless the effects returned are exactly those stated,
/// in order — none when none are stated. A test cannot drop an effect on the floor.
struct AppHarness {
    var state: AppState

    init(_ state: AppState) { self.state = state }

    init(year: Int = 2026) { state = AppState(year: year) }

    mutating func send(_ action: Action, _ effects: Effect..., file: StaticString = #filePath, line: UInt = #line) {
        let got = AppReducer.reduce(&state, action)
        XCTAssertEqual(got, effects, "the effects of \(action)", file: file, line: line)
    }

    /// Sends every action, none of which may have effects.
    mutating func sendAll(_ actions: [Action], file: StaticString = #filePath, line: UInt = #line) {
        for action in actions { send(action, file: file, line: line) }
    }

    var live: LiveSession? { state.live }

    func tile(_ playerID: Int64) -> ShownTile { state.shownTiles.first { $0.playerID == playerID }! }
}

/// A small world for reducer tests: one team of three players, four straps.
enum AppFixture {
    static let teamID: Int64 = 1

    static func player(_ first: String, born: Int = 2000, max: Int? = 200, rest: Int = 60) -> Player {
        Player(firstName: first, lastName: "Test", birthYear: born, sex: .female, weightKg: 65, restingHR: rest, measuredMaxHR: max)
    }

    static var roster: [RosterLine] {
        [RosterLine(playerID: 10, player: player("Ada"), shirtNumber: 7, strapID: 100),
         RosterLine(playerID: 11, player: player("Bea"), shirtNumber: 3, strapID: 101),
         RosterLine(playerID: 12, player: player("Cleo"), shirtNumber: 12, strapID: nil)]
    }

    static var straps: StrapTable {
        StrapTable((0..<4).map { StrapSlot(strapID: 100 + Int64($0), address: "5A:1D:00:00:00:0\($0 + 1)", name: "SimStrap \($0 + 1)") })
    }

    static let team = TeamCard(team: Team(id: teamID, name: "Eagles", colour: RGBColour.teamPalette[0]),
                               playerCount: 3, lastSessionAt: nil, unreviewedSessions: 0)

    /// On the lobby of the team, roster loaded.
    static func lobby() -> AppHarness {
        var app = AppHarness()
        app.send(.teams(.loaded([team])))
        app.send(.sensors(.strapTableLoaded(straps)))
        app.send(.teams(.pick(teamID)), .loadRoster(teamID: teamID), .loadSessions(teamID: teamID), .loadFlags(teamID: teamID))
        app.send(.teams(.rosterLoaded(teamID: teamID, roster)))
        return app
    }

    static func hr(strap: StrapIndex, bpm: Int, atMs t: Int64, contact: SensorContact = .detected, battery: UInt8 = SensorEvent.noBattery) -> Action {
        .sensors(.event(SensorEvent(strap: strap, timestampNs: UInt64(t) * 1_000_000, kind: .measurement, bpm: UInt16(bpm),
                                    contact: contact, battery: battery)))
    }

    /// Ada, Bea and Cleo as their session starts: Ada on strap 0, Bea on 1, Cleo without.
    static let lineup = Lineup([.init(playerID: 10, strapID: 100, strapIndex: 0),
                                .init(playerID: 11, strapID: 101, strapIndex: 1),
                                .init(playerID: 12, strapID: nil, strapIndex: nil)])

    /// The recorder's answer: session `id` counts from `ms` on the app clock.
    static func start(_ id: Int64, atMs ms: Int64) -> SessionStart {
        SessionStart(sessionID: id, ns: UInt64(ms) * 1_000_000, date: Date(timeIntervalSince1970: 1_773_509_400))
    }

    /// The buzzer as the default settings play it when a countdown runs out.
    static let buzzer = Effect.playSound(.buzzer, volumePercent: KioskSettings().soundVolume)

    /// A running session of Ada (strap 0) and Bea (strap 1), started at `start` ms.
    static func running(start: Int64 = 10_000, plannedMs: Int64? = 600_000) -> AppHarness {
        var app = lobby()
        app.send(.lobby(.chooseDuration(plannedMs)))
        app.send(hr(strap: 0, bpm: 90, atMs: max(0, start - 500)))
        app.send(.tick(nowMs: start))
        app.send(.live(.start), .startSession(teamID: teamID, lineup: lineup, plannedMs: plannedMs))
        app.send(.live(.started(AppFixture.start(42, atMs: start))),
                 .loadLastTime(teamID: teamID, sessionID: 42, playerIDs: [10, 11, 12]))
        return app
    }
}

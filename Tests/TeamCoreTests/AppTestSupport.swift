import Foundation
@testable import TeamCore

/// A small world for reducer tests: one team of three players, four straps.
enum AppFixture {
    static let teamID: Int64 = 1

    static func player(_ id: Int64, _ first: String, born: Int = 2000, max: Int? = 200, rest: Int = 60) -> Player {
        Player(id: id, firstName: first, lastName: "Test", birthYear: born, sex: .female, weightKg: 65, restingHR: rest, measuredMaxHR: max)
    }

    static var roster: [RosterLine] {
        [RosterLine(player: player(10, "Ada"), shirtNumber: 7, strapID: 100),
         RosterLine(player: player(11, "Bea"), shirtNumber: 3, strapID: 101),
         RosterLine(player: player(12, "Cleo"), shirtNumber: 12, strapID: nil)]
    }

    static var straps: [StrapSlot] {
        (0..<4).map { StrapSlot(strapID: 100 + Int64($0), address: "5A:1D:00:00:00:0\($0 + 1)", name: "SimStrap \($0 + 1)") }
    }

    /// A state on the lobby of the team, roster loaded.
    static func lobby() -> AppState {
        var s = AppState(year: 2026)
        _ = AppReducer.reduce(&s, .teamsLoaded([TeamCard(team: Team(id: teamID, name: "Eagles", colour: RGBColour.teamPalette[0]),
                                                         playerCount: 3, lastSessionAt: nil, unreviewedSessions: 0)]))
        _ = AppReducer.reduce(&s, .strapTableLoaded(straps))
        _ = AppReducer.reduce(&s, .pickTeam(teamID))
        _ = AppReducer.reduce(&s, .rosterLoaded(teamID: teamID, roster))
        return s
    }

    static func hr(strap: UInt16, bpm: Int, atMs t: Int64, contact: SensorContact = .detected, battery: UInt8 = SensorEvent.noBattery) -> Action {
        .sensor(SensorEvent(strap: strap, timestampNs: UInt64(t) * 1_000_000, kind: .measurement, bpm: UInt16(bpm),
                            contact: contact, battery: battery))
    }

    /// A running session of Ada (strap 0) and Bea (strap 1), started at `start` ms.
    static func running(start: Int64 = 10_000, plannedMs: Int64? = 600_000) -> AppState {
        var s = lobby()
        _ = AppReducer.reduce(&s, .chooseDuration(plannedMs))
        _ = AppReducer.reduce(&s, hr(strap: 0, bpm: 90, atMs: max(0, start - 500)))
        _ = AppReducer.reduce(&s, .tick(nowMs: start))
        _ = AppReducer.reduce(&s, .startSession)
        _ = AppReducer.reduce(&s, .sessionStarted(sessionID: 42, startMs: start))
        return s
    }
}

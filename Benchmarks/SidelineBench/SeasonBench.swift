// Issue 24's figure: the season table of 40 players × 300 sessions on the kiosk (≤ 150 ms), from the
// loads kept when each session was saved (`session_load`), not recomputed; issue 36's: the lobby's flags
// for the same team (≤ 50 ms).
import Analytics
import Foundation
import Kiosk
import SensorHub
import SessionReview
import SensorSimulation
import Store
import TeamCore

/// A team of 40 players with 300 finished sessions over 200 days (one a day, two on some; every fifth a
/// readiness check sitting), each player's kept load written straight into the store as a saved session
/// leaves it: what the season reads, without recording 300 sessions first.
func makeSeason(path: String, players: Int = 40, sessions: Int = 300) throws -> (SidelineStore, Int64) {
    let store = try SidelineStore(path: path)
    let team = try store.createTeam(name: "Bench Season")
    var ids: [Int64] = []
    for i in 0..<players {
        let player = Player(firstName: "Player", lastName: "\(i + 1)", birthYear: 1995 + i % 12, sex: i % 2 == 0 ? .female : .male,
                            weightKg: 60 + Double(i % 25), restingHR: 50 + i % 15)
        ids.append(try store.addPlayer(player, toTeam: team.id, shirtNumber: i + 1))
    }
    var rng = SeededGenerator(seed: 24)
    let first = Date(timeIntervalSince1970: 1_773_446_400 - 200 * 86_400) // 200 days before 14 March 2026
    for k in 0..<sessions {
        let readiness = k % 5 == 4
        let start = first.addingTimeInterval(Double(k * 200 / sessions) * 86_400 + (readiness ? 8 : 18) * 3600)
        let session = try store.startSession(teamID: team.id, participants: ids.map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: readiness ? 180_000 : 3_600_000,
                                             tags: readiness ? ["readiness", "sitting"] : ["training"], at: start)
        try store.endSession(session.id, at: start.addingTimeInterval(readiness ? 180 : 3660))
        try store.keepSessionLoads(session.id, algorithm: SessionReview.seasonAlgorithm, ids.map { id in
            readiness
                ? SessionLoadRecord(sessionID: session.id, playerID: id, cardioLoad: 2, zoneMs: [180_000, 0, 0, 0, 0, 0],
                                    lnRMSSD: 4 + 0.3 * rng.gaussian(), restingBPM: 55, correctedShare: 0.01)
                : SessionLoadRecord(sessionID: session.id, playerID: id, cardioLoad: 60 + 40 * Double(rng.next() % 100) / 100,
                                    zoneMs: [300_000, 600_000, 900_000, 900_000, 600_000, 300_000], recoveryBPM: 30)
        })
    }
    return (store, team.id)
}

func benchSeason(rounds: Int) throws {
    let dir = NSTemporaryDirectory() + "sideline-bench-season-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let made = Date()
    let (store, teamID) = try makeSeason(path: "\(dir)/season.sqlite")
    print(String(format: "season: 40 players × 300 sessions (kept loads, written in %.1f s), median of %d", Date().timeIntervalSince(made), rounds))
    let today = CalendarDay(year: 2026, month: 3, day: 14)
    let loader = SeasonScreenLoader(store: store)
    var table: [(wall: Double, cpu: Double)] = [], history = table, cli = table, read = table, flags = table
    var rows = 0
    for _ in 0..<rounds {
        read.append(try timed { _ = try store.seasonEntries(playerIDs: Array(1...40), algorithm: SessionReview.seasonAlgorithm) })
        table.append(try timed { rows = try loader.table(teamID: teamID, on: today).lines.count })
        history.append(try timed { _ = try loader.history(playerID: 1, teamID: teamID, on: today) })
        cli.append(try timed { _ = try SessionReview.seasonTable(store: store, teamID: teamID, on: today) })
        flags.append(try timed { _ = try SessionReview.flags(store: store, teamID: teamID, on: today) })
    }
    precondition(rows == 40, "the table has a row a player")
    func line(_ name: String, _ runs: [(wall: Double, cpu: Double)], target: String) { printMedians(name, runs, target: target, decimals: 1) }
    printLoadAverage()
    line("of which: the kept loads read from SQLite (12 000 rows)", read, target: "")
    line("kiosk season table (SeasonScreenLoader.table)", table, target: "target <= 150 ms")
    line("one player's history (six weeks of charts, every session)", history, target: "")
    line("sideline season's table (SessionReview.seasonTable)", cli, target: "")
    line("the lobby's flags (SessionReview.flags: the season table, HRmax, straps, dismissals)", flags, target: "target <= 50 ms")
}

// `make bench-instructions`' analytics and season rows: exactly N units of one figure, so callgrind
// can count them (Benchmarks/instructions/bench_instructions.py runs N and 2N units and divides the
// difference by N: opening the store and everything before the first unit cancels). The fixtures are
// written once, natively, by `count-units fixtures` (under callgrind they would take most of the run).
import Foundation
import Kiosk
import SessionReview
import Store
import TeamCore

/// The figures `count-units` runs, by the name the instruction table uses.
enum CountedUnit: String, CaseIterable {
    /// The review summary of the 2-hour, 30-player session with its NN series cached.
    case reviewSummary = "review-summary"
    /// The first analysis of that session: RR corrected, NN series and the season's loads kept.
    case firstAnalysis = "first-analysis"
    /// The kiosk's season table of 40 players × 300 sessions.
    case seasonTable = "season-table"

    /// The fixture file the unit reads (a copy of it: the units write their caches).
    var fixture: String {
        switch self {
        case .reviewSummary: CountedUnitFixtures.reviewWarm
        case .firstAnalysis: CountedUnitFixtures.reviewCold
        case .seasonTable: CountedUnitFixtures.season
        }
    }
}

/// The databases the counted units read, written into one folder.
enum CountedUnitFixtures {
    static let reviewCold = "review-cold.sqlite"
    static let reviewWarm = "review-warm.sqlite"
    static let season = "season.sqlite"
    /// The long sessions in the review fixtures: a first analysis needs a session never analysed per unit.
    static let longSessions: [Int64] = [1, 2]

    /// Two 2-hour, 30-player sessions never analysed; the same with both analysed (NN series cached);
    /// the season of 40 players × 300 sessions.
    static func write(into dir: String) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in [reviewCold, reviewWarm, season] { removeDatabase("\(dir)/\(name)") }
        // Each store goes out of scope before its file is copied: its last connection closes and
        // checkpoints the write-ahead log into the file.
        do {
            let store = try SidelineStore(path: "\(dir)/\(reviewCold)")
            for (i, expected) in longSessions.enumerated() {
                let (id, _, _) = try makeLongSession(in: store, teamName: "Bench Long \(i + 1)")
                precondition(id == expected, "the fixture's sessions are numbered \(longSessions)")
            }
        }
        try FileManager.default.copyItem(atPath: "\(dir)/\(reviewCold)", toPath: "\(dir)/\(reviewWarm)")
        do {
            let store = try SidelineStore(path: "\(dir)/\(reviewWarm)")
            for id in longSessions { _ = try SessionReview.load(store: store, sessionID: id) }
        }
        _ = try makeSeason(path: "\(dir)/\(season)")
    }

    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// Runs `count` units of `unit` on the database at `path` and prints the median CPU time of one.
func runCountedUnits(_ unit: CountedUnit, count: Int, path: String) throws {
    let store = try SidelineStore(path: path)
    var cpu: [Double] = []
    switch unit {
    case .reviewSummary:
        for i in 0..<count {
            let id = CountedUnitFixtures.longSessions[i % CountedUnitFixtures.longSessions.count]
            cpu.append(try timed { _ = try SessionReview.load(store: store, sessionID: id) }.cpu)
        }
    case .firstAnalysis:
        precondition(count <= CountedUnitFixtures.longSessions.count, "the fixture has \(CountedUnitFixtures.longSessions.count) sessions never analysed")
        for id in CountedUnitFixtures.longSessions.prefix(count) {
            cpu.append(try timed { _ = try SessionReview.load(store: store, sessionID: id) }.cpu)
        }
    case .seasonTable:
        let loader = SeasonScreenLoader(store: store)
        let today = CalendarDay(year: 2026, month: 3, day: 14)
        for _ in 0..<count {
            var rows = 0
            cpu.append(try timed { rows = try loader.table(teamID: 1, on: today).lines.count }.cpu)
            precondition(rows == 40, "the table has a row a player")
        }
    }
    print(String(format: "%@: %d units, median %.3f ms CPU a unit", unit.rawValue as NSString, count, cpu.isEmpty ? 0 : median(cpu)))
}

import Analytics
import Foundation
@testable import Exports
import SessionReview
import TeamCore

/// A 10-minute session of three players: one working with a lap mark at 5 min,
/// one steady, one who never had a signal.
enum ExportFixture {
    static let start = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18T11:06:40Z

    static func steady(_ bpm: (Int) -> Int, seconds: Int, player: Int64) -> [Sample] {
        (0..<seconds).map { Sample(playerID: player, strapID: player, tMs: Int64($0) * 1000 + 250, bpm: bpm($0), contact: .detected) }
    }

    static func context() -> AnalysedSession {
        let physiology = Physiology(age: 30, sex: .male, weightKg: 80, restingHR: 60, maxHR: 190, maxSource: .measured)
        let session = Session(id: 12, teamID: 1, plannedDurationMs: 600_000, startedAt: start,
                              endedAt: start.addingTimeInterval(600), state: .ended, zoneModel: .heartRateReserve)
        let players = [(1, 7), (2, 3), (3, 1)].map {
            SessionPlayer(sessionID: 12, playerID: Int64($0.0), strapID: Int64($0.0), shirtNumber: $0.1, physiology: physiology)
        }
        let input = SessionInput(session: session, players: players,
                                 samples: [1: steady({ 120 + $0 % 60 }, seconds: 600, player: 1), 2: steady({ _ in 130 }, seconds: 600, player: 2)],
                                 rrIntervals: [:], laps: [Lap(sessionID: 12, tMs: 300_000, label: "drills & games")])
        return AnalysedSession(teamName: "U17 Boys", playerNames: [1: "Ada Lovelace", 2: "Émile Zola", 3: "No Signal"],
                             analysis: SessionAnalysis(input))
    }
}

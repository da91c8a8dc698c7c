import Foundation
import Synchronization
@testable import Store
import TeamCore
import XCTest

/// A player's recording read on its own (decision 105): the samples as columns and the RR intervals
/// are exactly what `recordedSeries` reads of that player — in a session still recording (one
/// snapshot) and once it ended (players on several cores) — and a damaged row stops the read.
final class PlayerRecordingTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    /// Three players, one of whom (the last) recorded nothing; readings tied at one millisecond, without
    /// contact and impossible; beats across a minute's edge.
    private func recording(_ store: SidelineStore) throws -> (session: Int64, players: [Int64]) {
        let team = try store.createTeam(name: "A")
        let players = try ["Mia", "Noah", "Ida"].enumerated().map { try store.addPlayer(StoreFixture.player($1), toTeam: team.id, shirtNumber: $0 + 7) }
        let session = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: nil)
        var batch = SessionRecording.Batch()
        let contacts: [SensorContact] = [.detected, .notDetected, .notSupported]
        for s in 0..<150 {
            for (k, player) in players.prefix(2).enumerated() {
                batch.samples.append(Sample(playerID: player, strapID: Int64(k + 1), tMs: Int64(s) * 1000 + Int64(k), bpm: 60 + (s * 7 + k) % 200,
                                            contact: contacts[(s + k) % 3], energyKJ: s % 5 == 0 ? s : nil))
            }
            if s % 40 == 0 { batch.samples.append(Sample(playerID: players[0], strapID: 1, tMs: Int64(s) * 1000, bpm: 90 + s, contact: .detected)) }
        }
        for b in 0..<180 {
            batch.rrIntervals.append(RRInterval(playerID: players[0], tMs: 500 + Int64(b) * 820, rr1024: UInt16(800 + b % 13)))
            batch.rrIntervals.append(RRInterval(playerID: players[1], tMs: 59_000 + Int64(b) * 15, rr1024: UInt16(300 + b)))
        }
        try SessionWriter(store: store, sessionID: session.id).commit(batch, upToMs: 150_000)
        return (session.id, players)
    }

    /// Each player's recording as `forEachPlayerRecording` hands it over, by player.
    private func recordings(_ store: SidelineStore, _ session: Int64, _ players: [Int64], includingRR: Bool = true) throws -> [Int64: PlayerRecording] {
        let handed = Mutex<[Int64: PlayerRecording]>([:])
        try store.forEachPlayerRecording(session, players: players, includingRR: includingRR) { recording in
            handed.withLock { XCTAssertNil($0.updateValue(recording, forKey: recording.playerID), "each player once") }
        }
        return handed.withLock { $0 }
    }

    private func assertSame(_ store: SidelineStore, _ session: Int64, _ players: [Int64], _ when: String) throws {
        let series = try store.recordedSeries(session)
        let read = try recordings(store, session, players)
        XCTAssertEqual(Set(read.keys), Set(players), when)
        for player in players {
            let samples = series.samples[player] ?? []
            let recording = try XCTUnwrap(read[player])
            XCTAssertEqual(recording.tMs, samples.map(\.tMs), when)
            XCTAssertEqual(recording.bpm, samples.map(\.bpm), when)
            XCTAssertEqual(recording.contact, samples.map(\.contact), when)
            XCTAssertEqual(recording.rrIntervals, series.rrIntervals[player] ?? [], when)
        }
        XCTAssertEqual(try recordings(store, session, players, includingRR: false).values.map(\.rrIntervals.count), [0, 0, 0])
        XCTAssertEqual(try store.lastSampleMs(session), series.samples.values.compactMap { $0.last?.tMs }.max())
    }

    func testEachPlayersColumnsAndBeatsAreWhatTheWholeSessionsReadGives() throws {
        let store = try fixture.open()
        let (session, players) = try recording(store)
        try assertSame(store, session, players, "still recording")
        XCTAssertEqual(try recordings(store, session, players)[players[0]]?.tMs.count, 154, "the tied readings kept, both")
        try store.endSession(session, at: Date())
        try assertSame(store, session, players, "ended: read on several cores")
        XCTAssertNil(try store.lastSampleMs(session + 1), "no sample, no last")
    }

    func testADamagedRowStopsTheRead() throws {
        let store = try fixture.open()
        let (session, players) = try recording(store)
        try store.endSession(session, at: Date())
        try store.write { try $0.execute(sql: "UPDATE rr_minute SET beats = x'E803580201' WHERE player_id = ? AND minute = 1", arguments: [players[1]]) }
        XCTAssertThrowsError(try recordings(store, session, players)) {
            XCTAssertEqual($0 as? StoreError, .damagedBeats(session: session, player: players[1], minute: 1))
        }
    }
}

import Analytics
import ClubProtocol
import Exports
import Foundation
import SessionReview
import Store
import StoredExports
import TeamCore
import XCTest
@testable import ClubStorage

/// The read API's document is the kiosk's: a session recorded into a kiosk's store, exported there as
/// `sideline export --format json` writes it, and the same rows made into a bundle (as the kiosk's sync
/// makes it), read back on the server: the same document, number for number, but for the ids each side
/// has (the kiosk's local numbers, the server's UUIDs).
final class SessionDocumentTests: XCTestCase {
    private var directory = ""

    override func setUp() { directory = NSTemporaryDirectory() + "sideline-club-doc-" + UUID().uuidString }
    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    /// Three players (one without a heart rate), RR for one, a lap, tags, a recovery minute after the effort.
    private func recorded(_ store: SidelineStore) throws -> Int64 {
        let team = try store.createTeam(name: "U17 Boys")
        let strap = try store.strap(address: "A0:9E:1A:00:00:01", name: "one")
        func player(_ first: String, _ number: Int, strap: Int64? = nil) throws -> Int64 {
            try store.addPlayer(Player(firstName: first, lastName: "Berg", birthYear: 2008, sex: .female, weightKg: 60, restingHR: 55),
                                toTeam: team.id, shirtNumber: number, strapID: strap)
        }
        let ada = try player("Ada", 7, strap: strap.id), bea = try player("Bea", 3), cleo = try player("Cleo", 12)
        let session = try store.startSession(teamID: team.id, participants: [ada, bea, cleo].map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: 600_000, tags: ["match"], at: Date(timeIntervalSince1970: 1_795_000_000))
        var batch = SessionRecording.Batch()
        for s in 0..<660 {
            let effort = s < 600
            batch.samples.append(Sample(playerID: ada, strapID: strap.id, tMs: Int64(s) * 1000 + 250,
                                        bpm: effort ? 120 + (s * 7) % 60 : 170 - (s - 600), contact: .detected))
            batch.samples.append(Sample(playerID: bea, strapID: strap.id, tMs: Int64(s) * 1000 + 500, bpm: effort ? 140 + s % 20 : 150, contact: .notSupported))
            batch.rrIntervals.append(RRInterval(playerID: ada, tMs: Int64(s) * 1000 + 250, rr1024: UInt16(480 + (s * 13) % 90)))
        }
        try SessionWriter(store: store, sessionID: session.id).commit(batch, upToMs: 660_000)
        try store.addLap(Lap(sessionID: session.id, tMs: 300_000, label: "second half"))
        try store.setEffortEnd(session.id, tMs: 600_000)
        try store.endSession(session.id, at: session.startedAt.addingTimeInterval(660))
        return session.id
    }

    /// The document without the ids only one side has.
    private func withoutIDs(_ data: Data) throws -> NSDictionary {
        var root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        root["sessionID"] = nil
        root["sessionUUID"] = nil
        root["players"] = (root["players"] as? [[String: Any]])?.map { p in
            var p = p
            p["playerID"] = nil
            p["playerUUID"] = nil
            return p
        }
        return root as NSDictionary
    }

    func testTheReadAPIsDocumentIsTheKiosksJSONExportOfTheSameRows() throws {
        let store = try SidelineStore(path: directory + "/kiosk.sqlite")
        let id = try recorded(store)
        let kioskFile = try XCTUnwrap(try SessionExport(store: store, sessionID: id).write([.json], to: directory + "/export").first)
        let kiosk = try Data(contentsOf: URL(fileURLWithPath: kioskFile))

        // The bundle from the kiosk's rows, through its canonical bytes (what travels), as the server reads it back.
        let session = try store.session(id)
        let players = try store.sessionPlayers(id)
        let series = try store.recordedSeries(id)
        let input = SessionInput(session: session, players: players, samples: series.samples, rrIntervals: series.rrIntervals, laps: try store.laps(id))
        var who: [Int64: BundleIdentities.PlayerIdentity] = [:]
        for p in players {
            let player = try XCTUnwrap(try store.player(id: p.playerID))
            who[p.playerID] = .init(uuid: UUID(), firstName: player.firstName, lastName: player.lastName)
        }
        let straps = Dictionary(uniqueKeysWithValues: try store.strapAddresses().map { ($0.key, BundleStrap(uuid: UUID(), address: $0.value, name: "one")) })
        let identities = BundleIdentities(sessionUUID: UUID(), teamUUID: UUID(), teamName: "U17 Boys", players: who, straps: straps)
        let bytes = try CanonicalJSON.encode(try SessionBundle(rows: input.rows, identities: identities))
        let uploaded = try CanonicalJSON.decode(SessionBundle.self, from: bytes)
        let server = try SessionDocument.json(for: uploaded.analysisInput())

        XCTAssertEqual(try withoutIDs(server), try withoutIDs(kiosk))
        // The server's document names the UUIDs instead.
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: server) as? [String: Any])
        XCTAssertEqual(root["sessionUUID"] as? String, identities.sessionUUID.uuidString.lowercased())
        let named = Set((root["players"] as? [[String: Any]] ?? []).compactMap { $0["playerUUID"] as? String })
        XCTAssertEqual(named, Set(who.values.map { $0.uuid.uuidString.lowercased() }))
        // And every number is there to compare: TRIMP, a recovery minute, HRV over its window.
        let ada = try XCTUnwrap((root["players"] as? [[String: Any]])?.first { $0["shirtNumber"] as? Int == 7 })
        let stats = try XCTUnwrap(ada["session"] as? [String: Any])
        XCTAssertNotNil(stats["trimpBanister"] as? Double)
        XCTAssertNotNil(stats["recovery60sBPM"] as? Double)
    }

    func testTheSeasonFiguresAreTheKiosksFromTheSameAnalysis() throws {
        let store = try SidelineStore(path: directory + "/kiosk.sqlite")
        let id = try recorded(store)
        let kept = try SessionReview.keepSeasonFigures(store: store, sessionID: id)
        let analysis = SessionAnalysis(SessionInput(session: try store.session(id), players: try store.sessionPlayers(id),
                                                    samples: try store.recordedSeries(id).samples, rrIntervals: [:], laps: []))
        XCTAssertEqual(analysis.seasonFigures.map(\.cardioLoad), kept.map(\.cardioLoad))
        XCTAssertEqual(analysis.seasonFigures.map(\.zoneMs), kept.map(\.zoneMs))
        XCTAssertEqual(analysis.seasonFigures.map(\.recoveryBPM), kept.map(\.recoveryBPM))
    }
}

import Analytics
import ClubProtocol
import ClubSync
import Foundation
import SessionReview
import Store
import TeamCore
import XCTest

/// The bundle a kiosk uploads holds what its own review and exports analyse: the same players,
/// the same readings (counts, first and last), the same analysis read back from the bundle.
final class KioskSessionBundleTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    func testABundleFromTheKiosksRowsAnalysesAsTheExportsDo() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        let straps = try (1...2).map { try store.strap(address: "A0:9E:1A:00:00:0\($0)", name: "Polar H10 \($0)") }
        let players = try ["Mia", "Ola"].enumerated().map { i, name in
            try store.addPlayer(ClubSyncFixture.player(name), toTeam: team.id, shirtNumber: i + 7, strapID: straps[i].id)
        }
        let session = try store.startSession(teamID: team.id, participants: zip(players, straps).map { Participant(playerID: $0, strapID: $1.id) },
                                             plannedDurationMs: 120_000, tags: ["match"])
        let writer = SessionWriter(store: store, sessionID: session.id)
        for second in 0..<120 {
            var batch = SessionRecording.Batch()
            for (i, player) in players.enumerated() {
                let bpm = 120 + (second * (i + 1)) % 40
                batch.samples.append(Sample(playerID: player, strapID: straps[i].id, tMs: Int64(second * 1000 + 250 * i), bpm: bpm, contact: .detected))
                batch.rrIntervals.append(RRInterval(playerID: player, tMs: Int64(second * 1000 + 250 * i), rr1024: UInt16(61_440 / bpm)))
            }
            if second == 60 { batch.strapEvents.append(StrapEvent(strapID: straps[0].id, tMs: 60_000, kind: .battery, value: 80)) }
            try writer.commit(batch, upToMs: Int64(second * 1000 + 999))
        }
        try store.addLap(Lap(sessionID: session.id, tMs: 60_000, label: "half"))
        try store.endSession(session.id, at: session.startedAt.addingTimeInterval(120))

        let bundle = try onDispatchQueue { try KioskSessionBundle.make(store: store, sessionID: session.id) }
        XCTAssertEqual(bundle.session.uuid, session.uuid)
        XCTAssertEqual(bundle.session.teamUUID, team.uuid)
        XCTAssertEqual(bundle.straps.map(\.uuid), straps.map { StrapIdentity.uuid(forAddress: $0.address) })
        XCTAssertEqual(bundle.strapEvents, [BundleStrapEvent(strap: 0, tMs: 60_000, kind: "battery", value: 80)])
        XCTAssertEqual(bundle.problems, [], "the server's rules hold")
        // Byte for byte the same bundle each time: one session, one hash.
        let again = try onDispatchQueue { try KioskSessionBundle.make(store: store, sessionID: session.id) }
        XCTAssertEqual(try again.contentHash(), try bundle.contentHash())

        let exported = try onDispatchQueue { try SessionReview.load(store: store, sessionID: session.id) }.analysis
        let fromBundle = SessionAnalysis(SessionInput(bundle.contents().rows))
        XCTAssertEqual(fromBundle.players.count, exported.players.count)
        for (mine, theirs) in zip(bundle.participants, exported.players.sorted { $0.shirtNumber < $1.shirtNumber }) {
            let rows = try store.samples(session.id).filter { $0.playerID == theirs.playerID }
            XCTAssertEqual(mine.samples.count, rows.count)
            XCTAssertEqual(mine.samples.bpm.first, rows.first?.bpm)
            XCTAssertEqual(mine.samples.bpm.last, rows.last?.bpm)
            XCTAssertEqual(DeltaCoding.decode(mine.samples.tMsDeltas).last, rows.last?.tMs)
            XCTAssertEqual(mine.rr.count, try store.rrIntervals(session.id).filter { $0.playerID == theirs.playerID }.count)
        }
        XCTAssertEqual(fromBundle.players.sorted { $0.shirtNumber < $1.shirtNumber }.map(\.stats),
                       exported.players.sorted { $0.shirtNumber < $1.shirtNumber }.map(\.stats))
        XCTAssertEqual(fromBundle.teamAverageBPM, exported.teamAverageBPM)
    }

    /// A finished session's bundle is fixed when it ends (decision 074): the player, team and strap renamed,
    /// the strap's battery and description changed, the session reviewed — the same bytes, the same hash,
    /// still the names as recorded; the kiosk's own export names the session the same way.
    func testABundleKeepsItsBytesThroughRenamesAndANewBattery() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        let strap = try store.strap(address: "A0:9E:1A:00:00:01", name: "Polar H10 1")
        try store.noteStraps([.init(strapID: strap.id, battery: 90, seen: Date())])
        let mia = try store.addPlayer(ClubSyncFixture.player("Mia"), toTeam: team.id, shirtNumber: 7, strapID: strap.id)
        let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: strap.id)], plannedDurationMs: 60_000)
        let writer = SessionWriter(store: store, sessionID: session.id)
        for second in 0..<30 {
            var batch = SessionRecording.Batch()
            batch.samples.append(Sample(playerID: mia, strapID: strap.id, tMs: Int64(second * 1000), bpm: 120 + second % 9, contact: .detected))
            try writer.commit(batch, upToMs: Int64(second * 1000 + 999))
        }
        try store.endSession(session.id, at: session.startedAt.addingTimeInterval(30))
        let before = try onDispatchQueue { try KioskSessionBundle.make(store: store, sessionID: session.id) }

        var renamed = try XCTUnwrap(store.player(id: mia))
        renamed.firstName = "Maja"
        renamed.lastName = "Strand"
        try store.updatePlayer(mia, renamed)
        try store.renameTeam(team.id, to: "U17 Girls")
        try store.setStrapLabel(address: strap.address, label: "Box A 7")
        try store.noteStraps([.init(strapID: strap.id, battery: 40, seen: Date().addingTimeInterval(60))])
        try store.describeStraps([(address: strap.address, bodyLocation: "chest", manufacturer: "Polar")])
        try store.markReviewed(session.id)
        let after = try onDispatchQueue { try KioskSessionBundle.make(store: store, sessionID: session.id) }

        XCTAssertEqual(try after.canonicalBytes(), try before.canonicalBytes())
        XCTAssertEqual(try after.contentHash(), try before.contentHash())
        XCTAssertEqual(after.participants.map(\.firstName), ["Mia"])
        XCTAssertEqual(after.session.teamName, "U17")
        XCTAssertEqual(after.straps.map(\.lastBattery), [90])
        let exported = try onDispatchQueue { try SessionReview.load(store: store, sessionID: session.id) }
        XCTAssertEqual(exported.teamName, "U17")
        XCTAssertEqual(exported.playerNames, [mia: "Mia Berg"], "the kiosk's export names the session as the club's document does")
        XCTAssertEqual(try store.seasonEntries(playerIDs: [mia], algorithm: "-").map(\.teamName), ["U17"], "the season too")

        // A session a process that died left running is snapshotted as it becomes interrupted, with today's names.
        let cut = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: strap.id)], plannedDurationMs: 60_000)
        XCTAssertNil(try store.sessionSnapshot(cut.id), "nothing is fixed while it runs")
        try store.markInterruptedSessions()
        let interrupted = try XCTUnwrap(store.sessionSnapshot(cut.id))
        XCTAssertEqual(interrupted.teamName, "U17 Girls")
        XCTAssertEqual(interrupted.players[mia]?.firstName, "Maja")
        XCTAssertEqual(interrupted.straps[strap.id]?.lastBattery, 40)
    }

    /// Sessions finished before schema v24 get today's names once, by the migration; a rename afterwards moves nothing.
    func testSessionsFinishedBeforeTheSnapshotsKeepTodaysNamesFromTheMigrationOn() throws {
        _ = try SidelineStore.migrate(path: fixture.path, upTo: "v23-session-by-start")
        try fixture.execute("""
            INSERT INTO team(id, name, colour, created_ms, uuid) VALUES (4, 'U17', '#1E88E5', 1, '5b0e6f7a-0000-4000-8000-000000000004');
            INSERT INTO player(id, first_name, last_name, birth_year, sex, weight_kg, resting_hr, uuid)
                VALUES (7, 'Mia', 'Berg', 2009, 'F', 58.5, 52, '5b0e6f7a-0000-4000-8000-000000000007');
            INSERT INTO strap(id, address, name, last_battery) VALUES (3, 'A0:9E:1A:00:00:07', 'Polar H10', 80);
            INSERT INTO session(id, team_id, started_ms, ended_ms, state, zone_model) VALUES (12, 4, 1000, 61000, 'ended', 'percentOfMax');
            INSERT INTO session_player(session_id, player_id, strap_id, shirt_number, age, sex, weight_kg, resting_hr, max_hr, max_source)
                VALUES (12, 7, 3, 7, 17, 'F', 58.5, 52, 203, 'formula');
            INSERT INTO sample(session_id, player_id, strap_id, t_ms, bpm, contact) VALUES (12, 7, 3, 1000, 120, 2);
            """)
        let store = try fixture.open()
        let before = try onDispatchQueue { try KioskSessionBundle.make(store: store, sessionID: 12) }
        try fixture.execute("UPDATE player SET first_name = 'Maja'; UPDATE team SET name = 'U17 Girls'; UPDATE strap SET last_battery = 20")
        let after = try onDispatchQueue { try KioskSessionBundle.make(store: store, sessionID: 12) }
        XCTAssertEqual(try after.contentHash(), try before.contentHash())
        XCTAssertEqual(after.participants.map(\.firstName), ["Mia"])
        XCTAssertEqual(after.session.teamName, "U17")
        XCTAssertEqual(after.straps.map(\.lastBattery), [80])
    }

    /// A kiosk that erased a player builds the very bundle the club makes by erasing them from the
    /// one it holds (`SessionBundle.erasing`): the same bytes, the same hash. Their strap goes with them
    /// unless a strap event still names it.
    func testABundleAfterAnErasureIsTheClubsRewrite() throws {
        for eventOnTheirStrap in [false, true] {
            let fixture = ClubSyncFixture()
            defer { fixture.remove() }
            let store = try fixture.open()
            let team = try store.createTeam(name: "U17")
            let straps = try (1...3).map { try store.strap(address: "A0:9E:1A:00:00:0\($0)", name: "Polar H10 \($0)") }
            let players = try ["Mia", "Ola", "Kai"].enumerated().map { i, name in
                try store.addPlayer(ClubSyncFixture.player(name), toTeam: team.id, shirtNumber: i + 7, strapID: straps[i].id)
            }
            let session = try store.startSession(teamID: team.id, participants: zip(players, straps).map { Participant(playerID: $0, strapID: $1.id) },
                                                 plannedDurationMs: 60_000)
            let writer = SessionWriter(store: store, sessionID: session.id)
            for second in 0..<30 {
                var batch = SessionRecording.Batch()
                for (i, player) in players.enumerated() {
                    batch.samples.append(Sample(playerID: player, strapID: straps[i].id, tMs: Int64(second * 1000 + 100 * i), bpm: 110 + i + second % 7, contact: .detected))
                    batch.rrIntervals.append(RRInterval(playerID: player, tMs: Int64(second * 1000 + 100 * i), rr1024: 520))
                }
                if second == 10 { batch.strapEvents.append(StrapEvent(strapID: straps[2].id, tMs: 10_000, kind: .battery, value: 70)) }
                if second == 20, eventOnTheirStrap { batch.strapEvents.append(StrapEvent(strapID: straps[1].id, tMs: 20_000, kind: .link, value: 0)) }
                try writer.commit(batch, upToMs: Int64(second * 1000 + 999))
            }
            try store.endSession(session.id, at: session.startedAt.addingTimeInterval(30))
            let before = try onDispatchQueue { try KioskSessionBundle.make(store: store, sessionID: session.id) }
            let ola = try XCTUnwrap(store.player(id: players[1])?.uuid)

            try store.erasePlayer(players[1], by: "test")
            let after = try onDispatchQueue { try KioskSessionBundle.make(store: store, sessionID: session.id) }
            let rewritten = before.erasing(players: [ola])
            XCTAssertEqual(after, rewritten)
            XCTAssertEqual(try after.contentHash(), try rewritten.contentHash())
            XCTAssertEqual(after.participants.map(\.firstName), ["Mia", "Kai"])
            XCTAssertEqual(after.straps.count, eventOnTheirStrap ? 3 : 2, "their strap goes unless an event names it")
            XCTAssertEqual(after.problems, [])
            XCTAssertNotEqual(try after.contentHash(), try before.contentHash())
        }
    }

    /// The store reads a finished session's players in parallel (`concurrentPerform`): from a dispatch queue, as the kiosk does.
    func onDispatchQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
        try DispatchQueue.global().sync { try work() }
    }
}

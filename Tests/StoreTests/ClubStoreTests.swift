import Foundation
import GRDB
@testable import Store
import TeamCore
import XCTest

/// Issue 14's store: tags, deleting sessions and teams, players across teams, straps forgotten.
final class ClubStoreTests: XCTestCase {
    var fixture = StoreFixture()
    override func tearDown() { fixture.remove() }

    /// A team "A" with Mia and Noah, and `count` sessions of both with a row in every table a session has.
    private func recorded(_ store: SidelineStore, sessions count: Int = 2, tags: [[String]] = []) throws -> (Team, [Int64], [Int64]) {
        let team = try store.createTeam(name: "A")
        let strap = try store.strap(address: "00:00:00:00:00:01", name: "one")
        let mia = try store.addPlayer(StoreFixture.player("Mia"), toTeam: team.id, shirtNumber: 7, strapID: strap.id)
        let noah = try store.addPlayer(StoreFixture.player("Noah"), toTeam: team.id, shirtNumber: 9)
        var ids: [Int64] = []
        for i in 0..<count {
            let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: strap.id),
                                                                               Participant(playerID: noah, strapID: nil)],
                                                 plannedDurationMs: 60_000, tags: i < tags.count ? tags[i] : [],
                                                 at: Date(timeIntervalSince1970: 1_800_000_000 + Double(i) * 3600))
            var b = SessionRecording.Batch()
            b.samples = [Sample(playerID: mia, strapID: strap.id, tMs: 0, bpm: 90, contact: .detected),
                         Sample(playerID: noah, strapID: strap.id, tMs: 0, bpm: 91, contact: .detected)]
            b.rrIntervals = [RRInterval(playerID: mia, tMs: 900, rr1024: 600)]
            b.strapEvents = [StrapEvent(strapID: strap.id, tMs: 0, kind: .battery, value: 90)]
            try SessionWriter(store: store, sessionID: session.id).commit(b, upToMs: 1000)
            try store.addLap(Lap(sessionID: session.id, tMs: 500))
            try store.cacheNNSeries(session.id, algorithm: "test", [mia: Data([1, 2, 3])])
            try store.cacheAverageBPM(session.id, algorithm: "test", 90.5)
            try store.saveChallenge(session.id, SessionChallenge(rule: .effortPoints, sides: [SessionChallenge.Side(name: "Mia", playerIDs: [mia]),
                                                                                         SessionChallenge.Side(name: "Noah", playerIDs: [noah])]))
            try store.endSession(session.id, at: Date(timeIntervalSince1970: 1_800_000_060 + Double(i) * 3600))
            try store.keepSessionLoads(session.id, algorithm: "test", [SessionLoadRecord(sessionID: session.id, playerID: mia, cardioLoad: 1.5,
                                                                                         zoneMs: [0, 60_000, 0, 0, 0, 0])])
            ids.append(session.id)
        }
        return (team, ids, [mia, noah])
    }

    private func rows(_ store: SidelineStore, session: Int64) throws -> [String: Int] {
        try store.database.read { db in
            var out: [String: Int] = [:]
            for table in ["sample_minute", "rr_minute", "strap_event", "lap", "nn_cache", "session_summary", "session_load", "session_challenge",
                          "session_challenge_player", "session_player"] {
                out[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE session_id = ?", arguments: [session])
            }
            out["session"] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session WHERE id = ?", arguments: [session])
            return out
        }
    }

    func testDeletingASessionTakesEveryRowOfItAndNothingElse() throws {
        let store = try fixture.open()
        let (_, ids, _) = try recorded(store)
        XCTAssertTrue(try rows(store, session: ids[0]).values.allSatisfy { $0 > 0 }, "every table has a row of the session")
        try store.deleteSession(ids[0])
        let left = try rows(store, session: ids[0])
        XCTAssertEqual(left.values.filter { $0 != 0 }, [], "\(left)")
        XCTAssertTrue(try rows(store, session: ids[1]).values.allSatisfy { $0 > 0 }, "the other session is untouched")
        XCTAssertThrowsError(try store.deleteSession(ids[0])) { XCTAssertEqual($0 as? StoreError, .unknownSession(ids[0])) }
    }

    /// One transaction: when the last step fails, nothing of the session is gone.
    func testADeleteThatFailsHalfwayLeavesEverything() throws {
        let store = try fixture.open()
        let (_, ids, _) = try recorded(store, sessions: 1)
        let before = try rows(store, session: ids[0])
        try store.database.write { try $0.execute(sql: "CREATE TRIGGER refuse BEFORE DELETE ON session BEGIN SELECT RAISE(ABORT, 'refused'); END") }
        XCTAssertThrowsError(try store.deleteSession(ids[0]))
        XCTAssertEqual(try rows(store, session: ids[0]), before)
    }

    func testTagsAreStoredRememberedPerTeamAndFilterExactly() throws {
        let store = try fixture.open()
        let (team, ids, _) = try recorded(store, sessions: 3, tags: [["match", "sitting"], ["matches"], []])
        XCTAssertEqual(try store.session(ids[0]).tags, ["match", "sitting"])
        XCTAssertEqual(try store.sessions(teamID: team.id, tag: "match").map(\.session.id), [ids[0]], "not 'matches'")
        XCTAssertEqual(try store.sessions(tag: "sitting").map(\.session.id), [ids[0]])
        XCTAssertEqual(try store.sessions(tag: "matches").map(\.session.id), [ids[1]])
        XCTAssertEqual(try store.sessions(teamID: team.id).count, 3)
        let overview = try XCTUnwrap(store.teams().first)
        XCTAssertEqual(overview.lastTags, [], "the last session had none")
        XCTAssertEqual(overview.sessionCount, 3)
        _ = try store.startSession(teamID: team.id, participants: [], plannedDurationMs: nil, tags: ["before-training", "test"])
        XCTAssertEqual(try store.teams().first?.lastTags, ["before-training", "test"])
    }

    func testEffortLengthLeavesTheRecoveryMinuteOut() throws {
        let store = try fixture.open()
        let (team, ids, _) = try recorded(store, sessions: 1)
        XCTAssertEqual(try store.sessions(teamID: team.id).first?.effortMs, 60_000, "no effort end stored: as planned")
        try store.setEffortEnd(ids[0], tMs: 45_000)
        XCTAssertEqual(try store.sessions(teamID: team.id).first?.effortMs, 45_000)
        let open = try store.startSession(teamID: team.id, participants: [], plannedDurationMs: nil)
        XCTAssertNil(try store.sessions(teamID: team.id).first { $0.session.id == open.id }?.effortMs, "open-ended and running")
    }

    func testTheAverageCacheGoesStaleWhenMoreIsCommitted() throws {
        let store = try fixture.open()
        let (_, ids, _) = try recorded(store, sessions: 1)
        XCTAssertEqual(try store.cachedAverageBPM(algorithm: "test"), [ids[0]: 90.5])
        XCTAssertEqual(try store.cachedAverageBPM(algorithm: "other"), [:])
        try SessionWriter(store: store, sessionID: ids[0]).commit(SessionRecording.Batch(), upToMs: 2000)
        XCTAssertEqual(try store.cachedAverageBPM(algorithm: "test"), [:])
        try store.cacheAverageBPM(ids[0], algorithm: "test", nil)
        let unknown: Double? = nil
        XCTAssertEqual(try store.cachedAverageBPM(algorithm: "test"), [ids[0]: unknown], "nobody had a heart rate: known, not missing")
        try store.cacheAverageBPM(999, algorithm: "test", 80)
        XCTAssertEqual(try store.cachedAverageBPM(algorithm: "test").count, 1, "no row for a session that is gone")
    }

    func testRenameAndRecolourATeam() throws {
        let store = try fixture.open()
        let a = try store.createTeam(name: "A")
        _ = try store.createTeam(name: "B")
        try store.renameTeam(a.id, to: "  U17 Girls ")
        try store.renameTeam(a.id, to: "u17 girls")
        XCTAssertEqual(try store.teams().map(\.team.name), ["B", "u17 girls"])
        XCTAssertThrowsError(try store.renameTeam(a.id, to: "b")) { XCTAssertEqual(($0 as? StoreError)?.description, "a team named 'b' already exists") }
        XCTAssertThrowsError(try store.renameTeam(a.id, to: " ")) { XCTAssertEqual(($0 as? StoreError)?.description, "a team needs a name") }
        XCTAssertThrowsError(try store.renameTeam(a.id, to: String(repeating: "x", count: 25)))
        XCTAssertThrowsError(try store.renameTeam(a.id, to: "two\nlines"))
        XCTAssertThrowsError(try store.renameTeam(99, to: "C")) { XCTAssertEqual($0 as? StoreError, .unknownTeam("#99")) }
        try store.setTeamColour(a.id, RGBColour(hex: "#43A047")!)
        XCTAssertEqual(try store.teams().first { $0.team.id == a.id }?.team.colour.hex, "#43A047")
    }

    func testDeletingATeamTakesItsSessionsAndLeavesItsPlayers() throws {
        let store = try fixture.open()
        let (team, ids, players) = try recorded(store)
        let other = try store.createTeam(name: "B")
        try store.addMembership(Membership(teamID: other.id, playerID: players[0], shirtNumber: 1))
        XCTAssertEqual(try store.teamDeletion(team.id), TeamDeletion(sessions: 2, players: 2, playersOnNoOtherTeam: 1))
        try store.deleteTeam(team.id)
        for id in ids { XCTAssertEqual(try rows(store, session: id).values.filter { $0 != 0 }, []) }
        XCTAssertEqual(try store.teams().map(\.team.name), ["B"])
        let everyone = try store.allPlayers()
        XCTAssertEqual(everyone.map(\.player.firstName), ["Mia", "Noah"], "the players stay")
        XCTAssertEqual(everyone.map(\.teams.count), [1, 0])
        XCTAssertEqual(everyone.map(\.sessions), [0, 0])
        XCTAssertThrowsError(try store.deleteTeam(team.id)) { XCTAssertEqual($0 as? StoreError, .unknownTeam("#\(team.id)")) }
    }

    func testAnExistingPlayerJoinsAnotherTeamWithAFreeNumber() throws {
        let store = try fixture.open()
        let (_, _, players) = try recorded(store, sessions: 1)
        let b = try store.createTeam(name: "B")
        XCTAssertEqual(try store.addExistingPlayer(players[0], toTeam: b.id), 7, "her number from A is free here")
        let ida = try store.addPlayer(StoreFixture.player("Ida"), toTeam: b.id, shirtNumber: 9)
        XCTAssertEqual(try store.addExistingPlayer(players[1], toTeam: b.id), 1, "Noah's 9 is taken: the lowest free one")
        XCTAssertThrowsError(try store.addExistingPlayer(players[1], toTeam: b.id)) {
            XCTAssertEqual(($0 as? StoreError)?.description, "that player is on this team already")
        }
        XCTAssertThrowsError(try store.addExistingPlayer(999, toTeam: b.id)) { XCTAssertEqual($0 as? StoreError, .unknownPlayer(999)) }
        XCTAssertEqual(try store.roster(teamID: b.id).map(\.playerID), [players[1], players[0], ida])
        let mia = try XCTUnwrap(store.allPlayers().first { $0.playerID == players[0] })
        XCTAssertEqual(mia.teams.map(\.name), ["A", "B"])
        XCTAssertEqual(mia.sessions, 1)
    }

    /// A simulated team's straps at every start (decision 104): new ones made with their names, known ones
    /// left as they are — a forgotten one stays forgotten, a renamed one keeps its name — and a second
    /// registration changes nothing.
    func testRegisteringStrapsMakesOnlyTheUnknownOnes() throws {
        let store = try fixture.open()
        let kept = try store.strap(address: "00:00:00:00:00:01", name: "kept")
        let forgotten = try store.strap(address: "00:00:00:00:00:03", name: "gone")
        try store.forgetStrap(address: forgotten.address)
        try store.registerStraps([("00:00:00:00:00:01", "sim 1"), ("00:00:00:00:00:02", "sim 2"), ("00:00:00:00:00:03", "sim 3"),
                                  ("aa:00:00:00:00:04", "sim 4")])
        let listed = try store.straps()
        XCTAssertEqual(listed.map(\.address), ["00:00:00:00:00:01", "00:00:00:00:00:02", "AA:00:00:00:00:04"])
        XCTAssertEqual(listed.map(\.name), ["kept", "sim 2", "sim 4"])
        XCTAssertEqual(listed.first?.id, kept.id)
        XCTAssertEqual(try store.strap(address: "00:00:00:00:00:03", name: "x").id, forgotten.id, "the forgotten one was not made again")
        try store.registerStraps([("00:00:00:00:00:02", "again"), ("AA:00:00:00:00:04", "again")])
        XCTAssertEqual(try store.straps(), listed)
    }

    func testAForgottenStrapLeavesListsAndTeamsButNotThePast() throws {
        let store = try fixture.open()
        let (team, ids, players) = try recorded(store, sessions: 1)
        let passerBy = try store.strap(address: "00:00:00:00:00:09", name: "Polar H10 9")
        XCTAssertEqual(try store.strapOverviews().map(\.strap.name), ["one", "Polar H10 9"])
        XCTAssertEqual(try store.strapOverviews().first?.wearers.map(\.playerName), ["Mia Test"])
        XCTAssertEqual(try store.strapOverviews().first?.sessions, 1)

        let forgotten = try store.forgetStrap(address: "00:00:00:00:00:01")
        XCTAssertEqual(forgotten.unassigned.map(\.teamName), ["A"])
        XCTAssertEqual(try store.straps().map(\.address), ["00:00:00:00:00:09"], "the source's table leaves it out")
        XCTAssertEqual(try store.strapOverviews().map(\.strap.name), ["Polar H10 9"])
        XCTAssertNil(try store.roster(teamID: team.id).first?.strap, "Mia has no strap now")
        XCTAssertEqual(try store.samples(ids[0]).count, 2, "its heart rates stay")
        XCTAssertEqual(try store.strapAddresses()[forgotten.strap.id], "00:00:00:00:00:01", "exports still name it")
        XCTAssertThrowsError(try store.forgetStrap(address: "00:00:00:00:00:01")) {
            XCTAssertEqual($0 as? StoreError, .unknownStrap("00:00:00:00:00:01"))
        }

        // Heard again by a pairing scan: still forgotten. Paired: known again.
        XCTAssertEqual(try store.strap(address: "00:00:00:00:00:01", name: "one").id, forgotten.strap.id)
        XCTAssertEqual(try store.straps().count, 1)
        try store.assignStrap(forgotten.strap.id, teamID: team.id, playerID: players[1])
        XCTAssertEqual(try store.straps().count, 2)

        // A roster naming a forgotten strap brings it back too.
        try store.forgetStrap(address: passerBy.address.lowercased())
        _ = try store.importRoster([RosterCSV.Row(line: 1, shirtNumber: 3, player: StoreFixture.player("Ida"),
                                                  strapAddress: passerBy.address, strapName: nil)], teamNamed: "C")
        XCTAssertEqual(try store.straps().count, 2)
    }

    func testSightingsKeepTheNewestAndTheLastBattery() throws {
        let store = try fixture.open()
        let strap = try store.strap(address: "00:00:00:00:00:01", name: "one")
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        try store.noteStraps([.init(strapID: strap.id, battery: 80, seen: t)])
        try store.noteStraps([.init(strapID: strap.id, battery: nil, seen: t.addingTimeInterval(60))])
        try store.noteStraps([.init(strapID: strap.id, battery: 10, seen: t.addingTimeInterval(-60))])
        let noted = try XCTUnwrap(store.straps().first)
        XCTAssertEqual(noted.lastBattery, 80, "no battery in a sighting keeps the last one; an older sighting changes nothing")
        XCTAssertEqual(noted.lastSeen, t.addingTimeInterval(60))
    }

    func testWhatAStrapSaysOfItselfIsKeptAndNotForgottenByASilentConnection() throws {
        let store = try fixture.open()
        _ = try store.strap(address: "00:00:00:00:00:01", name: "one")
        try store.describeStraps([("00:00:00:00:00:01", "wrist", "Polar Electro Oy"), ("00:00:00:00:00:99", "chest", nil)])
        XCTAssertEqual(try store.straps().first?.sensorText, "wrist · Polar Electro Oy")
        try store.describeStraps([("00:00:00:00:00:01", "chest", nil)])
        let strap = try XCTUnwrap(store.strapOverviews().first?.strap)
        XCTAssertEqual([strap.bodyLocation, strap.manufacturer], ["chest", "Polar Electro Oy"], "a name not read this time stays")
        XCTAssertEqual(try store.straps().count, 1, "an unknown address is not made up")
    }

    func testAVersion5DatabaseUpgradesWithNothingForgottenAndNoTags() throws {
        let queue = try DatabaseQueue(path: fixture.path)
        try Schema.migrator.migrate(queue, upTo: "v5-covering-read-indexes")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO team(id, name, colour, created_ms) VALUES (1, 'Old', '#123456', 0)")
            try db.execute(sql: "INSERT INTO strap(id, address, name) VALUES (1, '00:00:00:00:00:01', 'one')")
        }
        try queue.close()
        let store = try fixture.open()
        XCTAssertEqual(try store.teams().first?.lastTags, [])
        XCTAssertEqual(try store.straps().count, 1)
        XCTAssertNil(try store.straps().first?.sensorText, "nothing said yet")
    }
}

import ClubProtocol
import ClubSync
import Foundation
import GRDB
import Store
import TeamCore
import XCTest

/// Every path that writes the roster queues its edit, in the same transaction (the schema's
/// triggers), and applying the club's changes queues nothing.
final class ChangeCaptureTests: XCTestCase {
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    func testEveryRosterPathQueuesItsEdit() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        XCTAssertEqual(try fixture.queued(), ["team colour", "team deleted", "team name"])
        try fixture.clearQueue()

        try store.renameTeam(team.id, to: "U17 Girls")
        try store.setTeamColour(team.id, RGBColour(hex: "#43A047")!)
        XCTAssertEqual(try fixture.queued(), ["team colour", "team name"])
        try fixture.clearQueue()

        let mia = try store.addPlayer(ClubSyncFixture.player("Mia"), toTeam: team.id, shirtNumber: 7)
        XCTAssertEqual(try fixture.queued(), ["membership deleted", "membership shirtNumber", "membership strap"]
                       + ["birthYear", "consent", "deleted", "firstName", "lastName", "maxHR", "restingHR", "sex", "weightKg"].map { "player \($0)" })
        try fixture.clearQueue()

        var heavier = ClubSyncFixture.player("Mia")
        heavier.weightKg = 60
        try store.updatePlayer(mia, heavier)
        XCTAssertEqual(try fixture.queued(), ["player weightKg"], "only the field that changed")
        try fixture.clearQueue()

        try store.setPlayerPhotos([(mia, [0xFF, 0xD8, 0xFF, 0xE0, 1, 2])])
        // An upsert while the field waits already (inside a trigger, the upsert's conflict handling rules).
        try store.setPlayerPhotos([(mia, [0xFF, 0xD8, 0xFF, 0xE0, 3, 4])])
        try store.deletePlayerPhoto(mia)
        XCTAssertEqual(try fixture.queued(), ["player photo"])
        try fixture.clearQueue()

        let strap = try store.strap(address: "A0:9E:1A:00:00:07", name: "Polar H10")
        XCTAssertEqual(try fixture.queued(), ["strap address", "strap deleted", "strap name"])
        try fixture.clearQueue()
        try store.assignStrap(strap.id, teamID: team.id, playerID: mia)
        try store.setStrapLabel(address: strap.address, label: "Box A 7")
        XCTAssertEqual(try fixture.queued(), ["membership strap", "strap name"])
        try fixture.clearQueue()
        _ = try store.forgetStrap(address: strap.address)
        XCTAssertEqual(try fixture.queued(), ["membership strap", "strap deleted"])
        try fixture.clearQueue()

        try store.saveKioskSetting("zoneModel", ZoneModel.heartRateReserve.rawValue)
        try store.saveKioskSetting("zoneModel", ZoneModel.percentOfMax.rawValue)
        try store.saveKioskSetting("maxFormula", MaxHeartRateFormula.fox.rawValue)
        try store.saveKioskSetting("soundOn", "no")
        try store.saveKioskSetting("loadStatusRatios", "0.7,0.9,1.3")
        try store.saveKioskSetting("seasonStart", "07-15")
        XCTAssertEqual(try fixture.queued(), ["settings loadStatusRatios", "settings maxHRFormula", "settings seasonStart", "settings zoneModel"],
                       "only the settings a club shares")
        try fixture.clearQueue()

        // `sideline import-roster`.
        guard case .success(let rows) = RosterCSV.parse("9,Ola,Nord,2008,M,71,55,,A0:9E:1A:00:00:09\n") else { return XCTFail("the CSV") }
        try store.importRoster(rows, teamNamed: "U19")
        XCTAssertEqual(Set(try fixture.queued()), Set(["team colour", "team deleted", "team name", "strap address", "strap deleted", "strap name",
                                                       "membership deleted", "membership shirtNumber", "membership strap"]
                                                      + RosterSchema.fields(of: .player).filter { $0 != "photo" }.map { "player \($0)" }))
        try fixture.clearQueue()

        try store.removeMembership(teamID: team.id, playerID: mia)
        try store.erasePlayer(mia, by: "test")
        try store.deleteTeam(team.id)
        XCTAssertEqual(try fixture.queued(), ["team deleted"], "an erasure is a record of its own: no roster edit keeps the player's UUID")
    }

    func testTheQueuedValueIsTheFieldAsItIsWhenPushed() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        try store.renameTeam(team.id, to: "U17 Girls")
        let (edits, refused) = try store.pendingRosterEdits(origin: "kiosk:test")
        XCTAssertEqual(refused.count, 0)
        XCTAssertEqual(edits.first { $0.field == "name" }?.value, .string("U17 Girls"))
        XCTAssertEqual(edits.first { $0.field == "deleted" }?.value, .bool(false))
        XCTAssertTrue(edits.allSatisfy { $0.stamp.origin == "kiosk:test" && $0.key == team.uuid!.uuidString.lowercased() })
        // Pushed, then edited again before the answer: the newer edit stays queued.
        try store.setTeamColour(team.id, RGBColour(hex: "#000000")!)
        try store.removeRosterEdits(edits)
        XCTAssertEqual(try fixture.queued(), ["team colour"])
    }

    func testEditsAreStampedByTheClubsClock() throws {
        let store = try fixture.open()
        // The server's clock is ten minutes ahead of this kiosk's: the offset measured at the last sync.
        let now = Date().unixMs
        try store.saveClubClock(HybridLogicalClock(origin: "kiosk:test", offsetMs: 600_000))
        let team = try store.createTeam(name: "U17")
        let stamps = try store.pendingRosterEdits(origin: "kiosk:test").edits.map(\.stamp)
        XCTAssertEqual(Set(stamps).count, 1, "one edit, one stamp")
        // SQLite's clock counts whole milliseconds (truncated); `unixMs` rounds: 1 ms apart at most.
        XCTAssertGreaterThanOrEqual(stamps[0].wallMs, now + 600_000 - 1)
        XCTAssertLessThan(stamps[0].wallMs, Date().unixMs + 600_000 + 1000)
        // A stamp seen from the club later than the clock: the next edit is stamped after it, as HybridLogicalClock says.
        let future = HybridTimestamp(wallMs: now + 3_600_000, counter: 5, origin: "web:x")
        var clock = try store.clubSyncState().clock(origin: "kiosk:test")
        clock.observe(future)
        try store.saveClubClock(clock)
        try store.renameTeam(team.id, to: "U17 Girls")
        let renamed = try XCTUnwrap(try store.pendingRosterEdits(origin: "kiosk:test").edits.first { $0.field == "name" })
        XCTAssertEqual(renamed.stamp.wallMs, future.wallMs)
        XCTAssertEqual(renamed.stamp.counter, future.counter + 1)
        var expected = clock
        XCTAssertEqual(expected.stamp(localMs: now).wallMs, renamed.stamp.wallMs, "the trigger's stamp is HybridLogicalClock's")
    }

    /// Stamps a fast clock took before the club's time was known do not hold the clock ahead once a
    /// sync has measured it: the next edit is stamped by the server's time.
    func testAFastClocksEarlierStampsDoNotHoldTheClockAheadAfterASync() throws {
        let store = try fixture.open()
        let now = Date().unixMs
        try store.saveClubClock(HybridLogicalClock(origin: "kiosk:test", last: HybridTimestamp(wallMs: now + 600_000, origin: "")))
        var clock = try store.clubSyncState().clock(origin: "kiosk:test")
        clock.observeServer(timeMs: now, sentMs: now + 600_000, receivedMs: now + 600_000)
        try store.saveClubClock(clock)
        _ = try store.createTeam(name: "U17")
        let stamps = try store.pendingRosterEdits(origin: "kiosk:test").edits.map(\.stamp.wallMs)
        XCTAssertFalse(stamps.isEmpty)
        XCTAssertLessThan(stamps.max()!, Date().unixMs + HybridLogicalClock.maxAheadMs)
    }

    /// Consent on file (decision 075): one roster field both ways, refused when it cannot be; a session with a
    /// player without it is held, whole, while the club requires it, and goes once they have it.
    func testConsentTravelsAsOneFieldAndHoldsTheSessionsOfThoseWithout() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U12")
        let mia = try store.addPlayer(ClubSyncFixture.player("Mia"), toTeam: team.id, shirtNumber: 7)
        let ola = try store.addPlayer(ClubSyncFixture.player("Ola"), toTeam: team.id, shirtNumber: 9)
        try fixture.clearQueue()
        let today = CalendarDay(year: 2026, month: 11, day: 29)
        let given = Consent(day: CalendarDay(year: 2026, month: 9, day: 1), givenBy: "Anna Berg")
        try store.setConsent(given, playerID: mia, today: today)
        XCTAssertEqual(try fixture.queued(), ["player consent"])
        let pushed = try store.pendingRosterEdits(origin: "kiosk:test").edits
        XCTAssertEqual(pushed.map(\.value), [.string("2026-09-01 Anna Berg")])
        XCTAssertThrowsError(try store.setConsent(Consent(day: today.adding(days: 2), givenBy: "Anna Berg"), playerID: mia, today: today))
        XCTAssertThrowsError(try store.setConsent(Consent(day: today, givenBy: String(repeating: "x", count: 10_000)), playerID: mia, today: today))
        XCTAssertEqual(try store.player(id: mia)?.consent, given, "a refused consent changes nothing")

        let session = try store.startSession(teamID: team.id, participants: [mia, ola].map { Participant(playerID: $0, strapID: nil) }, plannedDurationMs: 60_000)
        try store.endSession(session.id)
        XCTAssertEqual(try store.sessionsAwaitingUpload().count, 1, "not required: it goes")
        try store.saveKioskSetting("requireConsent", "1")
        XCTAssertEqual(try fixture.queued().filter { $0.hasPrefix("settings") }, ["settings requireConsent"], "shared with the club")
        XCTAssertEqual(try store.sessionsAwaitingUpload(), [], "Ola has none: the whole session stays")
        XCTAssertEqual(try store.clubOutboxCounts().sessions, 0)
        XCTAssertEqual(try store.consentHolds(), [ConsentHold(playerID: ola, name: "Ola Berg", teams: ["U12 #9"], sessions: 1)])

        // The club records Ola's consent: pulled, it lets the session go; the club clears Mia's.
        let olaKey = try XCTUnwrap(store.player(id: ola)?.uuid).uuidString.lowercased()
        let miaKey = try XCTUnwrap(store.player(id: mia)?.uuid).uuidString.lowercased()
        let later = HybridTimestamp(wallMs: Date().unixMs + 60_000, origin: "web:x")
        _ = try store.applyClubChanges([RosterChange(seq: 1, entity: .player, key: olaKey, field: "consent", value: .string("2026-10-02 the player"), stamp: later),
                                        RosterChange(seq: 2, entity: .player, key: miaKey, field: "consent", value: .null, stamp: later)],
                                       lastSeq: 2, clock: HybridLogicalClock(origin: "kiosk:test"))
        XCTAssertEqual(try store.player(id: ola)?.consent, Consent(day: CalendarDay(year: 2026, month: 10, day: 2), givenBy: Consent.byThePlayer))
        XCTAssertNil(try store.player(id: mia)?.consent)
        XCTAssertEqual(try store.consentHolds().map(\.name), ["Mia Berg"])
        try store.setConsent(given, playerID: mia, today: today)
        XCTAssertEqual(try store.sessionsAwaitingUpload().map(\.sessionID), [session.id], "everyone has consent: it goes")
        XCTAssertEqual(try store.consentHolds(), [])
        XCTAssertNotNil(RosterSchema.problem(with: RosterEdit(entity: .player, key: miaKey, field: "consent", value: .string("2026-13-01 Anna"), stamp: later)))
        XCTAssertNotNil(RosterSchema.problem(with: RosterEdit(entity: .player, key: miaKey, field: "consent", value: .string("2026-09-01 "), stamp: later)))
    }

    func testApplyingTheClubsChangesQueuesNothingAndKeepsALaterLocalEdit() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        let key = team.uuid!.uuidString.lowercased()
        let player = UUID().uuidString.lowercased()
        try fixture.clearQueue()
        try store.renameTeam(team.id, to: "Ours")  // queued, stamped now
        let past = HybridTimestamp(wallMs: 1_000, origin: "web:x"), later = HybridTimestamp(wallMs: Date().unixMs + 60_000, origin: "web:x")
        let changes = [
            RosterChange(seq: 1, entity: .team, key: key, field: "name", value: .string("Theirs"), stamp: past),
            RosterChange(seq: 2, entity: .team, key: key, field: "colour", value: .string("#43A047"), stamp: past),
            RosterChange(seq: 3, entity: .player, key: player, field: "firstName", value: .string("Zoë"), stamp: past),
            RosterChange(seq: 4, entity: .player, key: player, field: "weightKg", value: .number(61.5), stamp: past),
            RosterChange(seq: 5, entity: .membership, key: "\(key)/\(player)", field: "shirtNumber", value: .integer(10), stamp: past),
        ]
        let outcome = try store.applyClubChanges(changes, lastSeq: 5, clock: HybridLogicalClock(origin: "kiosk:test"))
        XCTAssertEqual(outcome.keptLocal, 1)
        XCTAssertEqual(try store.teams().map(\.team.name), ["Ours"], "the later local edit stands")
        XCTAssertEqual(try store.teams().map(\.team.colour.hex), ["#43A047"])
        XCTAssertEqual(try store.roster(teamID: team.id).map { "\($0.shirtNumber) \($0.player.firstName) \($0.player.weightKg)" }, ["10 Zoë 61.5"])
        XCTAssertEqual(try fixture.queued(), ["team name"], "nothing pulled is queued; the local edit still is")
        XCTAssertEqual(try store.clubSyncState().rosterSeq, 5)
        // A later edit from the club wins over the queued one, which leaves the outbox.
        _ = try store.applyClubChanges([RosterChange(seq: 6, entity: .team, key: key, field: "name", value: .string("Theirs"), stamp: later)],
                                       lastSeq: 6, clock: HybridLogicalClock(origin: "kiosk:test"))
        XCTAssertEqual(try store.teams().map(\.team.name), ["Theirs"])
        XCTAssertEqual(try fixture.queued(), [])
        XCTAssertGreaterThanOrEqual(try store.clubSyncState().lastWallMs, later.wallMs, "the clock saw the club's stamp")
    }

    func testTheClubsDeletionsTakeRosterRowsButNeverRecordedData() throws {
        let store = try fixture.open()
        let team = try store.createTeam(name: "U17")
        let mia = try store.addPlayer(ClubSyncFixture.player("Mia"), toTeam: team.id, shirtNumber: 7)
        let ola = try store.addPlayer(ClubSyncFixture.player("Ola"), toTeam: team.id, shirtNumber: 9)
        let ida = try store.addPlayer(ClubSyncFixture.player("Ida"), toTeam: team.id, shirtNumber: 11)
        // Ida took part in no session but answered the morning wellness: her answers are recorded data too.
        try store.recordWellness(teamID: team.id, number: 11, day: CalendarDay(Date(), in: .current),
                                 answers: WellnessAnswers(fatigue: 3, sleep: 3, soreness: 3, stress: 3, mood: 3))
        let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: nil)], plannedDurationMs: nil)
        try store.endSession(session.id)
        let key = { (id: Int64) in try store.player(id: id)!.uuid!.uuidString.lowercased() }
        let stamp = HybridTimestamp(wallMs: Date().unixMs + 60_000, origin: "web:x")
        let deletions = [
            RosterChange(seq: 1, entity: .player, key: try key(mia), field: "deleted", value: .bool(true), stamp: stamp),
            RosterChange(seq: 2, entity: .player, key: try key(ola), field: "deleted", value: .bool(true), stamp: stamp),
            RosterChange(seq: 3, entity: .player, key: try key(ida), field: "deleted", value: .bool(true), stamp: stamp),
            RosterChange(seq: 4, entity: .team, key: team.uuid!.uuidString.lowercased(), field: "deleted", value: .bool(true), stamp: stamp),
        ]
        let outcome = try store.applyClubChanges(deletions, lastSeq: 4, clock: HybridLogicalClock(origin: "kiosk:test"))
        XCTAssertEqual(outcome.notes.count, 3, "\(outcome.notes)")
        XCTAssertNil(try store.player(id: ola), "a player without sessions goes")
        XCTAssertNotNil(try store.player(id: mia), "a player who took part in a session stays")
        XCTAssertNotNil(try store.player(id: ida), "a player with wellness answers stays")
        XCTAssertEqual(try store.wellnessEntries(playerIDs: [ida])[ida]?.count, 1)
        XCTAssertEqual(try store.roster(teamID: team.id).count, 0)
        XCTAssertEqual(try store.sessions().count, 1, "the session stays")
        // An edit of a deleted record does not bring it back; its `deleted` set to false does.
        let later = HybridTimestamp(wallMs: stamp.wallMs + 1, origin: "web:x")
        _ = try store.applyClubChanges([RosterChange(seq: 5, entity: .player, key: try key(mia), field: "firstName", value: .string("Mía"), stamp: later)],
                                       lastSeq: 5, clock: HybridLogicalClock(origin: "kiosk:test"))
        XCTAssertEqual(try store.player(id: mia)?.firstName, "Mía", "kept here, so edited")
        let gone = UUID().uuidString.lowercased()
        _ = try store.applyClubChanges([RosterChange(seq: 6, entity: .player, key: gone, field: "deleted", value: .bool(true), stamp: later),
                                        RosterChange(seq: 7, entity: .player, key: gone, field: "firstName", value: .string("X"), stamp: later)],
                                       lastSeq: 7, clock: HybridLogicalClock(origin: "kiosk:test"))
        XCTAssertEqual(try fixture.sql("SELECT count(*) FROM player WHERE uuid = '\(gone)'", as: Int.self), [0])
    }
}

import AppCore
import Foundation
@testable import Kiosk
import Recording
import SensorHub
import SensorSimulation
import Store
import Localization
import TeamCore
import XCTest

/// The kiosk without a display: its runtime driven as the loop drives it, on a real source whose
/// clock moves only when the test says, over a temporary store. What the coach sees and what is
/// stored must agree, because both come through the one pump.
final class KioskRuntimeTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sideline-kiosk-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A store with a team of `players` simulated players (their straps stored in roster order).
    private func store(players: Int = 4) throws -> (SidelineStore, Team) {
        let store = try SidelineStore(path: folder + "/kiosk.sqlite")
        let squad = SimulatedTeam(count: players, seed: 7)
        let rows = squad.members.enumerated().map { i, m in
            RosterCSV.Row(line: i + 1, shirtNumber: m.shirtNumber, player: m.player, strapAddress: m.strap.address, strapName: m.strap.name)
        }
        return (store, try store.importRoster(rows, teamNamed: "Eagles"))
    }

    private func runtime(_ store: SidelineStore, _ source: KioskSource) throws -> KioskRuntime {
        let runtime = KioskRuntime(store: store, source: source, wake: CountingWake(), wallClockBase: Date(timeIntervalSince1970: 1_773_509_400),
                                   exportDirectory: folder + "/export")
        try runtime.start()
        return runtime
    }

    /// As the loop does it: the clock moves in 100 ms frames, each pumping and committing.
    private func run(_ runtime: KioskRuntime, seconds: Double) {
        for _ in 0..<Int(seconds * 10) {
            XCTAssertTrue(runtime.advanceSteppedClock(byNs: 100_000_000))
            runtime.update()
            runtime.commitRecording()
        }
    }

    /// The heart rates the pump handed to the reducer.
    private final class Tally: KioskObserver {
        var measurements: [SensorEvent] = []
        func pumped(_ event: SensorEvent) {
            if event.kind == .measurement { measurements.append(event) }
        }
    }

    func testASessionStoresEveryReadingTheTilesWereShownAndItsEffortEnd() throws {
        let (store, team) = try store()
        let stepped = SteppedSimulatedSource(team: SimulatedTeam(count: 4, seed: 7), seed: 7)
        let runtime = try runtime(store, .stepped(stepped, description: Message("test")))
        runtime.dispatch(.teams(.pick(team.id)))
        run(runtime, seconds: 3)
        runtime.dispatch(.lobby(.chooseDuration(60_000)))
        runtime.dispatch(.live(.start))
        let tally = Tally()
        runtime.sources.observer = tally
        let start = try XCTUnwrap(runtime.recorder?.start)
        let sessionID = start.sessionID
        XCTAssertEqual(runtime.state.live?.sessionID, sessionID)
        XCTAssertEqual(runtime.state.live?.clock.startMs, runtime.recorder?.start.ms, "the countdown counts from the recorder's start")
        run(runtime, seconds: 60.5) // the countdown ends the effort; the recovery minute begins
        XCTAssertEqual(runtime.state.live?.phase, .recovery)
        run(runtime, seconds: 60.5)
        XCTAssertEqual(runtime.state.live?.phase, .finished, "the recovery minute is recorded")
        XCTAssertNil(runtime.recorder)
        runtime.dispatch(.live(.save))

        let session = try store.session(sessionID)
        XCTAssertEqual(session.state, .ended)
        XCTAssertEqual(session.effortEndMs, 60_000)
        let endOffsetMs = try XCTUnwrap(session.endedAt).timeIntervalSince(session.startedAt) * 1000
        XCTAssertEqual(endOffsetMs, 120_000, accuracy: 150, "recorded through the recovery minute")
        // Every heart rate the tiles were handed between the session's start and its end is a stored
        // sample, at its time on the session's clock, and nothing else is.
        let shown = tally.measurements
            .filter { $0.timestampNs >= start.ns && Double(start.offsetMs($0.timestampNs)) <= endOffsetMs }
            .map { [Int64($0.strap.rawValue), start.offsetMs($0.timestampNs), Int64($0.bpm)] }
        // The strap table is the store's straps in order.
        let indexOfStrap = Dictionary(uniqueKeysWithValues: try store.straps().enumerated().map { ($1.id, Int64($0)) })
        let stored = try store.samples(sessionID).map { [indexOfStrap[$0.strapID]!, $0.tMs, Int64($0.bpm)] }
        XCTAssertGreaterThan(stored.count, 4 * 100)
        XCTAssertEqual(stored.sorted { $0.lexicographicallyPrecedes($1) }, shown.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// Issue 24: a readiness check through the runtime — the simulated players keep still, the check ends
    /// at its length without a recovery minute, its results come from the store, and saving opens the
    /// season with the check in it.
    func testAReadinessCheckRecordsReadsItsResultsAndIsSavedIntoTheSeason() throws {
        let (store, team) = try store()
        let stepped = SteppedSimulatedSource(team: SimulatedTeam(count: 4, seed: 7), seed: 7)
        let runtime = try runtime(store, .stepped(stepped, description: Message("test")))
        runtime.dispatch(.teams(.pick(team.id)))
        run(runtime, seconds: 3)
        runtime.dispatch(.lobby(.readiness(.open(true))))
        runtime.dispatch(.lobby(.readiness(.length(120_000))))
        runtime.dispatch(.lobby(.readiness(.posture(.lying))))
        runtime.dispatch(.live(.startReadinessCheck))
        let sessionID = try XCTUnwrap(runtime.recorder?.start.sessionID)
        run(runtime, seconds: 60)
        XCTAssertEqual(runtime.state.live?.phase, .running)
        XCTAssertNil(runtime.state.live?.readinessResults)
        run(runtime, seconds: 60.5)
        XCTAssertNil(runtime.recorder, "no recovery minute after a check")
        let live = try XCTUnwrap(runtime.state.live)
        XCTAssertEqual(live.phase, .finished)
        let results = try XCTUnwrap(live.readinessResults)
        XCTAssertEqual(results.count, 4)
        XCTAssertTrue(results.allSatisfy { $0.lnRMSSD != nil && $0.status.text == "building baseline" }, "a first check: no baseline yet")
        // Kept still: the heart settled near its resting rate.
        let roster = Dictionary(uniqueKeysWithValues: try store.roster(teamID: team.id).map { ($0.playerID, $0.player.restingHR) })
        for r in results { XCTAssertEqual(try XCTUnwrap(r.restingBPM), Double(roster[r.playerID]!), accuracy: 12, r.name) }
        let session = try store.session(sessionID)
        XCTAssertEqual(session.tags, ["readiness", "lying"])
        XCTAssertEqual(session.effortEndMs, 120_000)
        runtime.dispatch(.live(.save))
        XCTAssertEqual(runtime.state.screen, .season)
        let lines = try XCTUnwrap(runtime.state.season.table?.lines)
        XCTAssertEqual(lines.map(\.readiness.text), Array(repeating: "building baseline", count: 4))
        XCTAssertEqual(lines.map(\.loadToday), [0, 0, 0, 0], "a check is no training load")
        XCTAssertEqual(try store.teams().first?.lastTags, [], "nor the team's next tags")
    }

    func testFinishingTakesWhatIsStillInTheRingToTheRecorderAndTheTiles() throws {
        let (store, team) = try store(players: 2)
        let stepped = SteppedSimulatedSource(team: SimulatedTeam(count: 2, seed: 7), seed: 7)
        let runtime = try runtime(store, .stepped(stepped, description: Message("test")))
        runtime.dispatch(.teams(.pick(team.id)))
        run(runtime, seconds: 3)
        runtime.dispatch(.lobby(.chooseDuration(nil)))
        runtime.dispatch(.live(.start))
        let sessionID = try XCTUnwrap(runtime.recorder?.start.sessionID)
        run(runtime, seconds: 10)
        runtime.dispatch(.live(.stop))
        runtime.dispatch(.live(.confirmStop))
        // Five seconds of heart rates reach the ring, but no frame drains it before the coach saves.
        XCTAssertTrue(runtime.advanceSteppedClock(byNs: 5_000_000_000))
        let nowMs = runtime.nowMs
        runtime.dispatch(.live(.save))
        let lastSample = try store.samples(sessionID).map(\.tMs).max() ?? 0
        XCTAssertGreaterThan(lastSample, 14_000, "the last seconds are stored")
        let lastShown = runtime.state.sensors.readings.values.compactMap(\.lastReadingMs).max() ?? 0
        XCTAssertGreaterThan(lastShown, nowMs - 1500, "and the readings show them too")
        let session = try store.session(sessionID)
        XCTAssertEqual(try XCTUnwrap(session.endedAt).timeIntervalSince(session.startedAt), 15, accuracy: 0.2,
                       "ended when saved, on the session's clock")
    }

    func testTheSourceIsToldWhichStrapsToKeepOnceForEachChange() throws {
        let (store, team) = try store(players: 3)
        let source = ScriptedSource()
        let runtime = try runtime(store, KioskSource(source: source, kind: .bluetooth, description: Message("scripted")))
        XCTAssertEqual(source.straps.count, 3, "every stored strap, in store order")
        source.advance(byMs: 600)
        runtime.update()
        XCTAssertEqual(source.told, [.only([])], "the team picker shows no heart rates")
        runtime.dispatch(.teams(.pick(team.id)))
        for _ in 0..<4 {
            source.advance(byMs: 600)
            runtime.update()
        }
        XCTAssertEqual(source.told, [.only([]), .only([0, 1, 2])], "the team's straps, told once")
        runtime.dispatch(.navigate(.setup))
        runtime.dispatch(.setup(.tab(.straps)))
        source.advance(byMs: 600)
        runtime.update()
        XCTAssertEqual(source.told.last, .all, "pairing: any strap may connect")
    }

    func testASourceProblemStandsUntilSolved() throws {
        let (store, _) = try store(players: 1)
        let source = ScriptedSource()
        let runtime = try runtime(store, KioskSource(source: source, kind: .bluetooth, description: Message("scripted")))
        runtime.update() // the first frame asks at once
        source.setProblem("Bluetooth hci0 lost, retrying")
        source.advance(byMs: 100)
        runtime.update()
        XCTAssertNil(runtime.state.sensors.problem, "asked twice a second, not every frame")
        source.advance(byMs: 500)
        runtime.update()
        XCTAssertEqual(runtime.state.shownNotice, "Bluetooth hci0 lost, retrying")
        source.setProblem(nil)
        source.advance(byMs: 500)
        runtime.update()
        XCTAssertNil(runtime.state.sensors.problem)
        XCTAssertEqual(runtime.state.notice?.english, AppState.sourceBackNotice)
    }

    func testHeartRatesReachTheReadingsOnTheAppsClock() throws {
        let (store, _) = try store(players: 2)
        let source = ScriptedSource()
        let runtime = try runtime(store, KioskSource(source: source, kind: .bluetooth, description: Message("scripted")))
        source.advance(byMs: 2000)
        source.heartRate(strap: 1, bpm: 142)
        runtime.update()
        XCTAssertEqual(runtime.state.sensors.readings[1]?.bpm, 142)
        XCTAssertEqual(runtime.state.sensors.readings[1]?.lastReadingMs, 2000)
        XCTAssertEqual(runtime.state.nowMs, 2000)
    }

    /// The strap list's "last seen" and battery: what the pump handed on is noted in the store every
    /// half minute of the app's clock, and once more when the kiosk stops.
    func testStrapsHeardAreNotedInTheStoreEveryHalfMinuteAndAtShutdown() throws {
        let (store, _) = try store(players: 2)
        let source = ScriptedSource()
        let runtime = try runtime(store, KioskSource(source: source, kind: .bluetooth, description: Message("scripted")))
        func seen() throws -> [String: Strap] {
            Dictionary(uniqueKeysWithValues: try store.strapOverviews().map { ($0.strap.address, $0.strap) })
        }
        let addresses = source.straps.map(\.address)
        source.advance(byMs: 1000)
        source.heartRate(strap: 0, bpm: 120)
        source.battery(strap: 0, percent: 80)
        runtime.update()
        XCTAssertNil(try seen()[addresses[0]]?.lastSeen, "not due before half a minute")
        source.advance(byMs: 29_000)
        runtime.update()
        let noted = try seen()
        XCTAssertEqual(noted[addresses[0]]?.lastSeen, runtime.wallClock.addingTimeInterval(-29), "dated when it was heard")
        XCTAssertEqual(noted[addresses[0]]?.lastBattery, 80)
        XCTAssertNil(noted[addresses[1]]?.lastSeen, "never heard")

        source.advance(byMs: 5000)
        source.heartRate(strap: 1, bpm: 90)
        runtime.update()
        XCTAssertNil(try seen()[addresses[1]]?.lastSeen)
        runtime.shutdown()
        XCTAssertEqual(try seen()[addresses[1]]?.lastSeen, runtime.wallClock, "noted as the kiosk stops")
    }

    /// Switching source (Settings → Heart rates): what the old source pushed before it stopped takes
    /// the path every event takes — the observer, the strap list's sightings, the reducer — before
    /// the chosen source starts. (The recorder is not on it: a switch waits for the session's end.)
    func testSwitchingSourceTakesTheOldSourcesLastEventsTheWayEveryEventGoes() throws {
        let store = try SidelineStore(path: folder + "/kiosk.sqlite")
        // Not the simulated team's addresses: the simulated source the switch starts adds its own straps.
        let ours = ["C0:FF:EE:00:00:01", "C0:FF:EE:00:00:02"]
        for (i, address) in ours.enumerated() { try store.strap(address: address, name: "Strap \(i + 1)") }
        let source = ScriptedSource()
        let runtime = try runtime(store, KioskSource(source: source, kind: .bluetooth, description: Message("scripted")))
        runtime.sources.factory = KioskSourceFactory(launchBluetooth: [], simulatedCount: 2, seed: 7, bluetooth: BluetoothSetup(), store: store)
        let tally = Tally()
        runtime.sources.observer = tally
        source.advance(byMs: 1000)
        source.heartRate(strap: 0, bpm: 122)
        runtime.update() // a frame takes it; the sightings are noted only every half minute
        source.advance(byMs: 1000)
        source.heartRate(strap: 1, bpm: 131)
        source.battery(strap: 1, percent: 64)
        // No frame drains the ring before the coach switches; the simulated straps the switch adds to
        // the store sort before ours, so the strap table the new source starts on is in another order.
        runtime.sources.switchSource(to: .simulated)
        XCTAssertFalse(source.isRunning, "the old source stopped")
        XCTAssertEqual(runtime.state.sensors.kind, .simulated)
        XCTAssertEqual(runtime.state.sensors.strapTable.map(\.address).suffix(2), ours, "the new table: the simulated straps first")
        XCTAssertEqual(tally.measurements.map { [$0.strap.rawValue, $0.bpm] }, [[0, 122], [1, 131]], "the observer saw the last heart rate")
        XCTAssertEqual(tally.measurements.last?.timestampNs, 2_000_000_000, "on the app's clock")
        // The reducer took them too, then started the readings afresh for the new source.
        XCTAssertNil(runtime.state.sensors.readings[1])
        runtime.shutdown()
        let noted = Dictionary(uniqueKeysWithValues: try store.strapOverviews().map { ($0.strap.address, $0.strap) })
        XCTAssertEqual(noted[ours[1]]?.lastBattery, 64, "and the sightings: the strap list's battery")
        let lastSeen = try XCTUnwrap(noted[ours[1]]?.lastSeen, "and its last seen")
        XCTAssertEqual(lastSeen.timeIntervalSince1970, 1_773_509_400 + 2, accuracy: 0.01, "dated when it was heard, on the app's clock")
        // Each sighting is the strap's that was heard, under the table it was heard with.
        let firstSeen = try XCTUnwrap(noted[ours[0]]?.lastSeen)
        XCTAssertEqual(firstSeen.timeIntervalSince1970, 1_773_509_400 + 1, accuracy: 0.01)
    }

    /// Sounds go where the shell says: the device opened when the shell asks (after its first
    /// frame, not during the start) and sound is on, each sound the reducer asks for played, and
    /// the device closed at shutdown.
    func testTheReducersSoundsReachTheSpeaker() throws {
        let (store, team) = try store(players: 2)
        try store.saveKioskSetting("beeps", "1")
        let stepped = SteppedSimulatedSource(team: SimulatedTeam(count: 2, seed: 7), seed: 7)
        let runtime = KioskRuntime(store: store, source: .stepped(stepped, description: Message("test")), wake: CountingWake(),
                                   wallClockBase: Date(timeIntervalSince1970: 1_773_509_400), exportDirectory: folder + "/export")
        let speaker = LoggingSpeaker()
        runtime.speaker = speaker
        try runtime.start()
        XCTAssertEqual(speaker.log, [], "no device opened before the first frame")
        runtime.prepareSound()
        XCTAssertEqual(speaker.log, ["prepare"])
        runtime.dispatch(.teams(.pick(team.id)))
        run(runtime, seconds: 3)
        runtime.dispatch(.live(.start))
        runtime.dispatch(.live(.lap))
        XCTAssertEqual(speaker.log, ["prepare", "\(Sound.lapBeep.rawValue) \(KioskSettings().soundVolume)"])
        runtime.shutdown()
        XCTAssertEqual(speaker.log.last, "close")
    }

    func testNoSoundDeviceIsOpenedWhenSoundIsOff() throws {
        let (store, _) = try store(players: 2)
        try store.saveKioskSetting("sound", "0")
        let runtime = try runtime(store, .stepped(SteppedSimulatedSource(team: SimulatedTeam(count: 2, seed: 7), seed: 7), description: Message("test")))
        let speaker = LoggingSpeaker()
        runtime.speaker = speaker
        runtime.prepareSound()
        XCTAssertEqual(speaker.log, [])
        runtime.shutdown()
    }

    /// The coach's tap runs every effect it leads to before the loop draws: "Create team" writes the
    /// team, asks for the teams to be loaded again and answers `.teams(.created)` (whose reduction
    /// asks for the teams and the roster); those wait in the queue behind it, and all have run when
    /// `dispatch` returns.
    func testATapRunsTheEffectsItsAnswersAskForBeforeItReturns() throws {
        let (store, _) = try store(players: 1)
        let runtime = try runtime(store, KioskSource(source: ScriptedSource(), kind: .bluetooth, description: Message("scripted")))
        runtime.dispatch(.form(.newTeam))
        runtime.dispatch(.form(.key("Hawks")))
        runtime.dispatch(.form(.submit))
        let hawks = try XCTUnwrap(try store.team(named: "Hawks"))
        XCTAssertEqual(runtime.state.screen, .teamSetup)
        XCTAssertEqual(runtime.state.teamID, hawks.id)
        XCTAssertEqual(runtime.state.teams.map(\.team.name).sorted(), ["Eagles", "Hawks"], "the teams, loaded again after the team was made")
        runtime.shutdown()
    }

    func testRestoringIsRefusedWhileASessionRecords() throws {
        let (store, team) = try store(players: 2)
        let stepped = SteppedSimulatedSource(team: SimulatedTeam(count: 2, seed: 7), seed: 7)
        let runtime = try runtime(store, .stepped(stepped, description: Message("test")))
        runtime.dispatch(.teams(.pick(team.id)))
        run(runtime, seconds: 3)
        runtime.dispatch(.live(.start))
        XCTAssertNotNil(runtime.recorder)
        XCTAssertThrowsError(try runtime.restoreFromStick()) { error in
            XCTAssertEqual((error as? KioskError)?.description, "finish the session before restoring")
        }
        runtime.shutdown()
        XCTAssertNil(runtime.recorder)
        let sessions = try store.sessions()
        XCTAssertEqual(sessions.first?.session.state, .ended, "a running session is ended and kept at shutdown")
    }
}

/// A speaker that writes down what the shell asks of it.
private final class LoggingSpeaker: KioskSpeaker {
    var log: [String] = []
    func prepare() { log.append("prepare") }
    func play(_ sound: Sound, volumePercent: Int) { log.append("\(sound.rawValue) \(volumePercent)") }
    func say(_ cue: SpokenCue, volumePercent: Int) { log.append("say \(cue.rawValue) \(volumePercent)") }
    var voice: VoiceAvailability { .installed("a test's") }
    func poll() {}
    func settle() {}
    func close() { log.append("close") }
}

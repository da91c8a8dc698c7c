import Appliance
import CSDL2
import Diagnostics
import Foundation
import KioskSound
import KioskUI
import SensorHub
import SPSCRing
import Store
import TeamCore

/// The kiosk process: one thread, one SDL loop. Owns the store, the sensor
/// source and ring, the recorder and the windows; feeds actions to the pure
/// reducer and runs the effects it returns.
final class KioskApp {
    let store: SidelineStore
    /// Replaced when the coach switches sources on the settings screen (never while recording).
    var source: any SensorSource
    /// Non-nil in scripted runs: the clock moves only when the script says so.
    var steppedSource: SteppedSimulatedSource?
    /// Builds another source on request (the kiosk command sets it; benchmarks do not).
    var sourceFactory: KioskSourceFactory?
    /// Added to the source's clock so the app's clock runs on without a jump across a switch
    /// (each source's clock starts anew). Wrapping arithmetic: it may be "negative".
    var clockOffsetNs: UInt64 = 0
    let ring = SPSCRing<SensorEvent>(capacity: 16384)
    let main: KioskWindow
    var wall: KioskWindow?
    let wake: WakeSignal
    var state: AppState
    /// The settings as this process last read or wrote them: a save writes only what the
    /// coach changed since, so a PIN set meanwhile with `sideline settings --pin` survives.
    var persistedSettings = KioskSettings()
    var recorder: LiveRecorder?
    let jobs = BackgroundJobs()
    /// A Bluetooth source: scanned for new straps while the pairing screen is open.
    var discoverer: (any StrapDiscovering)?
    var discoveryOn = false
    /// When the source was last asked what it hears, whom to connect and how it is (`pollSource`).
    var lastSourcePollNs: UInt64 = 0
    /// What the source was last told to keep connected (`.none`: not told yet).
    var toldWanted: Set<UInt16>?? = .none
    var recordingStartedAt = Date()
    /// Straps heard since they were last noted in the store, and when that was (app clock).
    var sightings = StrapSightings()
    var lastSightingsNoteMs: Int64 = 0
    /// Wall-clock time shown in the top bar; in scripted runs a fixed date plus virtual time.
    let wallClockBase: Date?
    var gestures = Gestures()
    var inertia = Inertia()
    var inertiaTarget: (id: String, maxOffset: Int)?
    var dragTarget: DragRegion?
    var needsDraw = true
    var quitRequested = false
    var exportDirectory: String
    /// Frames drawn, for benchmarks and the state dump.
    var framesDrawn = 0
    /// Set by the latency benchmark.
    var latencyProbe: LatencyProbe?
    /// The interactive loop returns at this time (benchmarks).
    var runUntilNs: UInt64?
    /// Prints a line when the first frame is on screen (the launch benchmark reads it).
    var announceFirstFrame = ProcessInfo.processInfo.environment["SIDELINE_ANNOUNCE_FIRST_FRAME"] != nil
    /// systemd's notification socket when run as a service: ready after the first frame, watchdog from the loop.
    var service: ServiceNotifier?
    /// USB sticks and backups (`--usb-mounts`); nil when not asked for.
    var backups: KioskBackups?
    /// The audio device, once opened (`KioskSounds.swift`); `soundUnavailable` after it could not be.
    var sound: SoundOutput?
    var soundUnavailable = false
    static let log = Diagnostics.logger("kiosk")

    init(store: SidelineStore, source: any SensorSource, steppedSource: SteppedSimulatedSource?, main: KioskWindow,
         wall: KioskWindow?, wake: WakeSignal, wallClockBase: Date?, sourceDescription: String, exportDirectory: String) {
        self.store = store
        self.source = source
        self.steppedSource = steppedSource
        self.main = main
        self.wall = wall
        self.wake = wake
        self.wallClockBase = wallClockBase
        self.exportDirectory = exportDirectory
        state = AppState(year: Calendar(identifier: .gregorian).component(.year, from: wallClockBase ?? Date()))
        state.sensors.description = sourceDescription
    }

    /// The app's clock: the source's, continued across switches. Event timestamps, the recorder
    /// and the reducer all use it.
    var appNowNs: UInt64 { source.nowNs() &+ clockOffsetNs }

    var nowMs: Int64 { Int64(appNowNs / 1_000_000) }

    /// Drains the ring with each event's timestamp on the app's clock.
    func drainEvents(_ body: (SensorEvent) -> Void) {
        let offset = clockOffsetNs
        ring.drain { event in
            var e = event
            e.timestampNs &+= offset
            body(e)
        }
    }

    var wallClock: Date { wallClockBase.map { $0.addingTimeInterval(Double(nowMs) / 1000) } ?? Date() }

    /// Loads what the first screen needs and starts listening to the straps.
    func start() throws {
        let settings = store.kioskSettings()
        persistedSettings = settings
        dispatch(.settings(.loaded(settings)))
        run(.loadTeams)
        showPhotos()
        openSoundIfWanted()
        try startListening(with: source)
    }

    /// Starts a source on every strap the store knows (the strap table's order), reloading the
    /// table: a simulated team registers its straps when made. At launch and on a switch.
    func startListening(with source: any SensorSource) throws {
        let straps = try store.straps()
        dispatch(.sensors(.strapTableLoaded(straps.compactMap { s in s.id.map { StrapSlot(strapID: $0, address: s.address, name: s.name) } })))
        let wake = self.wake
        try source.start(straps: straps.map { StrapAddress(address: $0.address, name: $0.name) }, ring: ring, wake: { wake.wake() })
    }

    /// Feeds one action through the reducer and runs its effects (which may feed more actions).
    func dispatch(_ action: Action) {
        let before = state
        let effects = AppReducer.reduce(&state, action)
        if !needsDraw && Self.visiblyDifferent(before, state) { needsDraw = true }
        for effect in effects { run(effect) }
    }

    /// Readings and the clock only matter on screens that show them; elsewhere they must not cost a redraw.
    static func visiblyDifferent(_ a: AppState, _ b: AppState) -> Bool {
        if a.screen != b.screen { return true }
        switch b.screen {
        case .live, .lobby, .teamSetup:
            // These show live data; the loop redraws them on its own cadence too.
            return a != b
        case .teamPicker, .review, .settings:
            var x = a, y = b
            x.sensors.readings = [:]; y.sensors.readings = [:]
            x.nowMs = 0; y.nowMs = 0
            return x != y
        }
    }

    /// Drains the ring once (per frame) and ticks the clock.
    func pumpSensors() {
        wake.rearm()
        let now = appNowNs
        drainEvents { event in
            latencyProbe?.drained(event.timestampNs)
            recorder?.ingest(event)
            sightings.observe(event)
            dispatch(.sensors(.event(event)))
        }
        dispatch(.tick(nowMs: Int64(now / 1_000_000)))
        noteSightingsIfDue()
        for outcome in jobs.takeOutcomes() {
            Self.log.notice("\(outcome.line)")
            dispatch(.inform(outcome.line))
            if let then = outcome.then { run(then) }
        }
        takeEndedStickJobs()
        pollSource()
    }

    /// How often the loop looks after the source: new straps heard, straps wanted, health.
    /// Twice a second is quick enough for a coach and keeps the work off most frames.
    static let sourcePollNs: UInt64 = 500_000_000

    /// Once per frame: turns scanning on or off with the screen at once; the rest twice a second.
    func pollSource() {
        if let discoverer, state.wantsDiscovery != discoveryOn {
            discoveryOn = state.wantsDiscovery
            discoverer.setDiscovery(discoveryOn)
        }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- lastSourcePollNs >= Self.sourcePollNs else { return }
        lastSourcePollNs = now
        if discoveryOn { rememberHeardStraps() }
        keepStrapDescriptions()
        updateWantedStraps()
        pollSourceHealth()
        pollUsbSticks()
    }

    /// Commits the recording when a second has passed. The loop calls it after presenting,
    /// so a slow write (a WAL checkpoint) never delays the frame that shows fresh readings.
    func commitRecording() {
        guard let recorder else { return }
        do {
            try recorder.commitIfDue(nowNs: appNowNs)
        } catch {
            // The batch is kept and retried next second; tell the coach once.
            if state.notice == nil { dispatch(.failed("Saving heart rates failed: \(error) — retrying")) }
        }
    }

    /// Draws both windows if something changed (or the hearts need to beat).
    func drawIfNeeded(force: Bool = false) {
        guard needsDraw || force else { return }
        needsDraw = false
        framesDrawn += 1
        main.view.draw(state, animMs: nowMs, wallClock: wallClock)
        main.present()
        latencyProbe?.presented(atNs: DispatchTime.now().uptimeNanoseconds)
        if announceFirstFrame {
            announceFirstFrame = false
            // Unbuffered, so the launch benchmark reads it the moment the frame is up.
            FileHandle.standardOutput.write(Data("first-frame\n".utf8))
        }
        if let service, !service.sentReady { service.ready(status: "on screen; heart rates from \(state.sensors.description)") }
        if let wall {
            wall.view.drawWall(state, animMs: nowMs, wallClock: wallClock)
            wall.present()
        }
    }

    /// Before the process ends: a running recording is committed and ended, never lost.
    func shutdown() {
        service?.stopping()
        if let live = state.live, live.isRecording, let id = live.sessionID {
            run(.finishRecording(sessionID: id))
        }
        source.stop()
        noteSightingsIfDue(force: true)
        jobs.waitUntilIdle() // an export under way finishes before the process ends
        closeSound()
        wall?.close()
        main.close() // before SDL_Quit, which the kiosk command runs next
    }
}

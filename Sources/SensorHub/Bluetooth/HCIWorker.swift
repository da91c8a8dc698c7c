import BLEHost
import Logging
import SPSCRing
import SensorCore
import TeamCore

/// Everything the Bluetooth worker thread owns for Sideline's own HCI host: the link manager, whose
/// `controllers` hold each controller's transport, engine and supervision record, and that
/// supervision — bring-up, lost, reopened with the straps' backoff (at most 5 s), back — with one
/// log line per change of state.
///
/// Driven by `cycle(nowNs:)` and nothing else: `BluetoothSource`'s thread calls it after each
/// poll(2) on `pollDescriptors`; tests call it on virtual time with in-memory controllers.
/// Transports are read until they have nothing more, so no readiness flag is needed.
final class HCIWorker {
    let manager: LinkManager
    private let openers: [BluetoothSource.ControllerOpener]
    private let settings: BluetoothSource.Settings
    /// Shared with the source's caller: discovery, counters, descriptions, requests, status.
    private let boards: StrapSourceBoards
    private let discoveryWanted: LatestChange<Bool>
    private let wake: () -> Void
    private let log: (Logger.Level, String) -> Void
    private var buffer = [UInt8](repeating: 0, count: 16384)
    private var shutdownDeadlineNs: UInt64?

    /// Each controller's first opening (`BluetoothSource.start`): one that cannot be opened fails
    /// the start as one line, or, when `waiting`, is handed on to be retried like one lost later.
    static func openAll(_ openers: [BluetoothSource.ControllerOpener], waiting: Bool) throws -> [Result<any ByteTransport, HostFailure>] {
        var opened: [Result<any ByteTransport, HostFailure>] = []
        for opener in openers {
            do {
                opened.append(.success(try opener.open()))
            } catch {
                guard waiting else {
                    for case .success(let transport) in opened { transport.close() }
                    throw (error as? TransportError).map { SensorSourceError.labelled($0.label, $0.problem) } ?? SensorSourceError("\(error)")
                }
                opened.append(.failure(.unavailable(plain(error))))
            }
        }
        return opened
    }

    /// `opened` is each controller's first opening, by `start`: a failure there either failed the
    /// start (`record`, `scan`) or is handed in here to be retried like a controller lost later (the
    /// kiosk, which waits for an adapter that is not there yet).
    init(opened: [Result<any ByteTransport, HostFailure>], openers: [BluetoothSource.ControllerOpener], straps: [UInt64], ring: SPSCRing<SensorEvent>,
         settings: BluetoothSource.Settings, boards: StrapSourceBoards, discoveryWanted: LatestChange<Bool>,
         clock: @escaping () -> UInt64, wake: @escaping () -> Void, log: @escaping (Logger.Level, String) -> Void) {
        self.openers = openers
        self.settings = settings
        self.boards = boards
        self.discoveryWanted = discoveryWanted
        self.wake = wake
        self.log = log
        manager = LinkManager(straps: straps, ring: ring, settings: settings, discovery: boards.discovery, counters: boards.counters,
                              sightings: boards.sightings, clock: clock)
        manager.log = log
        manager.descriptions = boards.descriptions
        boards.status.reset(count: opened.count)
        for i in opened.indices {
            let transport = try? opened[i].get()
            manager.controllers.append(LinkManager.Controller(label: openers[i].label, engine: makeEngine(i, transport), transport: transport))
            if case .failure(let failure) = opened[i] { manager.controllerFailed(i, failure) }
        }
    }

    /// `transport` nil: a controller not opened yet, whose engine is never started (opening it
    /// builds a fresh one).
    private func makeEngine(_ i: Int, _ transport: (any ByteTransport)?) -> HostEngine {
        let engine = HostEngine(configuration: settings.host) { [manager] bytes in
            do { try transport?.write(bytes) } catch { manager.controllerFailed(i, .lost(Self.plain(error))) }
        }
        engine.delegate = manager
        return engine
    }

    /// A transport's problem without its label (the health line names the controller once).
    static func plain(_ error: any Error) -> String { (error as? TransportError)?.problem ?? "\(error)" }

    /// Brings up every opened controller; one that could not be opened is said once and retried.
    func start(nowNs: UInt64) {
        for (i, c) in manager.controllers.enumerated() {
            if let failure = c.failure { scheduleReopen(i, failure, nowNs: nowNs) } else { c.engine.start(nowNs: nowNs) }
        }
    }

    /// What to poll(2) on: -1 for a controller that is down or has no descriptor.
    var pollDescriptors: [Int32] { manager.controllers.map { $0.transport?.pollDescriptor ?? -1 } }

    /// One turn: requests from the caller's thread, bytes from every controller, timers,
    /// connects, and each controller's health.
    func cycle(nowNs: UInt64) {
        let stopping = shutdownDeadlineNs != nil
        if !stopping { takeRequests() }
        for i in manager.controllers.indices where manager.controllers[i].alive { readAll(i, nowNs: nowNs) }
        if stopping {
            for c in manager.controllers where c.alive { c.engine.tick(nowNs: nowNs) }
        } else {
            manager.step(nowNs: nowNs)
            supervise(nowNs: nowNs)
        }
    }

    private func takeRequests() {
        for strap in boards.inbox.take() { manager.addStrap(strap.address) }
        if let change = boards.wanted.take() { manager.setWanted(change) }
        if let discovery = discoveryWanted.take() {
            for c in manager.controllers where c.engine.isReady { c.engine.setScanning(enabled: true, active: discovery) }
        }
    }

    private func readAll(_ i: Int, nowNs: UInt64) {
        // Not through the array: callbacks mutate it.
        guard let transport = manager.controllers[i].transport else { return }
        let engine = manager.controllers[i].engine
        do {
            while manager.controllers[i].alive {
                let n = try transport.read(into: &buffer)
                if n == 0 { break }
                engine.receive(buffer[0..<n], nowNs: nowNs)
            }
        } catch {
            manager.controllerFailed(i, .lost(Self.plain(error)))
        }
    }

    /// Closes what failed, reopens it when its backoff is due, and tells of every change of state.
    private func supervise(nowNs: UInt64) {
        for i in manager.controllers.indices {
            if let failure = manager.controllers[i].failure {
                if manager.controllers[i].transport != nil {
                    manager.controllers[i].closeTransport()
                    scheduleReopen(i, failure, nowNs: nowNs)
                } else if nowNs >= manager.controllers[i].reopenAtNs {
                    reopen(i, nowNs: nowNs)
                }
                continue
            }
            switch manager.controllers[i].engine.phase {
            case .ready:
                if manager.controllers[i].health.state != .up {
                    manager.controllers[i].cameUp()
                    boards.status.markUp(i)
                }
                report(i, .up)
            case .resetting(let why):
                report(i, .resetting(why))
            case .idle, .bringingUp, .shuttingDown, .failed:
                break // bring-up under way keeps the state it had (starting, or down until it is back)
            }
        }
    }

    private func scheduleReopen(_ i: Int, _ failure: HostFailure, nowNs: UInt64) {
        let delayNs = manager.controllers[i].scheduleReopen(nowNs: nowNs)
        boards.status.noteFailure(i, failure.description)
        report(i, .down(failure))
        // Each retry at debug level (the warning above is said once): what the backoff chose.
        log(.debug, "\(manager.controllers[i].label): reopening in \(delayNs / 1_000_000) ms")
    }

    private func reopen(_ i: Int, nowNs: UInt64) {
        let transport: any ByteTransport
        do {
            transport = try openers[i].open()
        } catch {
            // Still down for the reason it went down ("lost", "not available"): a failed retry is no news.
            let summary = if case .down(let before) = manager.controllers[i].health.state { before.summary } else { "lost" }
            let failure = HostFailure(summary: summary, detail: Self.plain(error))
            log(.debug, "\(manager.controllers[i].label): \(failure.detail)")
            scheduleReopen(i, failure, nowNs: nowNs)
            return
        }
        let engine = makeEngine(i, transport)
        manager.controllerReopened(i, engine: engine, transport: transport)
        engine.start(nowNs: nowNs)
    }

    private func report(_ i: Int, _ state: ControllerHealth.State) {
        guard let line = manager.controllers[i].health.enter(state) else { return }
        log(state == .up ? .notice : .warning, line)
        boards.status.set(i, manager.controllers[i].health.problem)
        wake()
    }

    // MARK: stopping

    /// Lets every strap go (links, scanning, the connect under way); `cycle` then waits for the
    /// controllers' answers until `isFinished`, and `close` ends it.
    func beginShutdown(nowNs: UInt64) {
        shutdownDeadlineNs = nowNs + settings.host.quiesceTimeoutNs
        for c in manager.controllers where c.alive { c.engine.shutDown() }
    }

    /// Every controller answered (or the bound passed): the transports may close.
    func isFinished(nowNs: UInt64) -> Bool {
        guard let deadline = shutdownDeadlineNs else { return false }
        return nowNs >= deadline || manager.controllers.allSatisfy { !$0.alive || $0.engine.isQuiet }
    }

    func close() {
        for i in manager.controllers.indices { manager.controllers[i].closeTransport() }
    }
}

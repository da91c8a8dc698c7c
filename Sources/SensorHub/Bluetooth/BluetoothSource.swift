import BLEHost
import Diagnostics
import Foundation
import Logging
import SPSCRing
import Synchronization
import TeamCore

/// Heart rates over Bluetooth LE, through Sideline's own HCI host, on one or
/// more controllers. One dedicated worker `Thread` polls every controller's
/// transport (blocking I/O never runs on a Swift Task), drives the host engines
/// and the link manager, and pushes `SensorEvent`s into the ring.
///
/// Pairing: call `setDiscovery(true)`, then poll `nearbyStraps()` (e.g. once a
/// frame from the pairing screen): straps heard in the last 10 s, closest
/// first, with name and battery where they advertise them. Discovery switches
/// scanning to active (for names in scan responses); turn it off afterwards.
/// It works with or without a session running (`start(straps: [])`).
public final class BluetoothSource: StrapDiscovering, StrapDescribing {
    public struct Settings: Sendable {
        /// Simultaneous connections per controller (a Pi 4's onboard chip holds 2–3 reliably).
        public var maxConnectionsPerController = 7
        public var broadcastPolicy = BroadcastPolicy.overBudget
        public var host = HostEngine.Configuration()
        public var verbose = false
        /// A controller that cannot be opened at `start` is retried like one lost later (its problem
        /// shown, one log line) instead of failing the start: the kiosk, whose adapter may appear
        /// after it (a board's dongle, a slow driver). `record` and `scan` fail at once instead.
        public var waitsForControllers = false
        public init() {}
    }

    /// Opens a controller's byte transport; called on `start` so failures surface there as one line.
    public struct ControllerOpener: Sendable {
        public var label: String
        public var open: @Sendable () throws -> any ByteTransport
        public init(label: String, open: @escaping @Sendable () throws -> any ByteTransport) { self.label = label; self.open = open }
    }

    public let settings: Settings
    public let discovery = DiscoveryBoard()
    public let counters = BluetoothCounters()
    /// What connected straps said of themselves (body sensor location, manufacturer).
    public let descriptions = StrapDescriptionBoard()
    private let openers: [ControllerOpener]
    private let thread = WorkerThread()
    private let discoveryWanted = LatestChange<Bool>()
    private let inbox = StrapInbox()
    /// Which straps may hold a connection, for the worker to take.
    private let wanted = LatestChange<StrapSelection>()
    /// Per controller: why it is down, while the worker retries it (nil: working).
    private let status = ControllerStatus()

    public init(controllers: [ControllerOpener], settings: Settings = Settings()) {
        self.openers = controllers
        self.settings = settings
    }

    public func nowNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Turns discovery (pairing) mode on or off; applied by the worker within a poll cycle.
    public func setDiscovery(_ on: Bool) {
        discovery.setActive(on)
        discoveryWanted.set(on)
    }

    /// Nearby straps heard in the last `maxAgeSeconds`, strongest signal first.
    public func nearbyStraps(maxAgeSeconds: Double = 10) -> [NearbyStrap] {
        discovery.snapshot(nowNs: nowNs(), maxAgeNs: UInt64(maxAgeSeconds * 1e9))
    }

    public func addStraps(_ straps: [StrapAddress]) throws { try inbox.add(straps) }

    public func takeStrapDescriptions() -> [StrapDescription] { descriptions.take() }

    public func setWanted(_ straps: StrapSelection) { wanted.set(straps) }

    public func problem() -> String? { status.summary }

    /// Why nothing could be heard, when no controller finished bring-up since `start`
    /// (`record` and `scan` say it and exit 2); nil once one came up.
    public func neverCameUp() -> String? {
        guard !status.anyCameUp else { return nil }
        return status.neverUp.map { "\(openers[$0.controller].label) never came up: \($0.lastFailure ?? "no answer yet")" }
            .joined(separator: "; ")
    }

    public func start(straps: [StrapAddress], ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        let addresses = try straps.map { try $0.bluetoothAddress() }
        let opened = try HCIWorker.openAll(openers, waiting: settings.waitsForControllers)
        let status = self.status, settings = self.settings
        let clock: @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
        let log = Self.logger(verbose: settings.verbose)
        let worker = HCIWorker(opened: opened, openers: openers, straps: addresses, ring: ring, settings: settings,
                               discovery: discovery, counters: counters, status: status, inbox: inbox, wanted: wanted,
                               discoveryWanted: discoveryWanted, clock: clock, wake: wake,
                               log: { level, line in log.log(level: level, "\(line)") })
        worker.manager.descriptions = descriptions
        // The worker is handed to the thread once, before it starts (a happens-before edge), and no
        // other thread touches it after; `status` and the mailboxes it shares lock on their own.
        nonisolated(unsafe) let owned = worker
        thread.start(name: "sideline.bluetooth") { shouldStop in
            Self.run(owned, shouldStop: shouldStop, clock: clock, wake: wake)
        }
    }

    /// The worker thread: poll, then one cycle, until asked to stop; then let every strap go,
    /// waiting (bounded) for the controllers to confirm, and close.
    private static func run(_ worker: HCIWorker, shouldStop: () -> Bool, clock: () -> UInt64, wake: () -> Void) {
        worker.start(nowNs: clock())
        while !shouldStop() {
            waitForBytes(worker.pollDescriptors)
            worker.cycle(nowNs: clock())
            if worker.manager.takeWake() { wake() }
        }
        worker.beginShutdown(nowNs: clock())
        while !worker.isFinished(nowNs: clock()) {
            waitForBytes(worker.pollDescriptors)
            worker.cycle(nowNs: clock())
        }
        worker.close()
    }

    /// Up to 10 ms: the link manager's timers need no finer grain.
    private static func waitForBytes(_ descriptors: [Int32]) {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&fds, nfds_t(fds.count), 10)
    }

    public func stop() { thread.stop() }

    /// The Bluetooth log: controllers lost and back (warning, notice); discarded packets at debug,
    /// shown with `--bluetooth-verbose` (or `SIDELINE_LOG_LEVEL=debug`).
    static func logger(verbose: Bool) -> Logger {
        var log = Diagnostics.logger("bluetooth")
        if verbose { log.logLevel = min(log.logLevel, .debug) }
        return log
    }
}

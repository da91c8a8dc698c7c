import BLEHost
import Diagnostics
import Foundation
import Logging
import SensorCore
import SPSCRing
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
/// It works with or without a session running (`start(straps: StrapTable())`).
public final class BluetoothSource: BluetoothStrapSource {
    public struct Settings: Sendable {
        /// What both Bluetooth sources are told: connections per controller, broadcasts, logging,
        /// waiting for a controller that cannot be opened at `start`.
        public var setup = BluetoothSetup()
        public var host = HostEngine.Configuration()
        public init(setup: BluetoothSetup = BluetoothSetup()) { self.setup = setup }
    }

    /// Opens a controller's byte transport; called on `start` so failures surface there as one line.
    public struct ControllerOpener: Sendable {
        public var label: String
        public var open: @Sendable () throws -> any ByteTransport
        public init(label: String, open: @escaping @Sendable () throws -> any ByteTransport) { self.label = label; self.open = open }
    }

    public let settings: Settings
    public let boards = StrapSourceBoards()
    private let openers: [ControllerOpener]
    private let thread = WorkerThread()
    /// Discovery switches the controllers' scanning to active: the worker takes the change.
    private let discoveryWanted = LatestChange<Bool>()

    public init(controllers: [ControllerOpener], settings: Settings = Settings()) {
        self.openers = controllers
        self.settings = settings
    }

    /// Turns discovery (pairing) mode on or off; applied by the worker within a poll cycle.
    public func setDiscovery(_ on: Bool) {
        boards.discovery.setActive(on)
        discoveryWanted.set(on)
    }

    /// Why nothing could be heard, when no controller finished bring-up since `start`
    /// (`record` and `scan` say it and exit 2); nil once one came up.
    public func neverCameUp() -> String? {
        guard !boards.status.anyCameUp else { return nil }
        return boards.status.neverUp.map { "\(openers[$0.controller].label) never came up: \($0.lastFailure ?? "no answer yet")" }
            .joined(separator: "; ")
    }

    public func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        let addresses = try straps.map { try $0.bluetoothAddress() }
        let opened = try HCIWorker.openAll(openers, waiting: settings.setup.waitsForAdapter)
        let settings = self.settings
        let clock: @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
        let log = Self.logger(verbose: settings.setup.verbose)
        let worker = HCIWorker(opened: opened, openers: openers, straps: addresses, ring: ring, settings: settings, boards: boards,
                               discoveryWanted: discoveryWanted, clock: clock, wake: wake,
                               log: { level, line in log.log(level: level, "\(line)") })
        // The worker is handed to the thread once, before it starts (a happens-before edge), and no
        // other thread touches it after; the boards and mailboxes it shares lock on their own.
        nonisolated(unsafe) let owned = worker
        thread.start(name: "sideline.hci") { shouldStop in
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

import BLEHost
import Foundation
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
public final class BluetoothSource: SensorSource {
    public struct Settings: Sendable {
        /// Simultaneous connections per controller (a Pi 4's onboard chip holds 2–3 reliably).
        public var maxConnectionsPerController = 7
        public var broadcastPolicy = BroadcastPolicy.overBudget
        public var host = HostEngine.Configuration()
        public var verbose = false
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
    private let openers: [ControllerOpener]
    private let thread = WorkerThread()
    private let discoveryWanted = LatestChange<Bool>()
    private let inbox = StrapInbox()
    /// Which straps may hold a connection (nil inside: all).
    private let wanted = LatestChange<Set<Int>?>()
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

    public func setWanted(_ straps: Set<UInt16>?) { wanted.set(straps.map { Set($0.map(Int.init)) }) }

    public func problem() -> String? { status.summary }

    public func start(straps: [StrapAddress], ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws {
        var addresses: [UInt64] = []
        for strap in straps {
            guard let address = BDAddress(strap.address) else {
                throw SensorSourceError("strap address '\(strap.address)' is not a Bluetooth address like A0:9E:1A:12:34:56")
            }
            addresses.append(address.value)
        }
        var transports: [any ByteTransport] = []
        do {
            for opener in openers { transports.append(try opener.open()) }
        } catch {
            transports.forEach { $0.close() }
            throw SensorSourceError("\(error)")
        }
        status.reset(count: transports.count)
        let worker = Worker(transports: transports, openers: openers, straps: addresses, ring: ring,
                            settings: settings, discovery: discovery, counters: counters, inbox: inbox, wanted: wanted, status: status, wake: wake)
        let discoveryWanted = self.discoveryWanted
        thread.start(name: "sideline.bluetooth") { shouldStop in
            worker.run(shouldStop: shouldStop, discoveryChange: discoveryWanted.take)
        }
    }

    public func stop() { thread.stop() }
}

/// Everything the worker thread owns. Created on the caller's thread, then used
/// by the worker only — hence `@unchecked Sendable`: the hand-over happens once,
/// before `Thread.start`, which is a happens-before edge; no other thread touches it after.
/// The one exception is `status`, which the kiosk reads (it locks).
private final class Worker: @unchecked Sendable {
    var transports: [any ByteTransport]
    let openers: [BluetoothSource.ControllerOpener]
    let manager: LinkManager
    let settings: BluetoothSource.Settings
    let inbox: StrapInbox
    let wanted: LatestChange<Set<Int>?>
    let status: ControllerStatus
    let wake: @Sendable () -> Void
    /// A lost controller (unplugged dongle, reset, emulator restarted) is reopened with backoff, forever.
    var reopenAtNs: [UInt64]
    var reopenFailures: [Int]

    init(transports: [any ByteTransport], openers: [BluetoothSource.ControllerOpener], straps: [UInt64], ring: SPSCRing<SensorEvent>,
         settings: BluetoothSource.Settings, discovery: DiscoveryBoard, counters: BluetoothCounters, inbox: StrapInbox,
         wanted: LatestChange<Set<Int>?>, status: ControllerStatus, wake: @escaping @Sendable () -> Void) {
        self.wanted = wanted
        self.transports = transports
        self.openers = openers
        self.settings = settings
        self.inbox = inbox
        self.status = status
        self.wake = wake
        reopenAtNs = Array(repeating: 0, count: transports.count)
        reopenFailures = Array(repeating: 0, count: transports.count)
        manager = LinkManager(straps: straps, ring: ring, settings: settings, discovery: discovery, counters: counters,
                              clock: { DispatchTime.now().uptimeNanoseconds })
        manager.log = { line in FileHandle.standardError.write(Data("sideline: \(line)\n".utf8)) }
        for i in transports.indices {
            manager.controllers.append(LinkManager.Controller(label: openers[i].label, engine: makeEngine(i)))
        }
    }

    private func makeEngine(_ i: Int) -> HostEngine {
        let transport = transports[i]
        let engine = HostEngine(configuration: settings.host) { [manager] bytes in
            do { try transport.write(bytes) } catch { manager.controllerFailed(i, reason: "\(error)") }
        }
        engine.delegate = manager
        return engine
    }

    func run(shouldStop: () -> Bool, discoveryChange: () -> Bool?) {
        for c in manager.controllers { c.engine.start() }
        var buffer = [UInt8](repeating: 0, count: 16384)
        var fds = transports.map { pollfd(fd: $0.pollDescriptor, events: Int16(POLLIN), revents: 0) }
        while !shouldStop() {
            for strap in inbox.take() { manager.addStrap(strap.address) }
            if let change = wanted.take() { manager.setWanted(change) }
            if let discovery = discoveryChange() {
                for c in manager.controllers where c.alive && c.engine.isReady { c.engine.setScanning(enabled: true, active: discovery) }
            }
            reopenLostControllers()
            for i in fds.indices { fds[i].fd = manager.controllers[i].alive ? transports[i].pollDescriptor : -1 }
            _ = poll(&fds, nfds_t(fds.count), 10)
            for i in fds.indices where fds[i].revents != 0 && manager.controllers[i].alive {
                do {
                    while true {
                        let n = try transports[i].read(into: &buffer)
                        if n == 0 { break }
                        let engine = manager.controllers[i].engine // not through the array: callbacks mutate it
                        engine.receive(buffer[0..<n], nowNs: manager.clock())
                        if n < buffer.count { break }
                    }
                } catch {
                    manager.controllerFailed(i, reason: "\(error)")
                }
            }
            manager.step(nowNs: manager.clock())
            if manager.takeWake() { wake() }
        }
        // Leave the straps free for the next run: disconnect politely, then close.
        for c in manager.controllers where c.alive {
            for handle in c.engine.connections.keys { c.engine.disconnect(handle: handle) }
        }
        transports.forEach { $0.close() }
    }

    /// Closes what a failed controller left open and tries it again when its backoff is due;
    /// a reopened controller goes through bring-up again and its straps reconnect as usual.
    private func reopenLostControllers() {
        let now = manager.clock()
        for i in manager.controllers.indices where !manager.controllers[i].alive {
            if reopenAtNs[i] == 0 {
                transports[i].close()
                reopenAtNs[i] = now + ReconnectBackoff.delayNs(afterFailures: 1)
                reopenFailures[i] = 1
                // Short enough for the coach's screen; the reason went to the log (stderr).
                status.set(i, "\(openers[i].label) lost, retrying")
                wake()
                continue
            }
            guard now >= reopenAtNs[i] else { continue }
            do {
                transports[i] = try openers[i].open()
            } catch {
                reopenFailures[i] += 1
                reopenAtNs[i] = now + ReconnectBackoff.delayNs(afterFailures: reopenFailures[i])
                if settings.verbose { manager.log("\(openers[i].label): \(error)") }
                continue
            }
            manager.log("\(openers[i].label): reopened")
            let engine = makeEngine(i)
            manager.controllerReopened(i, engine: engine)
            reopenAtNs[i] = 0
            status.set(i, nil)
            wake()
            engine.start()
        }
    }
}

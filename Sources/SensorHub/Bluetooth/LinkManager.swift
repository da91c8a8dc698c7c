import BLEHost
import HeartRateProtocol
import Logging
import SPSCRing
import TeamCore

/// The worker's brain: keeps assigned straps connected across one or more
/// controllers, reconnects with backoff, serves broadcasting straps from
/// advertisements, and turns host callbacks into `SensorEvent`s. Runs on the
/// worker thread only; the per-notification path allocates nothing.
final class LinkManager: HostEngineDelegate {
    /// What Sideline's own host keeps of a strap beside the books both paths keep (`StrapLink`):
    /// its advertising as heard, to connect as it next advertises; which controller heard it last
    /// and which holds its link. Its last connectable advertisement (one a connect can follow) is
    /// the row's `lastHeardNs`.
    struct StrapRadio {
        /// The controller its link is on or being made on (while its phase is not idle).
        var controller = -1
        /// The strap's advertising period as heard (0: not known yet), to predict its next advertisement.
        var advertIntervalNs: UInt64 = 0
        var lastAdvertType: UInt8 = 0
        var heardBy: Int = -1
    }

    typealias Strap = StrapLink<StrapRadio>

    let settings: BluetoothSource.Settings
    let clock: () -> UInt64
    let discovery: DiscoveryBoard
    let counters: BluetoothCounters
    /// Controller c, whole: its engine and links, and `HCIWorker`'s supervision of it.
    var controllers: [Controller] = []
    let straps: StrapLinkTable<StrapRadio>
    /// Which straps may be connected, and when (the policy `BlueZDBusSource` follows too).
    private(set) var policy: StrapLinkPolicy
    var log: (Logger.Level, String) -> Void = { _, _ in }
    /// Where what the straps say of themselves goes (set by the source before the worker runs).
    var descriptions: StrapDescriptionBoard?

    init(straps: [UInt64], ring: SPSCRing<SensorEvent>, settings: BluetoothSource.Settings, discovery: DiscoveryBoard,
         counters: BluetoothCounters, sightings: StrapSightings = StrapSightings(), clock: @escaping () -> UInt64) {
        self.straps = StrapLinkTable(ring: ring, counters: counters, sightings: sightings)
        self.settings = settings
        policy = StrapLinkPolicy(broadcast: settings.setup.broadcastPolicy, heardWindow: .everyReport)
        self.discovery = discovery
        self.counters = counters
        self.clock = clock
        for address in straps { addStrap(address) }
    }

    /// A strap of the table (at the start, or paired while running); its index is the next one.
    func addStrap(_ address: UInt64) { straps.add(address, StrapRadio()) }

    func takeWake() -> Bool { straps.takeWake() }

    private func controllerIndex(_ host: HostEngine) -> Int { controllers.firstIndex { $0.engine === host } ?? -1 }

    /// Links the controllers that work can hold now: each holds `maxConnectionsPerController`.
    private var connectionBudget: Int { controllers.filter(\.alive).count * settings.setup.maxConnectionsPerController }

    /// Changes which straps may be connected; connected ones no longer wanted are let go
    /// (their disconnection comes back through the host like any other).
    func setWanted(_ straps: StrapSelection) {
        policy.wanted = straps
        for c in controllers.indices where controllers[c].alive {
            for (handle, i) in controllers[c].handles where !policy.wants(i) {
                controllers[c].engine.disconnect(handle: handle)
            }
        }
    }

    /// Whether a strap is served from its advertisements rather than a connection.
    func servedByBroadcast(_ strap: Strap) -> Bool {
        policy.servedByBroadcast(broadcasts: strap.broadcasts, strapCount: straps.count, connectionBudget: connectionBudget)
    }

    /// Starts connects where a controller has room and a wanted strap was heard recently;
    /// resets a controller whose cancelled connect never ended while another strap waits for it.
    func step(nowNs: UInt64) {
        for c in controllers.indices where controllers[c].alive {
            let engine = controllers[c].engine
            engine.tick(nowNs: nowNs)
            guard engine.isReady, engine.connectionCount < settings.setup.maxConnectionsPerController else { continue }
            if let pending = engine.pendingConnect {
                if pending.isWedged, !anotherControllerCanConnect(besides: c), let waiting = nextStrapToConnect(controller: c, nowNs: nowNs) {
                    let strap = BDAddress(value: straps[waiting].address, type: 0)
                    engine.reset(HostFailure(summary: "resetting",
                                             detail: "it never ended a cancelled connect to \(pending.peer), and \(strap) is waiting"), nowNs: nowNs)
                    // The strap that wedged it tries again last, so the others are back before it can wedge it again.
                    if let i = straps.index(of: pending.peer.value) {
                        straps[i].nextAttemptNs = max(straps[i].nextAttemptNs, nowNs + ReconnectBackoff.longestDelayNs)
                    }
                }
                continue
            }
            guard let best = nextStrapToConnect(controller: c, nowNs: nowNs) else { continue }
            let peer = BDAddress(value: straps[best].address, type: straps[best].lastAdvertType)
            if engine.connect(to: peer, nowNs: nowNs) {
                straps[best].controller = c
                straps.markConnecting(best, nowNs: nowNs)
            }
        }
    }

    /// Whether a strap waiting for a wedged controller can be served elsewhere instead of resetting it.
    private func anotherControllerCanConnect(besides c: Int) -> Bool {
        controllers.indices.contains { k in
            let engine = controllers[k].engine
            return k != c && controllers[k].alive && engine.isReady && engine.pendingConnect == nil
                && engine.connectionCount < settings.setup.maxConnectionsPerController
        }
    }

    /// A controller connects when it next hears the peer advertise, and holds one connect at a time:
    /// the wanted, idle strap heard recently whose next advertisement is due soonest (one this controller heard first).
    private func nextStrapToConnect(controller c: Int, nowNs: UInt64) -> Int? {
        var best = -1
        var bestWait = UInt64.max
        let budget = connectionBudget
        for i in straps.indices {
            let s = straps[i]
            guard s.phase == .idle,
                  policy.mayConnect(i, nextAttemptNs: s.nextAttemptNs, heard: policy.heardRecently(lastHeardNs: s.lastHeardNs, nowNs: nowNs),
                                    broadcasts: s.broadcasts, strapCount: straps.count, connectionBudget: budget, nowNs: nowNs) else { continue }
            let wait = Self.nextAdvertWaitNs(s, nowNs: nowNs)
            let better: Bool
            if best < 0 {
                better = true
            } else if (s.heardBy == c) != (straps[best].heardBy == c) {
                better = s.heardBy == c
            } else {
                better = wait < bestWait
            }
            if better { best = i; bestWait = wait }
        }
        return best >= 0 ? best : nil
    }

    /// How long until the strap's next advertisement is expected, allowing `leadNs` for the
    /// connect command to reach the controller; straps with an unknown period come last.
    static func nextAdvertWaitNs(_ s: Strap, nowNs: UInt64, leadNs: UInt64 = 10_000_000) -> UInt64 {
        guard s.advertIntervalNs > 0 else { return 1_000_000_000 }
        let since = nowNs &- s.lastHeardNs + leadNs
        let periods = (since + s.advertIntervalNs - 1) / s.advertIntervalNs
        return s.lastHeardNs &+ periods * s.advertIntervalNs &- nowNs
    }

    /// Learns a strap's advertising period from consecutive connectable advertisements
    /// (missed ones, at multiples of the period, pull the estimate up only slowly).
    static func learnAdvertInterval(_ s: inout Strap, nowNs: UInt64) {
        guard s.lastHeardNs != 0 else { return }
        let delta = nowNs &- s.lastHeardNs
        guard delta > 5_000_000, delta < 2_000_000_000 else { return } // a duplicate report, or a pause
        if s.advertIntervalNs == 0 {
            s.advertIntervalNs = delta
        } else if delta < s.advertIntervalNs * 3 / 2 {
            s.advertIntervalNs = (s.advertIntervalNs * 3 + delta) / 4
        } else {
            s.advertIntervalNs = (s.advertIntervalNs * 15 + delta) / 16
        }
    }

    /// The controller stopped (transport error, failed bring-up…): its straps wait for it or another.
    func controllerFailed(_ c: Int, _ failure: HostFailure) {
        guard controllers[c].alive else { return }
        controllers[c].failure = failure
        let now = clock()
        for i in straps.indices where straps[i].phase != .idle && straps[i].controller == c {
            straps.scheduleRetry(i, nowNs: now)
        }
        controllers[c].handles.removeAll()
    }

    /// The worker opened a failed controller again: a fresh transport and engine, no links yet.
    func controllerReopened(_ c: Int, engine: HostEngine, transport: any ByteTransport) {
        controllers[c].reopened(engine: engine, transport: transport)
    }

    // MARK: HostEngineDelegate

    func hostBecameReady(_ host: HostEngine) {
        host.setScanning(enabled: true, active: discovery.isActive)
    }

    func host(_ host: HostEngine, failed failure: HostFailure) {
        let c = controllerIndex(host)
        if c >= 0 { controllerFailed(c, failure) }
    }

    func host(_ host: HostEngine, sawAdvertisement report: AdvertisingReport) {
        counters.add(.adverts)
        let now = clock()
        if discovery.isActive { discovery.note(report, nowNs: now) }
        guard let i = straps.index(of: report.address.value) else { return }
        straps.noteSighting(i)
        if report.isConnectable {
            Self.learnAdvertInterval(&straps[i], nowNs: now)
            straps.heardAdvertising(i, nowNs: now)
            straps[i].lastAdvertType = report.address.type
            straps[i].heardBy = controllerIndex(host)
        }
        guard let broadcast = PolarBroadcast.find(inAdvertisement: report.data) else { return }
        straps[i].broadcasts = true
        guard servedByBroadcast(straps[i]) else { return }
        if straps[i].phase == .connected { return } // a connection already serves it
        straps.pushBroadcast(broadcast, strap: i, rssi: report.rssi, nowNs: now)
    }

    func host(_ host: HostEngine, connected handle: UInt16, to peer: BDAddress) {
        let c = controllerIndex(host)
        guard c >= 0, let i = straps.index(of: peer.value) else {
            host.disconnect(handle: handle) // not ours (a late connect after a cancel)
            return
        }
        if straps[i].phase == .connected { host.disconnect(handle: handle); return }
        straps[i].phase = .connected
        straps[i].controller = c
        controllers[c].handles[handle] = i
        if !policy.wants(i) { host.disconnect(handle: handle) } // let go while the connect was under way
    }

    func host(_ host: HostEngine, failedToConnect peer: BDAddress, status: UInt8) {
        counters.add(.connectFailures)
        guard let i = straps.index(of: peer.value), straps[i].phase == .connecting else { return }
        straps.scheduleRetry(i, nowNs: clock())
    }

    func host(_ host: HostEngine, subscribed handle: UInt16) {
        let c = controllerIndex(host)
        guard c >= 0, let i = controllers[c].handles[handle] else { return }
        straps[i].phase = .connected
        straps[i].controller = c
        straps.markServing(i, nowNs: clock())
    }

    func host(_ host: HostEngine, disconnected handle: UInt16, peer: BDAddress, reason: UInt8) {
        let c = controllerIndex(host)
        guard c >= 0, let i = controllers[c].handles.removeValue(forKey: handle) else { return }
        counters.add(.disconnects)
        straps.scheduleRetry(i, nowNs: clock())
    }

    func host(_ host: HostEngine, heartRateMeasurement value: ArraySlice<UInt8>, handle: UInt16) {
        let c = controllerIndex(host)
        guard c >= 0, let i = controllers[c].handles[handle] else { return }
        let now = clock()
        let m: HeartRateMeasurement
        do { m = try HeartRateMeasurement.decode(value) } catch {
            counters.add(.malformed)
            return
        }
        straps.pushMeasurement(m, strap: i, nowNs: now)
    }

    func host(_ host: HostEngine, batteryLevel level: UInt8, handle: UInt16) {
        let c = controllerIndex(host)
        guard c >= 0, let i = controllers[c].handles[handle] else { return }
        straps.pushBattery(level, strap: i, nowNs: clock())
    }

    func host(_ host: HostEngine, described description: SensorDescription, handle: UInt16) {
        let c = controllerIndex(host)
        guard c >= 0, let i = controllers[c].handles[handle] else { return }
        descriptions?.note(BDAddress(value: straps[i].address, type: 0), description)
    }

    func host(_ host: HostEngine, discardedMalformed what: String, handle: UInt16?) {
        counters.add(.malformed)
        log(.debug, "\(controllers[max(controllerIndex(host), 0)].label): discarded \(what)")
    }
}

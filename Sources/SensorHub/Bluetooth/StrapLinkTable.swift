import HeartRateProtocol
import SPSCRing
import TeamCore

/// The per-strap books both Bluetooth workers keep alike — `LinkManager` (Sideline's own host,
/// over HCI) and `BlueZWorker` (bluetoothd, over D-Bus): a row a strap of the source's `StrapTable`, in its order,
/// the address index, the steps of a link both take (asked for, serving, ended and retried with
/// the backoff), and the ring the straps' events go to, with what it dropped counted and whether
/// the ring's reader needs a wake. Which strap may be connected, and when, is `StrapLinkPolicy`'s
/// to say; what only one path keeps of a strap is the row's `path`.
///
/// Owned by its worker and used on the worker's thread only. A push allocates nothing: it runs
/// once per notification. A class, not a struct: a push changes the table's own wake flag, not a
/// value stored in the worker, so no exclusivity check is held on the worker across each push.
final class StrapLinkTable<Path>: RandomAccessCollection {
    private var rows: [StrapLink<Path>] = []
    private var indexByAddress: [UInt64: Int] = [:]
    let ring: SPSCRing<SensorEvent>
    let counters: BluetoothCounters
    let sightings: StrapSightings
    private var pushedSinceWake = false

    init(ring: SPSCRing<SensorEvent>, counters: BluetoothCounters, sightings: StrapSightings = StrapSightings()) {
        self.ring = ring
        self.counters = counters
        self.sightings = sightings
    }

    var startIndex: Int { rows.startIndex }
    var endIndex: Int { rows.endIndex }

    subscript(i: Int) -> StrapLink<Path> {
        get { rows[i] }
        // In place: the row is not copied to change one of its fields.
        _modify { yield &rows[i] }
    }

    /// The row of the strap with this address.
    func index(of address: UInt64) -> Int? { indexByAddress[address] }

    /// The next strap of the `StrapTable` the source runs on (at the start, or paired while
    /// running): row `i` is the table's `StrapIndex` `i`. The table holds an address once, and
    /// `StrapSlot.bluetoothAddress` reads one way of writing it, so no address comes twice.
    func add(_ address: UInt64, _ path: Path) {
        precondition(indexByAddress[address] == nil, "a strap table holds an address once")
        indexByAddress[address] = rows.count
        rows.append(StrapLink(address: address, path: path))
    }

    // MARK: the ring

    func push(_ event: SensorEvent) {
        if !ring.push(event) { counters.add(.ringDrops) }
        pushedSinceWake = true
    }

    /// Whether anything was pushed since the last call: the worker then wakes the ring's reader.
    func takeWake() -> Bool {
        defer { pushedSinceWake = false }
        return pushedSinceWake
    }

    func pushMeasurement(_ m: HeartRateMeasurement, strap i: Int, nowNs: UInt64) {
        counters.add(.notifications)
        if m.rrDropped > 0 { counters.add(.rrDropped, m.rrDropped) }
        push(SensorEvent(measurement: m, strap: StrapIndex(position: i), nowNs: nowNs))
    }

    func pushBattery(_ level: UInt8, strap i: Int, nowNs: UInt64) {
        push(SensorEvent(strap: StrapIndex(position: i), timestampNs: nowNs, kind: .battery, battery: level))
    }

    /// A broadcast heart rate, when it is a new reading (not the value a strap taken off keeps sending).
    func pushBroadcast(_ broadcast: PolarBroadcast, strap i: Int, rssi: Int8, nowNs: UInt64) {
        guard rows[i].freshness.accept(broadcast) else { counters.add(.staleBroadcasts); return }
        push(SensorEvent(strap: StrapIndex(position: i), timestampNs: nowNs, kind: .advert, bpm: UInt16(broadcast.heartRate),
                         contact: .detected, link: .broadcast, rssi: rssi))
    }

    /// The strap was heard advertising now (connectably: a connect may find it).
    func heardAdvertising(_ i: Int, nowNs: UInt64) {
        rows[i].lastHeardNs = nowNs
        noteSighting(i)
    }

    /// The strap was heard at all (an advertisement of any kind, a link): it is out there.
    func noteSighting(_ i: Int) {
        guard !rows[i].sighted else { return }
        rows[i].sighted = true
        sightings.mark(i)
    }

    // MARK: a link's steps

    /// A connect was asked for.
    func markConnecting(_ i: Int, nowNs: UInt64) {
        rows[i].phase = .connecting
        push(SensorEvent(strap: StrapIndex(position: i), timestampNs: nowNs, kind: .link, link: .connecting))
    }

    /// Its heart rate is subscribed: the link serves, and its failures are forgiven.
    func markServing(_ i: Int, nowNs: UInt64) {
        noteSighting(i)
        rows[i].failures = 0
        push(SensorEvent(strap: StrapIndex(position: i), timestampNs: nowNs, kind: .link, link: .connected))
    }

    /// The link ended, or the connect failed: idle until the policy's backoff for its failures so
    /// far has passed; a link that was up or under way says it ended.
    func scheduleRetry(_ i: Int, nowNs: UInt64) {
        let wasLinked = rows[i].phase != .idle
        rows[i].phase = .idle
        rows[i].nextAttemptNs = StrapLinkPolicy.retryAtNs(afterFailures: rows[i].failures, nowNs: nowNs)
        rows[i].failures += 1
        if wasLinked { push(SensorEvent(strap: StrapIndex(position: i), timestampNs: nowNs, kind: .link, link: .disconnected)) }
    }
}

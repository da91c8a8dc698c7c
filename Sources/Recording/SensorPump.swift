import SensorCore
import SPSCRing
import TeamCore

/// The one reader of the sensor ring. Once a frame (the kiosk) or a turn (`record`), every event the
/// source pushed since goes, on the app's clock, first to the session recorder (when one runs) and
/// then to whoever follows the straps (the kiosk's reducer). Nothing else drains the ring.
///
/// It also owns the running source, the strap table that numbers the source's events, and the
/// app's clock: the source's clock, continued without a jump when the kiosk switches sources (each
/// source's clock starts anew).
public final class SensorPump {
    public let ring: SPSCRing<SensorEvent>
    /// Replaced by `switchSource` (never while recording).
    public private(set) var source: any SensorSource
    /// The running source's strap table: what every event's `StrapIndex` means. The one place the
    /// numbering is kept — set when a source starts, grown by `addStraps` (pairing), replaced when
    /// the kiosk switches sources — and read from here by the kiosk's reducer, `record`'s lineup and
    /// the sightings. The pump is its owner because it is the one that starts the source on it and
    /// the one that reads the events it numbers, in the kiosk and in `record` alike.
    public private(set) var straps = StrapTable()
    /// The session being recorded, fed before anyone else sees an event.
    public var recorder: SessionRecorder?
    /// Added to the source's clock to give the app's. Wrapping arithmetic: it may be "negative".
    private var clockOffsetNs: UInt64 = 0

    public init(source: any SensorSource, ringCapacity: Int) {
        self.source = source
        ring = SPSCRing<SensorEvent>(capacity: ringCapacity)
    }

    /// The app's clock: event timestamps, the recorder and the reducer all use it.
    public var nowNs: UInt64 { source.nowNs() &+ clockOffsetNs }

    /// Starts the source on `straps`, which from now on number its events (also when the source
    /// cannot start: a switch to another follows).
    public func start(straps: StrapTable, wake: @escaping @Sendable () -> Void) throws {
        self.straps = straps
        try source.start(straps: straps, ring: ring, wake: wake)
    }

    /// Straps paired while the source runs: those whose address the table lacks are appended (one
    /// it has keeps its index) and handed to the source, whose events then carry their new indices.
    /// Returns those appended. When the source refuses them (an address that is no Bluetooth
    /// address), the table stays as it was and the error is thrown.
    @discardableResult
    public func addStraps(_ slots: [StrapSlot]) throws -> [StrapSlot] {
        var grown = straps
        let appended = slots.filter { grown.append($0) }
        guard !appended.isEmpty else { return [] }
        try source.addStraps(appended)
        straps = grown
        return appended
    }

    /// A strap the club labelled: the table shows it by its label from now on. The source is not
    /// told: it listens by address, and the index stays.
    public func renameStrap(_ strapID: Int64, to name: String) { straps.rename(strapID: strapID, to: name) }

    /// Reads the ring once: each event, timestamped on the app's clock, to the recorder, then to `follow`.
    public func pump(_ follow: (SensorEvent) -> Void = { _ in }) {
        let offset = clockOffsetNs
        let recorder = recorder
        ring.drain { event in
            var e = event
            e.timestampNs &+= offset
            recorder?.ingest(e)
            follow(e)
        }
    }

    /// Ends the session being recorded at `nowNs` (app clock) and hands back its recorder. What is
    /// still in the ring goes first to the recorder and to `follow`, as every event; what is
    /// stamped from `nowNs` on is not the session's. nil: nothing was being recorded.
    @discardableResult
    public func finishRecording(atNs nowNs: UInt64, follow: (SensorEvent) -> Void = { _ in }) throws -> SessionRecorder? {
        guard let recorder else { return nil }
        recorder.endsAtNs = min(recorder.endsAtNs ?? nowNs, nowNs)
        pump(follow)
        self.recorder = nil
        try recorder.finish(nowNs: nowNs)
        return recorder
    }

    /// Stops the running source, pumps its last events (through `follow`, on the app's clock, under
    /// the table they were numbered by), and starts `next` on `straps` with the app's clock going on
    /// from where it was. When `next` cannot start, the old source starts again on `straps` (its clock
    /// restarts, the app's does not) and the error is thrown. Either way `straps` numbers what follows.
    public func switchSource(to next: any SensorSource, straps: StrapTable, wake: @escaping @Sendable () -> Void,
                             follow: (SensorEvent) -> Void) throws {
        precondition(recorder == nil, "the source is switched only between sessions")
        let before = nowNs
        source.stop()
        pump(follow)
        self.straps = straps
        do {
            try next.start(straps: straps, ring: ring, wake: wake)
        } catch {
            try? source.start(straps: straps, ring: ring, wake: wake)
            clockOffsetNs = before &- source.nowNs()
            throw error
        }
        source = next
        clockOffsetNs = before &- next.nowNs()
    }

    /// The players' workload changes at `atNs` on the app's clock (told to the source on its own).
    public func setWorkload(_ workload: Workload, atNs: UInt64) {
        source.setWorkload(workload, atNs: atNs &- clockOffsetNs)
    }

    public func stop() { source.stop() }
}

import SensorHub
import SPSCRing
import TeamCore

/// The one reader of the sensor ring. Once a frame (the kiosk) or a turn (`record`), every event the
/// source pushed since goes, on the app's clock, first to the session recorder (when one runs) and
/// then to whoever follows the straps (the kiosk's reducer). Nothing else drains the ring.
///
/// It also owns the running source and the app's clock: the source's clock, continued without a
/// jump when the kiosk switches sources (each source's clock starts anew).
public final class SensorPump {
    public let ring: SPSCRing<SensorEvent>
    /// Replaced by `switchSource` (never while recording).
    public private(set) var source: any SensorSource
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

    /// Starts the source on these straps (their order is the events' strap index).
    public func start(straps: [StrapAddress], wake: @escaping @Sendable () -> Void) throws {
        try source.start(straps: straps, ring: ring, wake: wake)
    }

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

    /// Stops the running source, pumps its last events (through `follow`, on the app's clock), and
    /// starts `next` on `straps` with the app's clock going on from where it was. When `next` cannot
    /// start, the old source starts again (its clock restarts, the app's does not) and the error is thrown.
    public func switchSource(to next: any SensorSource, straps: [StrapAddress], wake: @escaping @Sendable () -> Void,
                             follow: (SensorEvent) -> Void) throws {
        precondition(recorder == nil, "the source is switched only between sessions")
        let before = nowNs
        source.stop()
        pump(follow)
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

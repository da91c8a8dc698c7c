import Foundation
import SensorHub
import SPSCRing
import Store
import TeamCore

/// Records a running session: drains the sensor ring, turns events into rows
/// and commits them once per second of session time in one transaction.
/// The CLI's `record` and the kiosk's main loop both drive it.
final class LiveRecorder {
    let store: SidelineStore
    let writer: SessionWriter
    private(set) var recording: SessionRecording
    private var pending = SessionRecording.Batch()
    private var nextCommitMs: Int64 = 1000

    init(store: SidelineStore, sessionID: Int64, startNs: UInt64, wearers: [UInt16: SessionRecording.Wearer]) {
        self.store = store
        self.writer = SessionWriter(store: store, sessionID: sessionID)
        self.recording = SessionRecording(startNs: startNs, wearers: wearers)
    }

    /// Takes one event from the ring into the pending batch.
    func ingest(_ event: SensorEvent) { recording.ingest(event) }

    /// Commits when a second of session time has passed since the last commit (or when `force`).
    /// Returns true when something was committed. A commit that fails (a full disk) keeps the
    /// batch for the next second and throws.
    @discardableResult
    func commitIfDue(nowNs: UInt64, force: Bool = false) throws -> Bool {
        let offset = recording.offsetMs(nowNs)
        guard force || offset >= nextCommitMs else { return false }
        let fresh = recording.takeBatch()
        pending.samples += fresh.samples
        pending.rrIntervals += fresh.rrIntervals
        pending.strapEvents += fresh.strapEvents
        try writer.commit(pending, upToMs: offset)
        pending = SessionRecording.Batch()
        nextCommitMs = (offset / 1000 + 1) * 1000
        return true
    }
}

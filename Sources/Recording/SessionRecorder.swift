import Foundation
import Store
import TeamCore

/// Records one session into the store: writes its row, files the events of its lineup as rows
/// (`SessionRecording`), commits them once per second of session in one transaction
/// (`SessionWriter`), marks the effort's end, and ends the row. The kiosk and `record` both record
/// through it, fed by the `SensorPump`; a process that dies mid-session leaves the row running,
/// and the next store opened marks it interrupted, kept up to its last committed second.
public final class SessionRecorder {
    public let store: SidelineStore
    public let writer: SessionWriter
    public private(set) var recording: SessionRecording
    /// Events stamped at or after this are not the session's (`record` ends at a planned time, and a
    /// fast simulation runs past it). nil: every event until `finish`.
    public var endsAtNs: UInt64?
    /// Told of every event the session takes, as it takes it (`record --progress` prints them).
    public var onTaken: ((SensorEvent) -> Void)?
    private var pending = SessionRecording.Batch()
    private var nextCommitMs: Int64 = 1000

    /// Writes the session row, dated `date` (the wall clock at `nowNs`), and records from `nowNs` on
    /// the app's clock: events already in the ring are older, and counted as early.
    public init(store: SidelineStore, teamID: Int64, lineup: Lineup, plannedMs: Int64?, zoneModel: ZoneModel = .percentOfMax,
                formula: MaxHeartRateFormula = .tanaka, tags: [String] = [], date: Date, nowNs: UInt64) throws {
        let row = try store.startSession(teamID: teamID,
                                         participants: lineup.wearers.map { Participant(playerID: $0.playerID, strapID: $0.strapID) },
                                         plannedDurationMs: plannedMs, zoneModel: zoneModel, formula: formula, tags: tags, at: date)
        self.store = store
        writer = SessionWriter(store: store, sessionID: row.id)
        recording = SessionRecording(start: SessionStart(sessionID: row.id, ns: nowNs, date: row.startedAt), lineup: lineup)
    }

    public var start: SessionStart { recording.start }

    /// Takes one event from the pump into the pending batch.
    public func ingest(_ event: SensorEvent) {
        if let end = endsAtNs, event.timestampNs >= end { return }
        if recording.ingest(event) { onTaken?(event) }
    }

    /// Commits when a second of session time has passed since the last commit (or when `force`).
    /// Returns true when something was committed. A commit that fails (a full disk) keeps the
    /// batch for the next second and throws.
    @discardableResult
    public func commitIfDue(nowNs: UInt64, force: Bool = false) throws -> Bool {
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

    /// The effort ended `offsetMs` into the session (written at once); recording goes on for the recovery.
    public func endEffort(atOffsetMs offsetMs: Int64) throws {
        try store.setEffortEnd(start.sessionID, tMs: offsetMs)
    }

    /// Commits what is pending and ends the row at `nowNs`. The ring is pumped first (by
    /// `SensorPump.finishRecording`): what is still in it happened before now.
    public func finish(nowNs: UInt64) throws {
        try commitIfDue(nowNs: nowNs, force: true)
        try store.endSession(start.sessionID, at: start.date(atOffsetMs: recording.offsetMs(nowNs)))
    }
}

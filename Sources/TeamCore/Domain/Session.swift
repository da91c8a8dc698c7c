import Foundation

/// One recorded training session of a team.
public struct Session: Sendable, Equatable, Codable, Identifiable {
    public enum State: String, Sendable, Codable {
        case running, paused, ended
        /// The process died while the session was running; data up to the last committed second is kept.
        case interrupted
    }

    /// How long a session records on after its effort, so heart-rate recovery
    /// (the drop in the 60 s after the effort, HRR60) can be read afterwards.
    public static let recoveryMs: Int64 = 60_000

    /// The store's row id: a session exists from the moment its row is written.
    public var id: Int64
    public var teamID: Int64
    /// nil for an open-ended session.
    public var plannedDurationMs: Int64?
    public var startedAt: Date
    public var endedAt: Date?
    public var state: State
    /// Context so comparable sessions can be compared (e.g. "match", "rest-test", "seated").
    public var tags: [String]
    public var reviewed: Bool
    /// The zone model the coach chose for this session (review shows zones as they were).
    public var zoneModel: ZoneModel
    /// When the effort ended (countdown at zero, the coach stopped), ms since the start like
    /// `Sample.tMs`; the recording may go on for the recovery minute. nil: not recorded (older sessions).
    public var effortEndMs: Int64?
    /// Who it is in the club (its bundle's and its tombstone's key); nil only for a session made outside the store.
    public var uuid: UUID?

    public init(id: Int64, teamID: Int64, plannedDurationMs: Int64?, startedAt: Date,
                endedAt: Date? = nil, state: State = .running, tags: [String] = [], reviewed: Bool = false,
                zoneModel: ZoneModel = .percentOfMax, effortEndMs: Int64? = nil, uuid: UUID? = nil) {
        self.id = id
        self.teamID = teamID
        self.plannedDurationMs = plannedDurationMs
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.state = state
        self.tags = tags
        self.reviewed = reviewed
        self.zoneModel = zoneModel
        self.effortEndMs = effortEndMs
        self.uuid = uuid
    }
}

/// Who took part in a session, wearing which strap (a per-session override
/// that leaves the team's default assignment alone), and their physiology as
/// it was that day.
public struct SessionPlayer: Sendable, Equatable, Codable {
    public var sessionID: Int64
    public var playerID: Int64
    public var strapID: Int64?
    public var shirtNumber: Int
    public var physiology: Physiology

    public init(sessionID: Int64, playerID: Int64, strapID: Int64?, shirtNumber: Int, physiology: Physiology) {
        self.sessionID = sessionID
        self.playerID = playerID
        self.strapID = strapID
        self.shirtNumber = shirtNumber
        self.physiology = physiology
    }
}

/// A lap marker the coach set, at an offset from the session start.
public struct Lap: Sendable, Equatable, Codable {
    public var sessionID: Int64
    public var tMs: Int64
    public var label: String?

    public init(sessionID: Int64, tMs: Int64, label: String? = nil) {
        self.sessionID = sessionID
        self.tMs = tMs
        self.label = label
    }
}

extension Session {
    /// A readiness check (tagged `readiness`, with the posture it was taken in), not a training session.
    public var isReadinessCheck: Bool { SessionTags(stored: tags).isReadinessCheck }

    /// A fitness test (tagged `fitness-test` and its pace): the run is the effort, the standing still its recovery minute.
    public var isFitnessTest: Bool { SessionTags(stored: tags).isFitnessTest }

    /// A readiness check or a fitness test: a measurement, not training — no load, no RPE.
    public var isMeasurement: Bool { SessionTags(stored: tags).isMeasurement }

    /// How long the session recorded: to its end, else as planned; nil while an open-ended one runs.
    public var recordedMs: Int64? {
        if let end = endedAt { return max(0, Int64((end.timeIntervalSince(startedAt) * 1000).rounded())) }
        return plannedDurationMs
    }

    /// When the effort ended, within a recording `recordedMs` long: as stored (the recovery minute
    /// follows it); for older sessions without it, the countdown's end if there was one, else the
    /// recording's end (a pause or an early stop makes that guess wrong).
    public func effortEndMs(recordedMs: Int64) -> Int64 {
        if let stored = effortEndMs { return min(max(0, stored), recordedMs) }
        return min(plannedDurationMs ?? recordedMs, recordedMs)
    }
}

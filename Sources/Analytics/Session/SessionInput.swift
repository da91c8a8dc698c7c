import Localization
import TeamCore

/// Everything recorded in a session, as the analysis needs it.
public struct SessionInput: Sendable {
    public var session: Session
    public var players: [SessionPlayer]
    /// Each player's samples, in time order.
    public var samples: [Int64: [Sample]]
    /// Each player's RR intervals, in time order.
    public var rrIntervals: [Int64: [RRInterval]]
    public var laps: [Lap]
    /// The drills the coach started (the phases besides the interval blocks, which are laps).
    public var drills: [DrillStart] = []
    /// HRV windows besides the whole session.
    public var hrvWindows: [HRVWindow]
    /// What earlier analyses kept of each player's recording (a cache: track, NN series, the whole
    /// session's HRV); players without it have theirs computed from `samples` and `rrIntervals`.
    public var recorded: [Int64: RecordingFigures] = [:]
    /// The session's last sample's time, when `samples` is not the whole recording (`SessionReview`
    /// reads it a player at a time and hands over `recorded` instead): what `durationMs` takes for a
    /// session without a recorded length. nil: the last of `samples`.
    public var lastSampleMs: Int64?

    public init(session: Session, players: [SessionPlayer], samples: [Int64: [Sample]],
                rrIntervals: [Int64: [RRInterval]], laps: [Lap], hrvWindows: [HRVWindow] = [.firstFiveMinutes]) {
        self.session = session
        self.players = players
        self.samples = samples
        self.rrIntervals = rrIntervals
        self.laps = laps
        self.hrvWindows = hrvWindows
    }

    /// The analysis's input from a session's rows (a club bundle's, or the store's).
    public init(_ rows: SessionRows, hrvWindows: [HRVWindow] = [.firstFiveMinutes]) {
        self.init(session: rows.session, players: rows.players, samples: rows.samples, rrIntervals: rows.rrIntervals,
                  laps: rows.laps, hrvWindows: hrvWindows)
        drills = rows.drills
    }

    /// The recorded rows this input was made of (without the windows and caches the analysis adds).
    public var rows: SessionRows {
        SessionRows(session: session, players: players, samples: samples, rrIntervals: rrIntervals, laps: laps, drills: drills)
    }

    /// How long the session ran: to its end, else the planned length, else the last sample.
    public var durationMs: Int64 {
        if let recorded = session.recordedMs { return recorded }
        let last = lastSampleMs ?? samples.values.compactMap { $0.last?.tMs }.max()
        return last.map { $0 + HeartRateTrack.lastSampleMs } ?? 0
    }

    /// When the effort ended: as the session recorded it (the recording may go on for the
    /// recovery minute); for older sessions without it, the countdown's end if there was one,
    /// else the session's end (a pause or an early stop makes that guess wrong).
    public var effortEndMs: Int64 { session.effortEndMs(recordedMs: durationMs) }

    /// Where session totals (zone time, kcal, TRIMP, effort points…) stop: at a recorded effort
    /// end when the recording went on past it, so the recovery minute is measured, not counted as
    /// work (the live tiles stop earning there too). nil: everything recorded counts.
    public var totalsEndMs: Int64? {
        guard session.effortEndMs != nil, effortEndMs < durationMs else { return nil }
        return effortEndMs
    }

    /// The window review reports a player's HRV over, said beside it: over a whole session the
    /// exercise in it swamps what HRV tells. A readiness check: its last two minutes, the player
    /// settled (`Readiness.windowMs`); a session with a recovery minute recorded after its effort:
    /// that minute; else its first five minutes, the rest before the drills.
    public var reportedHRVWindow: HRVWindow {
        let end = effortEndMs
        if session.isReadinessCheck {
            return HRVWindow(label: Readiness.windowLabel, fromMs: max(0, end - Readiness.windowMs), toMs: end)
        }
        if let recoveryFrom = totalsEndMs {
            return HRVWindow(label: N_("recovery minute"), fromMs: recoveryFrom, toMs: recoveryFrom + Session.recoveryMs)
        }
        return .firstFiveMinutes
    }

    /// The session's phases in time order: its drills (within the effort) and its interval blocks (from
    /// their laps); a fitness test's run and standing still (decision 079). One notion, one list (decision 077).
    public var phases: [SessionPhase] {
        let test = session.isFitnessTest ? FitnessTestPlan.phases(effortEndMs: effortEndMs) : []
        return (test + DrillStart.phases(drills, effortEndMs: effortEndMs) + SessionPhase.intervalBlocks(fromLaps: laps))
            .sorted { ($0.fromMs, $0.toMs) < ($1.fromMs, $1.toMs) }
    }

    /// Lap spans from the coach's marks: [0, mark1), [mark1, mark2), …, [last mark, effort end).
    /// A mark's label names the span it closes; a labelled mark at the effort's end (an interval
    /// block cut short by it, or the program's last) names the last span.
    public var lapSpans: [(fromMs: Int64, toMs: Int64, label: String?)] {
        let end = effortEndMs
        let marks = laps.filter { $0.tMs > 0 && $0.tMs < end }.sorted { $0.tMs < $1.tMs }
        var spans: [(Int64, Int64, String?)] = []
        var from: Int64 = 0
        for mark in marks where mark.tMs > from {
            spans.append((from, mark.tMs, mark.label))
            from = mark.tMs
        }
        spans.append((from, end, laps.last { $0.tMs == end && $0.label != nil }?.label))
        return spans
    }
}

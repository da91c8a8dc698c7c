/// A submaximal fitness test as the coach starts it: the whole team runs shuttles at one fixed pace for a few
/// minutes, each turn on a beep of the kiosk's, then stands still for a minute (docs/ANALYTICS.md, "Fitness test":
/// HRex over the run's last 30 s and HRR60 after it, Buchheit 2014).
///
/// Recorded as a session of its own kind (decision 079): tags `fitness-test` and the pace as the free word
/// (`12kmh-20m`), the run as the effort (planned for `runMs`), the standing still as the recovery minute.
/// Only tests of the same run and pace compare: a lower HRex at the same pace is a fitter heart.
public struct FitnessTestPlan: Sendable, Equatable, Hashable {
    /// 2 to 10 minutes: long enough for the heart rate to level off before the last 30 s are measured.
    public static let runRangeMs: ClosedRange<Int64> = 120_000...600_000
    /// Walking pace to a fast run, in whole km/h (the pace word has no decimal point).
    public static let speedRangeKmh = 6...20
    public static let shuttleRangeMetres = 10...100
    /// Standing still after the run: the recovery minute every session may record (HRR60).
    public static let standingMs = Session.recoveryMs
    /// The default: 4 min at 12 km/h over 20 m shuttles (a turn every 6 s), then 60 s standing still.
    public static let standard = FitnessTestPlan(runMs: 240_000, speedKmh: 12, shuttleMetres: 20)

    public var runMs: Int64
    public var speedKmh: Int
    public var shuttleMetres: Int

    public init(runMs: Int64, speedKmh: Int, shuttleMetres: Int) {
        self.runMs = runMs
        self.speedKmh = speedKmh
        self.shuttleMetres = shuttleMetres
    }

    /// How often the kiosk beeps: one shuttle at the pace (20 m at 12 km/h: 6 s).
    public var beepIntervalMs: Int64 { Int64(shuttleMetres) * 3_600 / Int64(max(1, speedKmh)) }

    /// "12kmh-20m": the pace as the session's free tag word, so it is stored, exported and synced with the tags.
    public var paceWord: String { "\(speedKmh)kmh-\(shuttleMetres)m" }

    /// The test's session tags.
    public var tags: SessionTags { SessionTags(kind: .fitnessTest, word: paceWord) }

    /// "4 min at 12 km/h, 20 m shuttles".
    public var label: String { "\(IntervalProgram.duration(runMs)) at \(speedKmh) km/h, \(shuttleMetres) m shuttles" }

    /// Why this cannot be a test, in one plain line; nil when it can.
    public var problem: String? {
        if !Self.runRangeMs.contains(runMs) { return "a fitness test runs 120 to 600 seconds, not \(runMs / 1000)" }
        if !Self.speedRangeKmh.contains(speedKmh) { return "a fitness test's pace is 6 to 20 km/h, not \(speedKmh)" }
        if !Self.shuttleRangeMetres.contains(shuttleMetres) { return "a fitness test's shuttle is 10 to 100 m, not \(shuttleMetres)" }
        return nil
    }

    /// Reads a pace word ("12kmh-20m") with the run's length; nil for anything else.
    public init?(runMs: Int64, paceWord: String) {
        let parts = paceWord.split(separator: "-")
        guard parts.count == 2, parts[0].hasSuffix("kmh"), parts[1].hasSuffix("m"),
              let speed = Int(parts[0].dropLast(3)), let shuttle = Int(parts[1].dropLast()) else { return nil }
        self.init(runMs: runMs, speedKmh: speed, shuttleMetres: shuttle)
    }

    /// The plan a recorded test ran: its pace word and its planned run; nil for a session that is no fitness test.
    public init?(session: Session) {
        let tags = SessionTags(stored: session.tags)
        guard tags.isFitnessTest, let word = tags.word, let run = session.plannedDurationMs else { return nil }
        self.init(runMs: run, paceWord: word)
    }

    /// The test's run and its standing still as phases of the session's clock (decision 077's one notion of a phase):
    /// the run to where the effort ended, the standing still the minute after it.
    public static func phases(effortEndMs: Int64) -> [SessionPhase] {
        [SessionPhase(kind: .work, name: "RUN", fromMs: 0, toMs: effortEndMs),
         SessionPhase(kind: .rest, name: "STAND STILL", fromMs: effortEndMs, toMs: effortEndMs + standingMs)]
    }
}

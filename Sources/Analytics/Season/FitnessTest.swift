import Localization
import TeamCore

/// One player's result of one submaximal fitness test (docs/ANALYTICS.md, "Fitness test"): HRex, the mean heart
/// rate over the run's last 30 s as % HRmax, and HRR60, the drop in the minute standing still after it.
public struct FitnessResult: Sendable, Equatable {
    public var sessionID: Int64
    public var day: CalendarDay
    /// What makes two tests comparable: the run's length and pace ("240 s 12kmh-20m").
    public var protocolKey: String
    /// % HRmax; nil when the run was cut short or the strap heard too little of its last 30 s.
    public var hrex: Double?
    /// bpm; nil without a heart rate at the run's end or 60 s later.
    public var hrr60: Double?

    public init(sessionID: Int64, day: CalendarDay, protocolKey: String, hrex: Double?, hrr60: Double?) {
        self.sessionID = sessionID
        self.day = day
        self.protocolKey = protocolKey
        self.hrex = hrex
        self.hrr60 = hrr60
    }
}

/// A test read against the player's previous comparable one.
public struct FitnessAssessment: Sendable, Equatable {
    public enum Change: String, Sendable, Equatable {
        /// HRex lower by more than the typical error: the same pace costs the heart less.
        case better
        case within
        /// HRex higher by more than the typical error.
        case worse

        /// The word as shown (a message: the kiosk draws it translated).
        public var label: String {
            switch self {
            case .better: N_("better")
            case .within: N_("within")
            case .worse: N_("worse")
            }
        }
    }

    public var result: FitnessResult
    /// The player's last earlier test of the same protocol with an HRex; nil: this is the first.
    public var previous: FitnessResult?
    /// HRex now minus HRex then, % HRmax points; nil without both.
    public var hrexChange: Double?
    /// nil without a change to read.
    public var change: Change?
}

public enum FitnessTest {
    /// HRex is the mean over the run's last 30 s (Buchheit 2014: a 30- to 60-s average).
    public static let measuredMs: Int64 = 30_000
    /// Less signal than this in those 30 s gives no HRex (a strap that slipped, not a fitter player).
    public static let minimumSignalMs: Int64 = 20_000
    /// HRex's typical error, % HRmax points: a change beyond it is read as real (docs/ANALYTICS.md: Lamberts et al. 2004,
    /// a CV of 1.1–1.4 % of submaximal HR, ≈ 1 point at 85 % HRmax; Buchheit 2014).
    public static let typicalErrorPoints = 1.0
    /// A run this much shorter than planned is cut short: no HRex (its last 30 s were not the test's).
    public static let runToleranceMs: Int64 = 1_000

    /// "240 s 12kmh-20m".
    public static func protocolKey(_ plan: FitnessTestPlan) -> String { "\(plan.runMs / 1000) s \(plan.paceWord)" }

    /// A player's HRex in a test whose run ended at `runEndMs`: the time-weighted mean heart rate of [end − 30 s, end)
    /// under the analysis's artefact rules (`HeartRateStats`), as % of the HRmax the session snapshot holds.
    public static func hrex(of player: PlayerAnalysis, runEndMs: Int64) -> Metric<Double> {
        let weights = HeartRateWeights(physiology: player.physiology, zoneModel: .percentOfMax)
        let stats = HeartRateStats(track: player.track, weights: weights, fromMs: runEndMs - measuredMs, toMs: runEndMs)
        guard stats.signalMs >= minimumSignalMs, let mean = stats.averageBPM.value else { return .notEnoughData(.noHeartRate) }
        return .finite(player.physiology.percentOfMax(mean), else: .noHeartRate)
    }

    /// Each player's HRex of an analysed fitness test (by player id); empty for any other session or a run cut short.
    public static func hrex(of analysis: SessionAnalysis) -> [Int64: Double] {
        guard let plan = FitnessTestPlan(session: analysis.session), analysis.effortEndMs + runToleranceMs >= plan.runMs else { return [:] }
        var out: [Int64: Double] = [:]
        for p in analysis.players { out[p.playerID] = hrex(of: p, runEndMs: analysis.effortEndMs).value }
        return out
    }

    /// Every test of a player's, oldest first, each read against the last earlier one of the same protocol with an HRex.
    public static func assess(_ results: [FitnessResult]) -> [FitnessAssessment] {
        let ordered = results.sorted { ($0.day, $0.sessionID) < ($1.day, $1.sessionID) }
        var lastByProtocol: [String: FitnessResult] = [:]
        return ordered.map { r in
            let previous = lastByProtocol[r.protocolKey]
            var assessment = FitnessAssessment(result: r, previous: previous, hrexChange: nil, change: nil)
            if let now = r.hrex, let then = previous?.hrex {
                let delta = now - then
                assessment.hrexChange = delta
                assessment.change = delta > typicalErrorPoints ? .worse : delta < -typicalErrorPoints ? .better : .within
            }
            if r.hrex != nil { lastByProtocol[r.protocolKey] = r }
            return assessment
        }
    }

    /// The player's latest test up to `day`, read against the one before; nil: none yet.
    public static func latest(_ results: [FitnessResult], on day: CalendarDay) -> FitnessAssessment? {
        assess(results.filter { $0.day <= day }).last
    }
}

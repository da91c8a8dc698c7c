import TeamCore

/// What one finished session is to one player's season, told by its tags: a readiness check (its HRV,
/// no load), a fitness test (its HRex and HRR60, no load), or training load (`SessionTags.isMeasurement`
/// says which are not load). The one rule the kiosk's
/// season (`SessionReview.PlayerSeason`) and the club's (`ClubServer.ClubSeason`) both follow.
public enum SeasonPart: Sendable, Equatable {
    case load(SessionLoad)
    case check(ReadinessCheck)
    case fitnessTest(FitnessResult)

    /// `figures`: what the season keeps of the player's session; `plannedMs`: what the session planned
    /// (a fitness test's run); `rpe` and `effortMinutes`: the player's rating and the minutes it multiplies.
    public init(sessionID: Int64, day: CalendarDay, tags: SessionTags, plannedMs: Int64?, figures: SessionSeasonFigures,
                rpe: Int?, effortMinutes: Double) {
        if tags.isReadinessCheck {
            self = .check(ReadinessCheck(sessionID: sessionID, day: day, posture: tags.posture?.rawValue ?? "", lnRMSSD: figures.lnRMSSD,
                                         restingBPM: figures.restingBPM, correctedShare: figures.correctedShare))
        } else if tags.isFitnessTest {
            let plan = plannedMs.flatMap { FitnessTestPlan(runMs: $0, paceWord: tags.word ?? "") }
            self = .fitnessTest(FitnessResult(sessionID: sessionID, day: day, protocolKey: plan.map(FitnessTest.protocolKey) ?? tags.word ?? "",
                                              hrex: figures.hrex, hrr60: figures.recoveryBPM))
        } else {
            self = .load(SessionLoad(sessionID: sessionID, day: day, cardioLoad: figures.cardioLoad, zones: figures.zones,
                                     rpe: rpe, effortMinutes: effortMinutes))
        }
    }

    public var load: SessionLoad? { if case .load(let l) = self { l } else { nil } }
    public var check: ReadinessCheck? { if case .check(let c) = self { c } else { nil } }
    public var fitnessTest: FitnessResult? { if case .fitnessTest(let f) = self { f } else { nil } }
}

import Localization
import TeamCore

/// The player's latest readiness check reads below their normal range (`Readiness.assess`), and it
/// is recent: a check older than its own 7-day baseline says nothing about today.
public struct ReadinessBelowRule: PlayerFlagRule {
    public init() {}

    public func flag(_ player: FlagInput.Player, on day: CalendarDay) -> AttentionFlag? {
        guard let a = player.row.readiness, a.status == .below, let baseline = a.baseline, let low = a.normalLow, let high = a.normalHigh,
              a.check.day.dayNumber > day.dayNumber - Readiness.baselineDays else { return nil }
        // Two decimals as the season shows lnRMSSD; more when two would print the mean equal to the range's floor.
        let digits = distinctDigits(baseline, from: low)
        return AttentionFlag(kind: .readiness, subject: player.subject,
                    reason: Message(N_("7-day lnRMSSD {baseline}, normal {low}–{high} · check {day}, {posture}"),
                                    ["baseline": flagNumber(baseline, digits: digits), "low": flagNumber(low, digits: digits),
                                     "high": flagNumber(high, digits: digits)],
                                    words: ["posture": SessionTags.Posture(rawValue: a.check.posture)?.word ?? a.check.posture],
                                    days: ["day": "\(a.check.day)"]),
                    figures: ["baseline": baseline, "normalLow": low, "normalHigh": high])
    }
}

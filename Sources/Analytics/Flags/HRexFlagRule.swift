import Localization
import TeamCore

/// The player's latest fitness test has an HRex higher than their previous one at the same run and pace by more than the
/// test's typical error (`FitnessTest.assess`), and it is recent: a test older than two weeks is history, not today's news.
public struct HRexWorseRule: PlayerFlagRule {
    /// Teams test every one to four weeks; a result stands for the two weeks after it.
    public static let recentDays = 14

    public init() {}

    public func flag(_ player: FlagInput.Player, on day: CalendarDay) -> AttentionFlag? {
        guard let a = player.row.fitness, a.change == .worse, let now = a.result.hrex, let then = a.previous?.hrex, let delta = a.hrexChange,
              a.result.day.dayNumber > day.dayNumber - Self.recentDays else { return nil }
        let te = FitnessTest.typicalErrorPoints
        // One decimal as the test shows HRex; more when one would print the change equal to the typical error.
        let digits = flagNumber(delta, digits: 1) == flagNumber(te, digits: 1) ? distinctDigits(delta, from: te) : 1
        return AttentionFlag(kind: .hrex, subject: player.subject,
                             reason: Message(N_("HRex {now} % HRmax on {day}, was {then} (+{change}, typical error {error})"),
                                             ["now": flagNumber(now, digits: 1), "then": flagNumber(then, digits: 1),
                                              "change": flagNumber(delta, digits: digits), "error": flagNumber(te, digits: 1)],
                                             days: ["day": "\(a.result.day)"]),
                             figures: ["hrex": now, "previous": then, "change": delta, "typicalError": te])
    }
}

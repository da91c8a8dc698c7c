import Localization
import TeamCore

/// The season's load status says overreaching: Strain ÷ Tolerance above the club's threshold
/// (Polar's 1.5 unless moved; `PlayerLoadHistory` decides, this reads its word).
public struct OverreachingRule: PlayerFlagRule {
    public var thresholds: LoadStatusThresholds

    public init(thresholds: LoadStatusThresholds = .polar) { self.thresholds = thresholds }

    public func flag(_ player: FlagInput.Player, on day: CalendarDay) -> AttentionFlag? {
        let f = player.row.figures
        guard f.status == .overreaching, let ratio = f.acwrRolling else { return nil }
        return AttentionFlag(kind: .overreaching, subject: player.subject,
                    reason: Message(N_("Strain {strain} ÷ Tolerance {tolerance} = {ratio} (overreaching above {threshold})"),
                                    ["strain": flagNumber(f.strain), "tolerance": flagNumber(f.tolerance),
                                     "ratio": flagNumber(ratio, digits: distinctDigits(ratio, from: thresholds.overreachingAbove)),
                                     "threshold": flagNumber(thresholds.overreachingAbove, digits: 2)]),
                    figures: ["strain": f.strain, "tolerance": f.tolerance, "ratio": ratio, "threshold": thresholds.overreachingAbove])
    }
}

/// The EWMA acute:chronic workload ratio — the one `sideline season` shows — in its band above 1.5
/// (`ACWRBand.veryHigh`; Gabbett 2016, guidance only).
public struct ACWRRule: PlayerFlagRule {
    public init() {}

    public func flag(_ player: FlagInput.Player, on day: CalendarDay) -> AttentionFlag? {
        let f = player.row.figures
        guard let acwr = f.acwrEWMA, ACWRBand(ratio: acwr) == .veryHigh else { return nil }
        return AttentionFlag(kind: .acwr, subject: player.subject,
                    reason: Message(N_("ACWR {acwr} = acute {acute} / chronic {chronic}"),
                                    ["acwr": flagNumber(acwr, digits: distinctDigits(acwr, from: 1.5)), "acute": flagNumber(f.acuteEWMA),
                                     "chronic": flagNumber(f.chronicEWMA)]),
                    figures: ["acwr": acwr, "acute": f.acuteEWMA, "chronic": f.chronicEWMA])
    }
}

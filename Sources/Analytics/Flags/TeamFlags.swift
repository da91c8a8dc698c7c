import TeamCore

/// A team's flags on a day: what needs attention, and what was dismissed for the day.
public struct FlagList: Sendable, Equatable {
    public var day: CalendarDay
    /// In rule order (`FlagKind.allCases`), then by the roster's order.
    public var active: [AttentionFlag]
    public var dismissed: [AttentionFlag]

    public func flag(key: String) -> AttentionFlag? { (active + dismissed).first { $0.key == key } }
}

/// Every rule over a team on a day: one list, the same on the kiosk, the command line and the club
/// (each reads its own stored data into `FlagInput`). Pure; rules and sources: docs/ANALYTICS.md ("Flags").
public enum TeamFlags {
    public static func playerRules(thresholds: LoadStatusThresholds) -> [any PlayerFlagRule] {
        [OverreachingRule(thresholds: thresholds), ACWRRule(), ReadinessBelowRule(), WellnessDropRule(), HRexWorseRule(), NoMaxHeartRateRule()]
    }

    public static let strapRules: [any StrapFlagRule] = [StrapBatteryRule(), StrapUnseenRule()]

    /// `dismissed`: the keys dismissed for `input.day`.
    public static func list(_ input: FlagInput, dismissed: Set<String> = [], thresholds: LoadStatusThresholds = .polar) -> FlagList {
        let rules = playerRules(thresholds: thresholds)
        var flags: [AttentionFlag] = []
        for player in input.players { flags += rules.compactMap { $0.flag(player, on: input.day) } }
        for strap in input.straps { flags += strapRules.compactMap { $0.flag(strap, on: input.day) } }
        let order = Dictionary(uniqueKeysWithValues: FlagKind.allCases.enumerated().map { ($1, $0) })
        // Stable: within a rule, the input's (the roster's) order.
        flags = flags.enumerated().sorted { (order[$0.element.kind]!, $0.offset) < (order[$1.element.kind]!, $1.offset) }.map(\.element)
        return FlagList(day: input.day, active: flags.filter { !dismissed.contains($0.key) },
                        dismissed: flags.filter { dismissed.contains($0.key) })
    }
}

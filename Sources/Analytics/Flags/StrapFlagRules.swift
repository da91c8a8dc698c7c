import Localization
import TeamCore

/// A strap the team wears last reported its battery below 20 %.
public struct StrapBatteryRule: StrapFlagRule {
    /// Below this level, % (a strap's coin cell reports "low" about here; docs/ANALYTICS.md).
    public static let lowBelow = 20

    public init() {}

    public func flag(_ strap: FlagInput.Strap, on day: CalendarDay) -> AttentionFlag? {
        guard let battery = strap.battery, battery < Self.lowBelow else { return nil }
        return AttentionFlag(kind: .strapBattery, subject: strap.subject, reason: Message(N_("battery {level} % (below {low} %)"),
                                                                                                 ["level": "\(battery)", "low": "\(Self.lowBelow)"]),
                    figures: ["battery": Double(battery)])
    }
}

/// A strap the team wears has not been heard for 7 days or more (a strap never heard is not
/// flagged: nothing is known of it yet).
public struct StrapUnseenRule: StrapFlagRule {
    public static let days = 7

    public init() {}

    public func flag(_ strap: FlagInput.Strap, on day: CalendarDay) -> AttentionFlag? {
        guard let seen = strap.lastSeen else { return nil }
        let days = day.dayNumber - seen.dayNumber
        guard days >= Self.days else { return nil }
        return AttentionFlag(kind: .strapUnseen, subject: strap.subject, reason: Message(N_("last seen {day}, {days} days ago"),
                                                                                                ["days": "\(days)"], days: ["day": "\(seen)"]),
                    figures: ["daysUnseen": Double(days)])
    }
}

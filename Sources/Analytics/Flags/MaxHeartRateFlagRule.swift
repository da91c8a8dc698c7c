import Localization
import TeamCore

/// The player has no measured HRmax: zones and loads use an age formula's estimate, which can be
/// 10–12 bpm off either way (docs/ANALYTICS.md).
public struct NoMaxHeartRateRule: PlayerFlagRule {
    public init() {}

    public func flag(_ player: FlagInput.Player, on day: CalendarDay) -> AttentionFlag? {
        guard player.maxSource != .measured else { return nil }
        return AttentionFlag(kind: .maxHR, subject: player.subject,
                    reason: Message(N_("zones use the {formula} age estimate, {bpm} bpm"),
                                    ["formula": player.maxSource.rawValue, "bpm": flagNumber(player.maxHR)]),
                    figures: ["estimatedMaxHR": player.maxHR])
    }
}

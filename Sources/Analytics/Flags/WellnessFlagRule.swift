import Localization
import TeamCore

/// The day's wellness answers dropped beyond 1 SD of the player's own 28 days — in the total or any
/// item (`WellnessDay.flagged`, decision 070: this reads that rule, it does not restate it).
public struct WellnessDropRule: PlayerFlagRule {
    public init() {}

    public func flag(_ player: FlagInput.Player, on day: CalendarDay) -> AttentionFlag? {
        guard let w = player.row.wellness, w.flagged else { return nil }
        var parts: [Message] = [], figures: [String: Double] = [:]
        // The total in full (value, mean ± SD, z); each dropped item short (value vs its mean): one line on the kiosk.
        func describe(_ key: String, _ s: WellnessScore, item: WellnessItem?) {
            guard s.dropped, let mean = s.mean, let sd = s.sd else { return }
            let numbers = ["value": "\(s.value)", "mean": flagNumber(mean, digits: 1)]
            if let item {
                parts.append(Message(N_("{item} {value} vs {mean}"), numbers, words: ["item": item.word]))
            } else if let z = s.z {
                parts.append(Message(N_("total {value} vs {mean} ± {sd} (z {z})"),
                                     numbers.merging(["sd": flagNumber(sd, digits: 1), "z": flagNumber(z, digits: 1)]) { a, _ in a }))
            } else {
                parts.append(Message(N_("total {value} vs {mean} ± {sd}"), numbers.merging(["sd": flagNumber(sd, digits: 1)]) { a, _ in a }))
            }
            figures[key] = Double(s.value)
            figures[key + "Mean"] = mean
            figures[key + "SD"] = sd
        }
        describe("total", w.total, item: nil)
        for item in w.droppedItems { describe(item.rawValue, w.score(item), item: item) }
        guard let first = parts.first else { return nil }
        var reason = first
        reason.following = Array(parts.dropFirst())
        return AttentionFlag(kind: .wellness, subject: player.subject, reason: reason, figures: figures)
    }
}

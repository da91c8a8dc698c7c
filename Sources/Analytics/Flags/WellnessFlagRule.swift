import TeamCore

/// The day's wellness answers dropped beyond 1 SD of the player's own 28 days — in the total or any
/// item (`WellnessDay.flagged`, decision 070: this reads that rule, it does not restate it).
public struct WellnessDropRule: PlayerFlagRule {
    public init() {}

    public func flag(_ player: FlagInput.Player, on day: CalendarDay) -> AttentionFlag? {
        guard let w = player.row.wellness, w.flagged else { return nil }
        var parts: [String] = [], figures: [String: Double] = [:]
        // The total in full (value, mean ± SD, z); each dropped item short (value vs its mean): one line on the kiosk.
        func describe(_ name: String, _ key: String, _ s: WellnessScore, full: Bool) {
            guard s.dropped, let mean = s.mean, let sd = s.sd else { return }
            parts.append("\(name) \(s.value) vs \(flagNumber(mean, digits: 1))"
                         + (full ? " ± \(flagNumber(sd, digits: 1))" + (s.z.map { " (z \(flagNumber($0, digits: 1)))" } ?? "") : ""))
            figures[key] = Double(s.value)
            figures[key + "Mean"] = mean
            figures[key + "SD"] = sd
        }
        describe("total", "total", w.total, full: true)
        for item in w.droppedItems { describe(item.rawValue, item.rawValue, w.score(item), full: false) }
        return AttentionFlag(kind: .wellness, subject: player.subject, reason: parts.joined(separator: "; "), figures: figures)
    }
}

/// What a live tile shows on its third line, under the big number: the coach's choice in
/// settings. Sorted by effort, the tiles show the points they are sorted by, whatever the choice
/// (players ranked by a number nobody can see are confused by the order).
public enum TileDetail: String, Sendable, Equatable, CaseIterable {
    /// Percentage of the player's maximum heart rate (the default).
    case percentOfMax
    /// Energy spent since the session started (Keytel 2005, as review computes it).
    case kcal
    /// Session effort points (`EffortPoints`).
    case effortPoints
    /// Effort points ahead of (+3) or behind (−5) where the player was at the same minute of the
    /// team's previous session with the same tags; the points themselves when there is none.
    case versusLastTime

}

/// How a season word is coloured: its meaning for the coach, not a colour (the screens choose those;
/// the word always shows beside the colour).
public enum SeasonTone: String, Sendable, Equatable {
    /// Building a baseline, or no reading: nothing to say yet.
    case unknown
    /// Detraining; readiness above the normal range.
    case low
    /// Maintaining.
    case steady
    /// Productive; readiness within the normal range.
    case good
    /// Readiness below the normal range.
    case caution
    /// Overreaching.
    case high
}

/// A load status or readiness as the season screens show it: the analysis's word, its tone, and its
/// place when the table is sorted by that column (what needs attention first).
public struct SeasonWord: Sendable, Equatable {
    public var text: String
    public var tone: SeasonTone
    public var order: Int

    public init(text: String, tone: SeasonTone, order: Int) {
        self.text = text
        self.tone = tone
        self.order = order
    }

    /// A player without any readiness check.
    public static let none = SeasonWord(text: "–", tone: .unknown, order: 99)
}

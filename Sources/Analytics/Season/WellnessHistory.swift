import TeamCore

/// One number of a day's wellness (the total or one item) against the player's own answers of the
/// 28 days before.
public struct WellnessScore: Sendable, Equatable {
    public var value: Int
    /// Mean and sample SD (n − 1) of the earlier answers; nil with fewer than `WellnessHistory.minimumAnswers`.
    public var mean: Double?
    public var sd: Double?
    /// (value − mean) ÷ SD; nil without a baseline or when every earlier answer was the same (SD 0).
    public var z: Double?
    /// The value is more than 1 SD below the mean — with SD 0, any value below it.
    public var dropped: Bool
}

/// A player's wellness on one day: their answers, and each item and the total read against their baseline.
public struct WellnessDay: Sendable, Equatable {
    public var day: CalendarDay
    public var answers: WellnessAnswers
    public var total: WellnessScore
    /// Each item's, in questionnaire order (`WellnessItem.allCases`).
    public var items: [WellnessScore]
    /// Earlier answers the baseline was taken from (0…28).
    public var baselineAnswers: Int

    /// The total or any item dropped beyond 1 SD: what the coach is shown as a flag.
    public var flagged: Bool { total.dropped || items.contains { $0.dropped } }
    /// The items that dropped, in questionnaire order.
    public var droppedItems: [WellnessItem] { WellnessItem.allCases.filter { score($0).dropped } }

    public func score(_ item: WellnessItem) -> WellnessScore {
        items[WellnessItem.allCases.firstIndex(of: item)!]  // `items` holds one score for each case
    }
}

/// A player's morning wellness over a season (Hooper & Mackinnon 1995; McLean et al. 2010): each
/// day's answers against the same player's answers of the 28 days before it — their own normal, as
/// the papers read it, not a team's. Pure; definitions and sources: docs/ANALYTICS.md ("Morning wellness").
public struct WellnessHistory: Sendable {
    /// The baseline's span: the 28 days before the day (the day itself not among them).
    public static let baselineDays = 28
    /// Fewer earlier answers than this in those days: no mean, SD or z (a week of mornings; an SD of
    /// fewer is too unsteady to call a drop).
    public static let minimumAnswers = 7
    /// A drop of more than this many SDs below the mean is flagged.
    public static let dropSDs = 1.0

    private let byDay: [Int: WellnessAnswers]

    /// `entries`: one player's, one a day (the store keeps no second one for a day).
    public init(_ entries: [WellnessEntry]) {
        byDay = Dictionary(entries.map { ($0.day.dayNumber, $0.answers) }, uniquingKeysWith: { _, later in later })
    }

    /// The day read against its baseline; nil when the player did not answer that day.
    public func day(_ day: CalendarDay) -> WellnessDay? {
        guard let answers = byDay[day.dayNumber] else { return nil }
        let earlier = (day.dayNumber - Self.baselineDays..<day.dayNumber).compactMap { byDay[$0] }
        func score(_ value: (WellnessAnswers) -> Int) -> WellnessScore {
            Self.score(value(answers), against: earlier.map { Double(value($0)) })
        }
        return WellnessDay(day: day, answers: answers, total: score(\.total), items: WellnessItem.allCases.map { item in score { $0[item] } },
                           baselineAnswers: earlier.count)
    }

    /// The days answered from `from` through `through`, oldest first.
    public func days(from: CalendarDay, through: CalendarDay) -> [WellnessDay] {
        byDay.keys.filter { (from.dayNumber...through.dayNumber).contains($0) }.sorted().compactMap { day(CalendarDay(dayNumber: $0)) }
    }

    static func score(_ value: Int, against earlier: [Double]) -> WellnessScore {
        guard earlier.count >= minimumAnswers else { return WellnessScore(value: value, mean: nil, sd: nil, z: nil, dropped: false) }
        let n = Double(earlier.count)
        let mean = earlier.reduce(0, +) / n
        let sd = (earlier.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
        let x = Double(value)
        let z: Double? = sd > 1e-9 ? (x - mean) / sd : nil
        return WellnessScore(value: value, mean: mean, sd: sd, z: z, dropped: x < mean - dropSDs * sd - 1e-9)
    }
}

import Foundation
import Localization

/// The morning wellness questionnaire (Hooper & Mackinnon, *Sports Med* 1995;20:321–327, in the
/// five-item, 1–5 form of McLean et al., *Int J Sports Physiol Perform* 2010;5:367–383): each
/// player answers once a day, 5 = best. Definitions and sources: docs/ANALYTICS.md ("Morning wellness").
public enum WellnessItem: String, CaseIterable, Sendable, Codable {
    case fatigue, sleep, soreness, stress, mood

    public static let scale = 1...5

    /// What the kiosk and the command line call the item.
    public var title: String {
        switch self {
        case .fatigue: N_("Fatigue")
        case .sleep: N_("Sleep quality")
        case .soreness: N_("Muscle soreness")
        case .stress: N_("Stress")
        case .mood: N_("Mood")
        }
    }

    /// The item inside a sentence ("sleep 2 vs 3.4"; messages, translated where drawn).
    public var word: String {
        switch self {
        case .fatigue: N_("fatigue")
        case .sleep: N_("sleep")
        case .soreness: N_("soreness")
        case .stress: N_("stress")
        case .mood: N_("mood")
        }
    }

    /// McLean et al. 2010 (figure 1): the words of each answer, 1 (worst) to 5 (best), two of mood's
    /// shortened to fit a button (docs/ANALYTICS.md has them in full).
    public func words(_ value: Int) -> String? {
        guard Self.scale.contains(value) else { return nil }
        let words: [String] = switch self {
        case .fatigue: [N_("Always tired"), N_("More tired than normal"), N_("Normal"), N_("Fresh"), N_("Very fresh")]
        case .sleep: [N_("Insomnia"), N_("Restless sleep"), N_("Difficulty falling asleep"), N_("Good"), N_("Very restful")]
        case .soreness: [N_("Very sore"), N_("Sore and tight"), N_("Normal"), N_("Feeling good"), N_("Feeling great")]
        case .stress: [N_("Highly stressed"), N_("Feeling stressed"), N_("Normal"), N_("Relaxed"), N_("Very relaxed")]
        case .mood: [N_("Irritable, down"), N_("Snappy with others"), N_("Less interested than usual"),
                     N_("A generally good mood"), N_("Very positive mood")]
        }
        return words[value - 1]
    }
}

/// One player's answers of one day: the five items, each 1…5.
public struct WellnessAnswers: Sendable, Equatable, Codable {
    public var fatigue: Int
    public var sleep: Int
    public var soreness: Int
    public var stress: Int
    public var mood: Int

    public init(fatigue: Int, sleep: Int, soreness: Int, stress: Int, mood: Int) {
        self.fatigue = fatigue
        self.sleep = sleep
        self.soreness = soreness
        self.stress = stress
        self.mood = mood
    }

    public subscript(item: WellnessItem) -> Int {
        get {
            switch item {
            case .fatigue: fatigue
            case .sleep: sleep
            case .soreness: soreness
            case .stress: stress
            case .mood: mood
            }
        }
        set {
            switch item {
            case .fatigue: fatigue = newValue
            case .sleep: sleep = newValue
            case .soreness: soreness = newValue
            case .stress: stress = newValue
            case .mood: mood = newValue
            }
        }
    }

    /// The day's wellness total, 5…25 (higher is better).
    public var total: Int { WellnessItem.allCases.map { self[$0] }.reduce(0, +) }

    /// The first item off the 1–5 scale, nil when every one is on it.
    public var offScale: (item: WellnessItem, value: Int)? {
        WellnessItem.allCases.first { !WellnessItem.scale.contains(self[$0]) }.map { ($0, self[$0]) }
    }
}

/// A player's answers on a local day, kept once per player per day: a second answer the same day
/// replaces the first (the player corrects themselves; a day has one morning).
public struct WellnessEntry: Sendable, Equatable {
    public var playerID: Int64
    public var day: CalendarDay
    public var answers: WellnessAnswers
    /// When it was given (or last replaced).
    public var answeredAt: Date

    public init(playerID: Int64, day: CalendarDay, answers: WellnessAnswers, answeredAt: Date) {
        self.playerID = playerID
        self.day = day
        self.answers = answers
        self.answeredAt = answeredAt
    }
}

/// Why an answer set is not taken: one plain line each.
public enum WellnessRefusal: Error, Equatable, CustomStringConvertible {
    case offScale(item: WellnessItem, value: Int)
    /// `day` is after `today` (the kiosk's local day).
    case future(day: CalendarDay, today: CalendarDay)

    public var description: String { message.english }

    /// The sentence as a message: the command line says it in the admin's language.
    public var message: Message {
        switch self {
        case let .offScale(item, value):
            Message(N_("a {item} answer of {value} is off the wellness scale: give 1 (worst) to 5 (best); nothing was changed"), ["value": "\(value)"],
                    words: ["item": item.word])
        case let .future(day, today):
            Message(N_("{day} is in the future (today is {today}): wellness is answered on the day or for a day gone; nothing was changed"),
                    ["day": "\(day)", "today": "\(today)"])
        }
    }

    /// Whether `answers` for `day` can be kept when it is `today`: nil when they can.
    public static func check(_ answers: WellnessAnswers, day: CalendarDay, today: CalendarDay) -> WellnessRefusal? {
        if let off = answers.offScale { return .offScale(item: off.item, value: off.value) }
        if day > today { return .future(day: day, today: today) }
        return nil
    }
}

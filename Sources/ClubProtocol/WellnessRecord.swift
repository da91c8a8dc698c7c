import Foundation
import TeamCore

/// A player's morning wellness of one day as the sync carries it (`POST /api/v1/kiosk/wellness`): a
/// record kind of its own, like an erasure — not part of a session bundle, since it belongs to no
/// session. The club keeps one a player and day: the latest given (`answeredMs`) wins.
public struct WellnessRecord: Codable, Sendable, Equatable {
    public var player: UUID
    /// The kiosk's local day, YYYY-MM-DD.
    public var day: String
    public var fatigue: Int
    public var sleep: Int
    public var soreness: Int
    public var stress: Int
    public var mood: Int
    /// When it was given (or last replaced), Unix milliseconds.
    public var answeredMs: Int64

    public init(player: UUID, day: CalendarDay, answers: WellnessAnswers, answeredMs: Int64) {
        self.player = player
        self.day = day.description
        fatigue = answers.fatigue
        sleep = answers.sleep
        soreness = answers.soreness
        stress = answers.stress
        mood = answers.mood
        self.answeredMs = answeredMs
    }

    public var answers: WellnessAnswers {
        WellnessAnswers(fatigue: fatigue, sleep: sleep, soreness: soreness, stress: stress, mood: mood)
    }

    public var calendarDay: CalendarDay? { CalendarDay(iso: day) }

    /// Why the record cannot be kept as it is, in a few words; nil when it can. `todayMs`: the
    /// receiver's clock — a day more than one ahead of it (time zones aside) is in the future.
    public func problem(todayMs: Int64) -> String? {
        guard let day = calendarDay else { return "its day '\(day.prefix(20))' is not a date like 2026-03-14" }
        if let off = answers.offScale { return "\(off.item.rawValue) \(off.value) is off the 1–5 scale" }
        if answeredMs < 0 { return "its time is before 1970" }
        let latest = CalendarDay(dayNumber: Int(todayMs / 86_400_000) + 1)
        if day > latest { return "\(day) is in the future" }
        if day < Self.earliestDay { return "\(day) is before \(Self.earliestDay)" }
        return nil
    }

    /// No answer is older than this (a year 0 is no date to PostgreSQL, nor to a coach).
    public static let earliestDay = CalendarDay(year: 2000, month: 1, day: 1)
}

/// `POST /api/v1/kiosk/wellness`: answers given on a kiosk since its last sync.
public struct WellnessRequest: Codable, Sendable, Equatable {
    public var answers: [WellnessRecord]
    public init(answers: [WellnessRecord]) { self.answers = answers }

    public static let maxAnswers = 500
}

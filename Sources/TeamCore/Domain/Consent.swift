import Foundation
import Localization

/// "Consent on file" (issue 37, item 5; decision 075): the day the player's consent to recording and
/// sharing their heart-rate data was given, and who gave it — a guardian by name for a minor, or
/// `byThePlayer` for an adult. The club's paper or e-mail is the consent; this says that it is on file.
/// A club may require it before a player's sessions leave the kiosk (`KioskSettings.requireConsent`).
public struct Consent: Sendable, Equatable, Codable {
    public var day: CalendarDay
    public var givenBy: String

    /// What "by" says for an adult player who consented themselves.
    public static let byThePlayer = "the player"
    /// A guardian's full name fits; a paragraph does not.
    public static let maxGiverLength = 64

    public init(day: CalendarDay, givenBy: String) {
        self.day = day
        self.givenBy = givenBy
    }

    /// Why consent given on `day` by `givenBy` cannot be recorded when it is `today`, or nil. One line, for
    /// the command line, the kiosk's form and the club's page alike.
    public static func problem(day: CalendarDay, givenBy: String, today: CalendarDay) -> Message? {
        // A day of slack: the club's clock and the kiosk's may stand on either side of midnight.
        if day > today.adding(days: 1) { return Message(N_("the consent's date {day} is in the future"), ["day": "\(day)"]) }
        if day.components.year < 2000 { return Message(N_("the consent's date {day} is before 2000"), ["day": "\(day)"]) }
        return giverProblem(givenBy)
    }

    /// Why `givenBy` is not a name that can be on file, or nil.
    public static func giverProblem(_ givenBy: String) -> Message? {
        // Bytes first: a 10 kB name is refused without walking its characters.
        if givenBy.utf8.count > 4 * maxGiverLength || givenBy.count > maxGiverLength {
            return Message(N_("who gave consent: at most {max} characters"), ["max": "\(maxGiverLength)"])
        }
        if givenBy.trimmingCharacters(in: .whitespaces).isEmpty {
            return Message(N_("who gave consent: a guardian's name, or \"{player}\""), ["player": byThePlayer])
        }
        return Player.hiddenCharacterProblem(N_("who gave consent"), givenBy)
    }

    /// The one text form the roster's feed carries (one field, so the date and the name never part in a
    /// conflict): "2026-09-01 Anna Berg".
    public var storedForm: String { "\(day) \(givenBy)" }

    /// Reads `storedForm`; nil for anything else (a bad date, an empty or too long name).
    public init?(storedForm text: String) {
        guard text.utf8.count <= 11 + 4 * Self.maxGiverLength, text.count > 11,
              text[text.index(text.startIndex, offsetBy: 10)] == " ",
              let day = CalendarDay(iso: String(text.prefix(10))) else { return nil }
        let givenBy = String(text.dropFirst(11))
        guard Self.giverProblem(givenBy) == nil else { return nil }
        self.init(day: day, givenBy: givenBy)
    }

    /// "on file: 2026-09-01, by Anna Berg".
    public var sentence: String { "on file: \(day), by \(givenBy)" }

    // A day travels as its ISO text in JSON (a state dump, an export).
    enum CodingKeys: String, CodingKey { case day, givenBy }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let text = try c.decode(String.self, forKey: .day)
        guard let day = CalendarDay(iso: text) else {
            throw DecodingError.dataCorruptedError(forKey: .day, in: c, debugDescription: "a consent's day is YYYY-MM-DD")
        }
        self.init(day: day, givenBy: try c.decode(String.self, forKey: .givenBy))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day.description, forKey: .day)
        try c.encode(givenBy, forKey: .givenBy)
    }
}

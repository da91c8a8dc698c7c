import Foundation
import Localization

/// A person on one or more rosters. Shirt numbers live on the team membership,
/// because the same player can wear different numbers in different teams.
///
/// A player is described before being stored (a roster file's line, the kiosk's new-player form,
/// a simulated squad), so the store's id is not part of the description: it travels beside it,
/// as `playerID` (a roster line, a membership, a session's participant, a sample).
public struct Player: Sendable, Equatable, Codable {
    public var firstName: String
    public var lastName: String
    public var birthYear: Int
    public var sex: Sex
    public var weightKg: Double
    public var restingHR: Int
    /// A measured maximum beats any formula.
    public var measuredMaxHR: Int?
    /// Path of a photo under the data directory, if any.
    public var photoPath: String?
    /// Who the player is in the club, on every kiosk and on the server. nil for a player not yet
    /// stored: the store gives a new one theirs.
    public var uuid: UUID?
    /// Consent on file (decision 075); nil: none recorded.
    public var consent: Consent?

    public init(firstName: String, lastName: String, birthYear: Int, sex: Sex,
                weightKg: Double, restingHR: Int, measuredMaxHR: Int? = nil, photoPath: String? = nil, uuid: UUID? = nil,
                consent: Consent? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.birthYear = birthYear
        self.sex = sex
        self.weightKg = weightKg
        self.restingHR = restingHR
        self.measuredMaxHR = measuredMaxHR
        self.photoPath = photoPath
        self.uuid = uuid
        self.consent = consent
    }

    /// First and last name; no stray space when the last name is empty.
    public var fullName: String { Self.fullName(firstName: firstName, lastName: lastName) }

    /// The one rule for a full name, also for names kept apart from a player (a session's as recorded).
    public static func fullName(firstName: String, lastName: String) -> String {
        lastName.isEmpty ? firstName : "\(firstName) \(lastName)"
    }

    /// "MB" for Mia Berg, "M" for a player without a last name: the avatar when there is no photo.
    public var initials: String {
        [firstName, lastName].compactMap { $0.trimmingCharacters(in: .whitespaces).first.map { String($0).uppercased() } }.joined()
    }

    /// The name from longest to shortest, for a tile that may be too narrow for the whole:
    /// "Mia Berg", "Mia B.", "Mia", "MB" (each only once).
    public var nameForms: [String] {
        let first = firstName.trimmingCharacters(in: .whitespaces), last = lastName.trimmingCharacters(in: .whitespaces)
        var forms = [fullName]
        if let l = last.first { forms.append("\(first) \(l).") }
        forms += [first, initials]
        var seen = Set<String>()
        return forms.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Age in whole years on a given calendar year (birth date beyond the year is not kept).
    public func age(inYear year: Int) -> Int { max(0, year - birthYear) }

    /// Names fit a tile and a review row; the kiosk's keyboard stops there too.
    public static let maxNameLength = 24
    /// What a measured HRmax may be, bpm.
    public static let measuredMaxHRRange = 120...240

    /// A line break or control character, or an invisible one (a byte-order mark, zero-width or
    /// right-to-left marks make two names look the same, or one look like another), in `text`; or nil.
    /// `label`: the field's name as a message id (`N_`), translated where the problem is shown.
    public static func hiddenCharacterProblem(_ label: String, _ text: String) -> Message? {
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return Message(N_("{field} contains a line break or another control character"), words: ["field": label])
        }
        if let hidden = text.unicodeScalars.first(where: { $0.properties.generalCategory == .format }) {
            return Message(N_("{field} contains an invisible character (U+{code})"), ["code": String(hidden.value, radix: 16, uppercase: true)],
                           words: ["field": label])
        }
        return nil
    }

    /// Problems a roster editor should show next to the field; empty when valid. Messages: the kiosk's form says
    /// them in its language, a roster file's import and the log in English (`.english`).
    public var validationProblems: [Message] {
        var problems: [Message] = []
        if firstName.trimmingCharacters(in: .whitespaces).isEmpty { problems.append(Message(N_("first name is empty"))) }
        for (label, name) in [(N_("first name"), firstName), (N_("last name"), lastName)] {
            if let problem = Self.hiddenCharacterProblem(label, name) { problems.append(problem) }
            if name.count > Self.maxNameLength {
                problems.append(Message(N_("{field} has {count} characters; at most {max}"),
                                        ["count": "\(name.count)", "max": "\(Self.maxNameLength)"], words: ["field": label]))
            }
        }
        if !(1900...2100).contains(birthYear) {
            problems.append(Message(N_("birth year {year} is not between 1900 and 2100"), ["year": "\(birthYear)"]))
        }
        if !(20...250).contains(weightKg) { problems.append(Message(N_("weight {kg} kg is not between 20 and 250"), ["kg": "\(weightKg)"])) }
        if !(25...120).contains(restingHR) {
            problems.append(Message(N_("resting HR {bpm} is not between 25 and 120"), ["bpm": "\(restingHR)"]))
        }
        if let max = measuredMaxHR, !Self.measuredMaxHRRange.contains(max) {
            problems.append(Message(N_("max HR {bpm} is not between {low} and {high}"),
                                    ["bpm": "\(max)", "low": "\(Self.measuredMaxHRRange.lowerBound)", "high": "\(Self.measuredMaxHRRange.upperBound)"]))
        }
        if let max = measuredMaxHR, max <= restingHR { problems.append(Message(N_("max HR must be above resting HR"))) }
        if let consent, let problem = Consent.giverProblem(consent.givenBy) { problems.append(problem) }
        return problems
    }
}

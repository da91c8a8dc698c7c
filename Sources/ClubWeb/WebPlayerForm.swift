import ClubProtocol
import ClubStorage
import Foundation
import Localization
import TeamCore

/// A player's form as typed: every field as text (so a refused form comes back as it was typed),
/// read into the roster's fields with a plain sentence for each one that is not right.
struct WebPlayerForm: Sendable {
    var firstName = "", lastName = "", shirtNumber = "", birthYear = "", sex = "F", weightKg = "", restingHR = "", maxHR = ""
    /// Consent on file: the day it was given and who gave it, both or neither (decision 075).
    var consentDay = "", consentBy = ""
    var photo: Data?
    var removePhoto = false

    /// A new player's form: what most players of a youth team start with, for the coach to correct.
    static func blank(shirtNumber: Int) -> WebPlayerForm {
        WebPlayerForm(shirtNumber: "\(shirtNumber)", birthYear: "\(Calendar.current.component(.year, from: Date()) - 16)", weightKg: "65", restingHR: "60")
    }

    init(firstName: String = "", lastName: String = "", shirtNumber: String = "", birthYear: String = "", sex: String = "F",
         weightKg: String = "", restingHR: String = "", maxHR: String = "") {
        (self.firstName, self.lastName, self.shirtNumber, self.birthYear) = (firstName, lastName, shirtNumber, birthYear)
        (self.sex, self.weightKg, self.restingHR, self.maxHR) = (sex, weightKg, restingHR, maxHR)
    }

    init(_ player: ClubRoster.Player, member: ClubRoster.Member?) {
        self.init(firstName: player.firstName, lastName: player.lastName, shirtNumber: member.map { "\($0.shirtNumber)" } ?? "",
                  birthYear: player.birthYear.map(String.init) ?? "", sex: player.sex,
                  weightKg: player.weightKg.map { $0.rounded() == $0 ? "\(Int($0))" : "\($0)" } ?? "",
                  restingHR: player.restingHR.map(String.init) ?? "", maxHR: player.maxHR.map(String.init) ?? "")
        consentDay = player.consent?.day.description ?? ""
        consentBy = player.consent?.givenBy ?? ""
    }

    init(_ form: FormData) {
        self.init(firstName: form.text("firstName"), lastName: form.text("lastName"), shirtNumber: form.text("shirtNumber"),
                  birthYear: form.text("birthYear"), sex: form.text("sex"), weightKg: form.text("weightKg").replacingOccurrences(of: ",", with: "."),
                  restingHR: form.text("restingHR"), maxHR: form.text("maxHR"))
        consentDay = form.text("consentDay")
        consentBy = form.text("consentBy").trimmingCharacters(in: .whitespaces)
        photo = form.files["photo"].map(\.bytes)
        removePhoto = form["removePhoto"] == "on"
    }

    /// The roster's values of the form (by field), and what is wrong with it.
    func values() -> (player: [String: RosterValue], shirtNumber: Int?, problems: [String]) {
        var problems: [String] = [], out: [String: RosterValue] = [:]
        let words = WebLanguage.words
        func whole(_ text: String, _ label: String, _ range: ClosedRange<Int>) -> Int? {
            guard let n = Int(text), range.contains(n) else {
                problems.append(words.tr("{field}: a whole number from {low} to {high}.", ["field": label, "low": "\(range.lowerBound)", "high": "\(range.upperBound)"]))
                return nil
            }
            return n
        }
        if firstName.isEmpty { problems.append(words.tr("First name: needed.")) }
        if firstName.count > Player.maxNameLength || lastName.count > Player.maxNameLength {
            problems.append(words.tr("Names have at most {n} characters each.", ["n": "\(Player.maxNameLength)"]))
        }
        out["firstName"] = .string(firstName)
        out["lastName"] = .string(lastName)
        let number = whole(shirtNumber, words.tr("Shirt number"), 0...999)
        if let y = whole(birthYear, words.tr("Birth year"), 1900...2100) { out["birthYear"] = .integer(Int64(y)) }
        if let s = Sex(rawValue: sex) { out["sex"] = .string(s.rawValue) } else { problems.append(words.tr("Sex: F or M.")) }
        if let w = Double(weightKg), (20...250).contains(w) { out["weightKg"] = .number(w) } else { problems.append(words.tr("Weight: a number of kilograms from 20 to 250.")) }
        if let r = whole(restingHR, words.tr("Resting heart rate"), 25...120) { out["restingHR"] = .integer(Int64(r)) }
        if maxHR.isEmpty { out["maxHR"] = .null } else if let m = whole(maxHR, words.tr("Maximum heart rate"), 120...240) { out["maxHR"] = .integer(Int64(m)) }
        switch (consentDay.isEmpty, consentBy.isEmpty) {
        case (true, true): out["consent"] = .null
        case (false, false):
            if let day = CalendarDay(iso: consentDay) {
                if let problem = Consent.problem(day: day, givenBy: consentBy, today: CalendarDay(Date(), in: .current)) {
                    problems.append(words.tr("Consent: {problem}.", ["problem": problem.english]))
                } else {
                    out["consent"] = .string(Consent(day: day, givenBy: consentBy).storedForm)
                }
            } else {
                problems.append(words.tr("Consent: a date like 2026-09-01."))
            }
        default: problems.append(words.tr("Consent: the day it was given and who gave it (a guardian's name, or \"{player}\"), or neither.", ["player": Consent.byThePlayer]))
        }
        if let photo {
            if photo.count > RosterSchema.maxPhotoBytes {
                problems.append(words.tr("Photo: {size} KiB; at most {max} KiB (a square JPEG of 256 to 512 pixels is plenty).",
                                         ["size": "\(photo.count / 1024)", "max": "\(RosterSchema.maxPhotoBytes / 1024)"]))
            } else {
                switch JPEGCheck.check(photo) {
                case .success: out["photo"] = .string(photo.base64EncodedString())
                case .failure(let error): problems.append(words.tr("Photo: {problem}.", ["problem": error.message.replacingOccurrences(of: "the photo ", with: "")]))
                }
            }
        } else if removePhoto {
            out["photo"] = .null
        }
        return (out, number, problems)
    }
}

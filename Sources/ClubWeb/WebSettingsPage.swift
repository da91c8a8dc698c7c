import Analytics
import ClubProtocol
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import TeamCore

/// The settings a club shares with its kiosks (zone model, HRmax formula, the season's load status
/// thresholds and the day its season begins), for an admin only: a coach is told there is no such
/// page. A change goes into the club's change feed like a kiosk's (`WebRosterEdits`), so every kiosk
/// pulls it, and an edit made on a kiosk shows here after its next sync.
struct WebSettingsPage: Sendable {
    let storage: any WebSettingsStorage

    /// What the form holds, as typed.
    struct Typed: Sendable {
        var zoneModel: String
        var maxHRFormula: String
        var ratios: [String]
        var startMonth: String
        var startDay: String
        var retentionMonths: String
        var requireConsent: Bool

        init(_ settings: ClubSettings) {
            let kiosk = settings.kiosk
            zoneModel = kiosk.zoneModel.rawValue
            maxHRFormula = kiosk.maxFormula.rawValue
            ratios = kiosk.loadStatusRatios.map { "\($0)" }
            startMonth = "\(kiosk.seasonStart.month)"
            startDay = "\(kiosk.seasonStart.day)"
            retentionMonths = "\(kiosk.retention.months)"
            requireConsent = kiosk.requireConsent
        }

        init(_ form: FormData) {
            zoneModel = form.text("zoneModel")
            maxHRFormula = form.text("maxHRFormula")
            ratios = ["maintainingFrom", "productiveFrom", "overreachingAbove"].map { form.text($0) }
            startMonth = form.text("seasonStartMonth")
            startDay = form.text("seasonStartDay")
            retentionMonths = form.text("retentionMonths")
            requireConsent = form["requireConsent"] == "on"
        }

        /// The club's fields as the kiosks store them, and a sentence for each that cannot be.
        func values() -> (values: [String: String], problems: [String]) {
            var values: [String: String] = [:], problems: [String] = []
            if ZoneModel(rawValue: zoneModel) != nil { values["zoneModel"] = zoneModel } else { problems.append("Zone model: choose one of the list.") }
            if MaxHeartRateFormula(rawValue: maxHRFormula) != nil { values["maxHRFormula"] = maxHRFormula } else { problems.append("HRmax formula: choose one of the list.") }
            let numbers = ratios.map { Double($0.replacingOccurrences(of: ",", with: ".")) }
            if numbers.allSatisfy({ $0 != nil }), let parsed = KioskSettings.loadStatusRatios(parsing: numbers.map { "\($0!)" }.joined(separator: ",")) {
                values["loadStatusRatios"] = parsed.map { "\($0)" }.joined(separator: ",")
            } else {
                problems.append("Load status: three positive numbers that do not fall (maintaining from ≤ productive from ≤ overreaching above), like 0.8, 1.0 and 1.5.")
            }
            if let m = Int(startMonth), let d = Int(startDay), let start = SeasonStart(month: m, day: d) {
                values["seasonStart"] = start.description
            } else {
                problems.append("Season start: a day that every year has (February 29 is not one).")
            }
            let months = retentionMonths.trimmingCharacters(in: .whitespaces)
            if months.isEmpty {
                values["retentionMonths"] = "0"
            } else if let n = Int(months), SessionRetention.monthsRange.contains(n) {
                values["retentionMonths"] = "\(n)"
            } else {
                problems.append("Keep sessions for: a whole number of months from 1 to \(SessionRetention.monthsRange.upperBound), or 0 (or nothing) to keep them for good.")
            }
            values["requireConsent"] = requireConsent ? "1" : "0"
            return (values, problems)
        }
    }

    func requireAdmin(_ user: WebUser) throws {
        // As for a team that is not theirs: a coach learns nothing, not even that the page exists.
        guard user.isAdmin else { throw ClubError.notFound(N_("There is no such page.")) }
    }

    func form(_ user: WebUser, saved: Bool = false) async throws -> Response {
        try requireAdmin(user)
        let settings = try await storage.settings(club: user.club)
        return Self.page(user, typed: Typed(settings), message: saved ? HTML("<div class=\"message ok\" role=\"status\">\(WebLanguage.words.tr("Saved: the kiosks get it with their next sync."))</div>") : .empty).response
    }

    static func page(_ user: WebUser, typed: Typed, message: HTML = .empty, status: HTTPResponse.Status = .ok) -> WebPage {
        func options(_ values: [(String, String)], _ chosen: String) -> HTML {
            values.map { value, label -> HTML in "<option value=\"\(value)\"\(value == chosen ? HTML(" selected") : "")>\(label)</option>" }.joined()
        }
        let words = WebLanguage.words
        func ratio(_ label: String, _ name: String, _ value: String) -> HTML {
            "<label>\(label)<input type=\"text\" inputmode=\"decimal\" name=\"\(name)\" value=\"\(value)\" required></label>"
        }
        let zoneModels = [(ZoneModel.percentOfMax.rawValue, words.tr("% of HRmax")), (ZoneModel.heartRateReserve.rawValue, words.tr("% of heart-rate reserve (Karvonen)"))]
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = words.locale
        let months = calendar.monthSymbols.enumerated().map { ("\($0.offset + 1)", $0.element) }
        // SessionRetention.sentence's words (the kiosk's and the command line's), as the web's messages.
        let kept = (Int(typed.retentionMonths).map(SessionRetention.init(months:)) ?? SessionRetention(months: 0)).months
        let retention = kept == 0 ? words.tr("Sessions are kept for good.")
            : words.trn("Sessions are kept for {n} month, then deleted, with players who left.", "Sessions are kept for {n} months, then deleted, with players who left.", n: kept)
        let consent = typed.requireConsent ? words.tr("Consent is required before sessions sync.") : words.tr("Consent is not required before sessions sync.")
        let formulas = [(MaxHeartRateFormula.tanaka.rawValue, "Tanaka: 208 − 0.7 × age"), (MaxHeartRateFormula.fox.rawValue, "Fox: 220 − age"),
                        (MaxHeartRateFormula.gellish.rawValue, "Gellish: 206.9 − 0.67 × age")]
        let body: HTML = """
            <h1>\(words.tr("The club's settings"))</h1>\(message)
            <p class="sub">\(words.tr("Shared with every kiosk of the club: a change here reaches them with their next sync, and one made on a kiosk shows here after it syncs."))</p>
            <form class="stack card" method="post" action="/settings">\(WebPage.csrfField(user))
            <div class="pair"><label>\(words.tr("Zone model"))<select name="zoneModel">\(options(zoneModels, typed.zoneModel))</select></label>
            <label>\(words.tr("HRmax formula (a player without a measured maximum)"))<select name="maxHRFormula">\(options(formulas, typed.maxHRFormula))</select></label></div>
            <fieldset class="stack"><legend>\(words.tr("Load status: where Strain ÷ Tolerance changes its word (Polar's: 0.8, 1.0, 1.5)"))</legend>
            <div class="three">\(ratio(words.tr("Maintaining from"), "maintainingFrom", typed.ratios[0]))\(ratio(words.tr("Productive from"), "productiveFrom", typed.ratios[1]))\(ratio(words.tr("Overreaching above"), "overreachingAbove", typed.ratios[2]))</div>
            <p class="muted">\(words.tr("Below the first: detraining."))</p></fieldset>
            <fieldset class="stack"><legend>\(words.tr("The season begins each year on (this season is compared with the same days of the last)"))</legend>
            <div class="pair"><label>\(words.tr("Month"))<select name="seasonStartMonth">\(options(months, typed.startMonth))</select></label>
            <label>\(words.tr("Day"))<input type="number" name="seasonStartDay" value="\(typed.startDay)" min="1" max="31" required></label></div></fieldset>
            <fieldset class="stack"><legend>\(words.tr("Keep sessions for (months; 0: for good)"))</legend>
            <label>\(words.tr("Months"))<input type="number" name="retentionMonths" value="\(typed.retentionMonths)" min="0" max="\(SessionRetention.monthsRange.upperBound)"></label>
            <p class="muted" id="retention-rule">\(retention) \
            \(words.tr("With a period set, every day the server and each kiosk delete older sessions, and the server erases players who have left (no team, no session and no change within it). The access log is kept as long."))</p></fieldset>
            <fieldset class="stack"><legend>\(words.tr("Consent on file"))</legend>
            <label><span><input type="checkbox" name="requireConsent"\(typed.requireConsent ? HTML(" checked") : "")> \(words.tr("Require consent before a player's sessions sync"))</span></label>
            <p class="muted" id="consent-rule">\(consent) \
            \(words.tr("When required, a session with a player who has no consent on file stays on its kiosk, whole, until they have it (the kiosk records as before; its lobby says who lacks it). The date and who gave it are on each player's page."))</p></fieldset>
            <div class="actions"><button class="primary" type="submit">\(words.tr("Save"))</button></div></form>
            """
        return WebPage(title: words.tr("Settings"), user: user, section: .settings, body: body, status: status)
    }

    /// Only the fields that changed become edits; a refused form comes back as typed with a sentence a problem, and writes nothing.
    func save(_ user: WebUser, form: FormData) async throws -> Response {
        try requireAdmin(user)
        let typed = Typed(form)
        let (values, problems) = typed.values()
        guard problems.isEmpty else {
            let list: HTML = "<div class=\"message error\" role=\"alert\"><ul>\(problems.map { problem -> HTML in "<li>\(problem)</li>" })</ul></div>"
            return Self.page(user, typed: typed, message: list, status: .badRequest).response
        }
        if let result = try await storage.saveSettings(values, by: user) {
            storage.logger.info("web: '\(user.email)' changed the club's settings (feed \(result.lastSeq))")
        }
        return WebPage.redirect("/settings?saved=1")
    }
}

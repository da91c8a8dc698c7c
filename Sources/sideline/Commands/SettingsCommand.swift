import Foundation
import ArgumentParser
import Localization
import Store
import TeamCore

/// The kiosk's settings from a shell: what a club admin needs over SSH, above all
/// resetting a forgotten settings PIN without touching the recorded sessions.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show the kiosk's settings, or set its settings PIN, load status thresholds, season start, retention or consent rule.",
        discussion: "The PIN is shown only as set or default (\(KioskSettings.defaultPin)); --pin replaces it (4 to 8 digits).")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "New settings PIN, 4 to 8 digits.") var pin: String?
    @Option(help: "Where the season's load status changes its word, as Strain ÷ Tolerance: three rising ratios, e.g. 0.8,1.0,1.5 (Polar's).")
    var loadStatus: String?
    @Option(help: "The day the club's season begins each year, MM-DD (08-01: 1 August). Shared with the club, like --load-status.")
    var seasonStart: String?
    @Option(name: .customLong("retention-months"), help: "Keep sessions for N months, then delete them (0: for good). Shared with the club, like --load-status.")
    var retentionMonths: Int?
    @Option(name: .customLong("require-consent"), help: "on: a session with a player without consent on file stays here until they have it (recording goes on); off. Shared with the club.")
    var requireConsent: String?

    func validate() throws {
        if let retentionMonths, !SessionRetention.monthsRange.contains(retentionMonths) {
            throw ValidationError(tr("--retention-months: a whole number of months from 1 to {most}, or 0 to keep sessions for good",
                                     ["most": "\(SessionRetention.monthsRange.upperBound)"]))
        }
        if let requireConsent, !["on", "off"].contains(requireConsent) {
            throw ValidationError(tr("--require-consent: on or off"))
        }
        if let loadStatus, KioskSettings.loadStatusRatios(parsing: loadStatus) == nil {
            throw ValidationError(tr("--load-status: three rising positive ratios like 0.8,1.0,1.5"))
        }
        if let seasonStart, SeasonStart(parsing: seasonStart) == nil {
            throw ValidationError(tr("--season-start: a month and day like 08-01 (February 29 is not every year's)"))
        }
    }

    func run() throws {
        let setting = loadStatus != nil || seasonStart != nil || retentionMonths != nil || requireConsent != nil
        let store = try pin == nil && !setting ? database.openForReading() : database.open()
        let settings = store.kioskSettings()
        var changed = settings
        if let ratios = loadStatus.flatMap(KioskSettings.loadStatusRatios(parsing:)) {
            changed.loadStatusRatios = ratios
            print(tr("load status: detraining below {first}, maintaining from it, productive from {second}, overreaching above {third}", Self.ratios(ratios)))
        }
        if let start = seasonStart.flatMap(SeasonStart.init(parsing:)) {
            changed.seasonStart = start
            print(tr("season: begins each year on {day} (month-day)", ["day": "\(start)"]))
        }
        if let retentionMonths {
            changed.retention = SessionRetention(months: retentionMonths)
            print(tr("retention: {rule}", ["rule": Self.retention(changed.retention)]))
        }
        if let requireConsent {
            changed.requireConsent = requireConsent == "on"
            print(tr("consent: {rule}", ["rule": Self.consent(changed.requireConsent)]))
        }
        for (key, value) in changed.keyValues(changedSince: settings) { try store.saveKioskSetting(key, value) }
        if setting && pin == nil { return }
        if let pin {
            guard KioskSettings.isValidPin(pin) else {
                throw UserError(tr("a PIN is 4 to 8 digits (0-9); the PIN was not changed"))
            }
            try store.saveKioskSetting("pin", pin)
            print(tr("settings PIN changed; a kiosk that is running uses it from its next start"))
            return
        }
        let off = tr("off")
        let row = { (name: String, value: String) in print(name + "\t" + value) }
        row(tr("zone model"), settings.zoneModel == .percentOfMax ? tr("%HRmax") : tr("%HRR (Karvonen)"))
        row(tr("HRmax formula"), settings.maxFormula.rawValue.capitalized)
        row(tr("zone margin"), tr("{bpm} bpm past a boundary", ["bpm": "\(settings.zoneMarginBpm)"]))
        row(tr("wall display"), settings.wallPrivacy ? tr("private (zone and %HRmax, no BPM)") : tr("shows BPM"))
        row(tr("tile names"), settings.showAliases ? tr("numbers only") : tr("names"))
        let thirdLine = switch settings.tileDetail {
        case .percentOfMax: tr("%HRmax")
        case .kcal: tr("kcal so far")
        case .effortPoints: tr("effort points")
        case .versusLastTime: tr("effort points vs last time")
        }
        row(tr("tiles' third line"), tr("{choice} (effort points when sorted by effort)", ["choice": thirdLine]))
        row(tr("sound"), settings.sound ? tr("on, volume {percent} %", ["percent": "\(settings.soundVolume)"]) : off)
        row(tr("beeps"), settings.beeps ? tr("last 3 s of the countdown and laps") : tr("off (the buzzer only)"))
        row(tr("interval presets"), settings.intervalPresets.map(\.label).joined(separator: "; "))
        row(tr("challenges scored by"), tr(settings.challengeRule.label))
        row(tr("spoken cues"), settings.spokenCues ? tr("on (when espeak-ng is installed)") : off)
        let polar = settings.loadStatusRatios == KioskSettings.polarLoadStatusRatios
        row(tr("load status"), (polar ? tr("Strain ÷ Tolerance: maintaining from {first}, productive from {second}, overreaching above {third} (Polar's)", Self.ratios(settings.loadStatusRatios))
                                      : tr("Strain ÷ Tolerance: maintaining from {first}, productive from {second}, overreaching above {third}", Self.ratios(settings.loadStatusRatios))))
        row(tr("season start"), settings.seasonStart == .standard ? tr("{day} (month-day), the default", ["day": "\(settings.seasonStart)"])
                                                                   : tr("{day} (month-day)", ["day": "\(settings.seasonStart)"]))
        row(tr("retention"), Self.retention(settings.retention))
        row(tr("consent"), Self.consent(settings.requireConsent))
        row(tr("settings PIN"), settings.pin == KioskSettings.defaultPin ? tr("default ({pin})", ["pin": KioskSettings.defaultPin])
                                                                           : trn("set, {n} digit", "set, {n} digits", n: settings.pin.count))
    }

    /// The load status's three ratios as the language writes decimals ("0.8", "0,8").
    static func ratios(_ r: [Double]) -> [String: String] {
        // As many decimals as the ratio has (1.5, 1.66, 1.658: a club's web can set three), at least one, in the language's mark.
        let word = { (x: Double) in
            Localization.current.formatted(x, digits: (1...3).first { d in
                let scaled = x * pow(10, Double(d))
                return abs(scaled - scaled.rounded()) < 1e-6
            } ?? 3)
        }
        return ["first": word(r[0]), "second": word(r[1]), "third": word(r[2])]
    }

    /// `SessionRetention.sentence` in the command's language.
    static func retention(_ rule: SessionRetention) -> String {
        rule.months == 0 ? tr("Sessions are kept for good.")
            : trn("Sessions are kept for {n} month, then deleted, with players who left.",
                  "Sessions are kept for {n} months, then deleted, with players who left.", n: rule.months)
    }

    /// `KioskSettings.consentRule` in the command's language.
    static func consent(_ required: Bool) -> String {
        required ? tr("required before a player's sessions sync (they stay on the kiosk until then)") : tr("not required before sessions sync")
    }
}

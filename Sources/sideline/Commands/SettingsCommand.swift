import ArgumentParser
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
            throw ValidationError("--retention-months: a whole number of months from 1 to \(SessionRetention.monthsRange.upperBound), or 0 to keep sessions for good")
        }
        if let requireConsent, !["on", "off"].contains(requireConsent) {
            throw ValidationError("--require-consent: on or off")
        }
        if let loadStatus, KioskSettings.loadStatusRatios(parsing: loadStatus) == nil {
            throw ValidationError("--load-status: three rising positive ratios like 0.8,1.0,1.5")
        }
        if let seasonStart, SeasonStart(parsing: seasonStart) == nil {
            throw ValidationError("--season-start: a month and day like 08-01 (February 29 is not every year's)")
        }
    }

    func run() throws {
        let setting = loadStatus != nil || seasonStart != nil || retentionMonths != nil || requireConsent != nil
        let store = try pin == nil && !setting ? database.openForReading() : database.open()
        let settings = store.kioskSettings()
        var changed = settings
        if let ratios = loadStatus.flatMap(KioskSettings.loadStatusRatios(parsing:)) {
            changed.loadStatusRatios = ratios
            print("load status: detraining below \(ratios[0]), maintaining from it, productive from \(ratios[1]), overreaching above \(ratios[2])")
        }
        if let start = seasonStart.flatMap(SeasonStart.init(parsing:)) {
            changed.seasonStart = start
            print("season: begins each year on \(start) (month-day)")
        }
        if let retentionMonths {
            changed.retention = SessionRetention(months: retentionMonths)
            print("retention: \(changed.retention.sentence)")
        }
        if let requireConsent {
            changed.requireConsent = requireConsent == "on"
            print("consent: \(changed.consentRule)")
        }
        for (key, value) in changed.keyValues(changedSince: settings) { try store.saveKioskSetting(key, value) }
        if setting && pin == nil { return }
        if let pin {
            guard KioskSettings.isValidPin(pin) else {
                throw UserError("a PIN is 4 to 8 digits (0-9); the PIN was not changed")
            }
            try store.saveKioskSetting("pin", pin)
            print("settings PIN changed; a kiosk that is running uses it from its next start")
            return
        }
        print("zone model\t\(settings.zoneModel == .percentOfMax ? "%HRmax" : "%HRR (Karvonen)")")
        print("HRmax formula\t\(settings.maxFormula.rawValue.capitalized)")
        print("zone margin\t\(settings.zoneMarginBpm) bpm past a boundary")
        print("wall display\t\(settings.wallPrivacy ? "private (zone and %HRmax, no BPM)" : "shows BPM")")
        print("tile names\t\(settings.showAliases ? "numbers only" : "names")")
        let thirdLine = switch settings.tileDetail {
        case .percentOfMax: "%HRmax"
        case .kcal: "kcal so far"
        case .effortPoints: "effort points"
        case .versusLastTime: "effort points vs last time"
        }
        print("tiles' third line\t\(thirdLine) (effort points when sorted by effort)")
        print("sound\t\(settings.sound ? "on, volume \(settings.soundVolume) %" : "off")")
        print("beeps\t\(settings.beeps ? "last 3 s of the countdown and laps" : "off (the buzzer only)")")
        print("interval presets\t\(settings.intervalPresets.map(\.label).joined(separator: "; "))")
        print("challenges scored by\t\(settings.challengeRule.label)")
        print("spoken cues\t\(settings.spokenCues ? "on (when espeak-ng is installed)" : "off")")
        let r = settings.loadStatusRatios
        print("load status\tStrain ÷ Tolerance: maintaining from \(r[0]), productive from \(r[1]), overreaching above \(r[2])"
              + (r == KioskSettings.polarLoadStatusRatios ? " (Polar's)" : ""))
        print("season start\t\(settings.seasonStart) (month-day)\(settings.seasonStart == .standard ? ", the default" : "")")
        print("retention\t\(settings.retention.sentence)")
        print("consent\t\(settings.consentRule)")
        print("settings PIN\t\(settings.pin == KioskSettings.defaultPin ? "default (\(KioskSettings.defaultPin))" : "set, \(settings.pin.count) digits")")
    }
}

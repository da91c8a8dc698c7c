/// Where the kiosk's heart rates come from, as the settings screen offers it.
public enum SensorChoice: String, Sendable, Equatable, CaseIterable {
    /// The machine's Bluetooth adapter (or the controllers the kiosk was started with).
    case bluetooth
    /// The simulated team, for demonstrations and trying the kiosk out.
    case simulated
}

/// What the coach or club admin can change behind the PIN; persisted by the shell as key/value settings
/// (the store and `sideline settings` read and write them; the app's `SettingsState` holds them).
public struct KioskSettings: Sendable, Equatable {
    public var zoneModel: ZoneModel = .percentOfMax
    public var maxFormula: MaxHeartRateFormula = .tanaka
    /// A tile's zone changes once the heart rate is this far past a boundary (no flicker from a
    /// strap's noise; colour, badge and percentage still agree: `ZoneHysteresis`).
    public var zoneMarginBpm = 3
    /// The margins the settings screen offers.
    public static let zoneMarginChoicesBpm = [2, 3, 4, 5]
    /// The live tiles' third line.
    public var tileDetail = TileDetail.percentOfMax
    /// Sounds at all: the buzzer when the countdown ends, and the beeps if they are on.
    public var sound = true
    /// Loudness of every sound, percent of full scale.
    public var soundVolume = 65
    /// The volumes the settings screen offers: quiet, medium, loud.
    public static let soundVolumeChoices = [30, 65, 100]
    /// Short beeps over the countdown's last three seconds and at each lap (the buzzer plays anyway).
    public var beeps = false
    /// The coach screen flags a player at or above `highIntensityPercent` for longer than this.
    public var highIntensityAlertMs: Int64 = 60_000
    public var highIntensityPercent: Double = 90
    /// Wall display shows zone colour and %HRmax without BPM.
    public var wallPrivacy = false
    /// Tiles show "#7" instead of names (roster privacy option).
    public var showAliases = false
    /// Used when the kiosk starts without `--source` (on Bluetooth only if there is an adapter).
    public var sensor = SensorChoice.bluetooth
    /// The interval programs the lobby offers, editable in Settings (always `intervalPresetCount`).
    public var intervalPresets = IntervalProgram.defaultPresets
    public static let intervalPresetCount = IntervalProgram.defaultPresets.count
    /// How a challenge between two sides is scored.
    public var challengeRule = ChallengeRule.effortPoints
    /// "Last interval", "one minute left" spoken over an interval program (when a voice is installed).
    public var spokenCues = true
    /// Where the season's load status changes its word, as Strain ÷ Tolerance: detraining below the
    /// first, maintaining from it, productive from the second, overreaching above the third (Polar's
    /// Training Load Pro; docs/ANALYTICS.md). A club may move them (`sideline settings --load-status`).
    public var loadStatusRatios: [Double] = KioskSettings.polarLoadStatusRatios
    public static let polarLoadStatusRatios = [0.8, 1.0, 1.5]
    /// Where the club's season begins each year: "this season against the last" counts from it.
    public var seasonStart = SeasonStart.standard
    /// The club's "keep sessions for N months" (0: for good), shared with the club like the season's start.
    public var retention = SessionRetention(months: 0)
    /// The club's "require consent before sync" (decision 075), shared like the retention: a session with a
    /// player who has no consent on file stays on the kiosk, whole, until they have it (recording is never held).
    public var requireConsent = false
    /// The kiosk's language as its code ("de"), chosen in Settings; empty until chosen: then the package's
    /// config file (`language =`) and the environment (`LANG`) decide at start (decision 080).
    public var language = ""

    /// The consent rule in words, for the command line, the kiosk's Settings and the club's page.
    public var consentRule: String {
        requireConsent ? "required before a player's sessions sync (they stay on the kiosk until then)"
            : "not required before sessions sync"
    }

    /// Three positive ratios that do not fall, or nil: "0.8,1.0,1.5".
    public static func loadStatusRatios(parsing text: String) -> [Double]? {
        let values = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 3, text.split(separator: ",").count == 3, values.allSatisfy({ $0.isFinite && $0 > 0 }),
              values[0] <= values[1], values[1] <= values[2] else { return nil }
        return values
    }

    /// Unlocks the settings; 4 to 8 ASCII digits. The kiosk's pad chooses 4, `sideline settings --pin` up to 8.
    public var pin = KioskSettings.defaultPin

    public static let defaultPin = "1234"
    public static let pinLengths = 4...8
    /// How many digits a PIN chosen on the kiosk's pad has (it checks on the last digit, no OK key).
    public static let padPinLength = 4

    public static func isValidPin(_ candidate: String) -> Bool {
        pinLengths.contains(candidate.count) && candidate.allSatisfy { $0.isASCII && $0.isNumber }
    }

    public init() {}

    /// The name a tile shows: the name, or "#7" when aliases are on.
    public func displayName(_ player: Player, number: Int) -> String {
        showAliases ? "#\(number)" : player.fullName
    }

    /// The names a tile may show, longest first (a narrow tile takes the first that fits); "#7" alone with aliases.
    public func displayNameForms(_ player: Player, number: Int) -> [String] {
        showAliases ? ["#\(number)"] : player.nameForms
    }

    /// The player's heart-rate figures this year, under the chosen HRmax formula.
    public func physiology(of player: Player, year: Int) -> Physiology {
        Physiology(player: player, year: year, formula: maxFormula)
    }

    /// The store keeps each pair under this prefix ("kiosk.pin").
    public static let storeKeyPrefix = "kiosk."

    /// Key/value pairs as the store keeps them.
    public var keyValues: [(String, String)] {
        [("zoneModel", zoneModel.rawValue), ("maxFormula", maxFormula.rawValue), ("zoneMarginBpm", "\(zoneMarginBpm)"),
         ("highIntensityAlertMs", "\(highIntensityAlertMs)"), ("wallPrivacy", wallPrivacy ? "1" : "0"),
         ("showAliases", showAliases ? "1" : "0"), ("pin", pin), ("sensor", sensor.rawValue),
         ("tileDetail", tileDetail.rawValue), ("sound", sound ? "1" : "0"), ("soundVolume", "\(soundVolume)"),
         ("beeps", beeps ? "1" : "0"), ("intervalPresets", intervalPresets.map(\.storedForm).joined(separator: ",")),
         ("challengeRule", challengeRule.rawValue), ("spokenCues", spokenCues ? "1" : "0"),
         ("loadStatusRatios", loadStatusRatios.map { "\($0)" }.joined(separator: ",")), ("seasonStart", seasonStart.description),
         ("retentionMonths", "\(retention.months)"), ("requireConsent", requireConsent ? "1" : "0"),
         ("language", language)]
    }

    /// The pairs that differ from `old`: what a save writes, so that a value another
    /// process stored meanwhile (a PIN reset over SSH) is kept unless the coach changed it too.
    public func keyValues(changedSince old: KioskSettings) -> [(String, String)] {
        zip(keyValues, old.keyValues).filter { $0.0.1 != $0.1.1 }.map(\.0)
    }

    /// Reads what `keyValues` wrote; unknown or malformed values keep their defaults.
    public init(keyValues lookup: (String) -> String?) {
        if let v = lookup("zoneModel").flatMap(ZoneModel.init(rawValue:)) { zoneModel = v }
        if let v = lookup("maxFormula").flatMap(MaxHeartRateFormula.init(rawValue:)) { maxFormula = v }
        if let v = lookup("zoneMarginBpm").flatMap(Int.init), (0...20).contains(v) { zoneMarginBpm = v }
        if let v = lookup("highIntensityAlertMs").flatMap(Int64.init), v >= 0 { highIntensityAlertMs = v }
        if let v = lookup("wallPrivacy") { wallPrivacy = v == "1" }
        if let v = lookup("showAliases") { showAliases = v == "1" }
        if let v = lookup("pin"), Self.isValidPin(v) { pin = v }
        if let v = lookup("sensor").flatMap(SensorChoice.init(rawValue:)) { sensor = v }
        if let v = lookup("tileDetail").flatMap(TileDetail.init(rawValue:)) { tileDetail = v }
        if let v = lookup("sound") { sound = v == "1" }
        if let v = lookup("soundVolume").flatMap(Int.init), (0...100).contains(v) { soundVolume = v }
        if let v = lookup("beeps") { beeps = v == "1" }
        if let v = lookup("intervalPresets") {
            let presets = v.split(separator: ",").compactMap(IntervalProgram.init(storedForm:))
            if presets.count == Self.intervalPresetCount { intervalPresets = presets }
        }
        if let v = lookup("challengeRule").flatMap(ChallengeRule.init(rawValue:)) { challengeRule = v }
        if let v = lookup("spokenCues") { spokenCues = v == "1" }
        if let v = lookup("loadStatusRatios").flatMap(Self.loadStatusRatios(parsing:)) { loadStatusRatios = v }
        if let v = lookup("seasonStart").flatMap(SeasonStart.init(parsing:)) { seasonStart = v }
        if let v = lookup("retentionMonths").flatMap(Int.init), SessionRetention.monthsRange.contains(v) { retention = SessionRetention(months: v) }
        if let v = lookup("requireConsent") { requireConsent = v == "1" }
        // A code of letters only ("de"): the catalog's folder is named by it.
        if let v = lookup("language"), v.count <= 8, v.allSatisfy({ $0.isASCII && $0.isLetter }) { language = v }
    }
}

/// What the coach or club admin can change behind the PIN; persisted by the shell as key/value settings.
public struct KioskSettings: Sendable, Equatable {
    public var zoneModel: ZoneModel = .percentOfMax
    public var maxFormula: MaxHeartRateFormula = .tanaka
    /// A tile's colour follows a new zone only after it was held this long (no flicker).
    public var zoneHoldMs: Int64 = 10_000
    /// The coach screen flags a player at or above `highIntensityPercent` for longer than this.
    public var highIntensityAlertMs: Int64 = 60_000
    public var highIntensityPercent: Double = 90
    /// Wall display shows zone colour and %HRmax without BPM.
    public var wallPrivacy = false
    /// Tiles show "#7" instead of names (roster privacy option).
    public var showAliases = false
    public var pin = "1234"

    public init() {}

    /// Key/value pairs as the store keeps them.
    public var keyValues: [(String, String)] {
        [("zoneModel", zoneModel.rawValue), ("maxFormula", maxFormula.rawValue), ("zoneHoldMs", "\(zoneHoldMs)"),
         ("highIntensityAlertMs", "\(highIntensityAlertMs)"), ("wallPrivacy", wallPrivacy ? "1" : "0"),
         ("showAliases", showAliases ? "1" : "0"), ("pin", pin)]
    }

    /// Reads what `keyValues` wrote; unknown or malformed values keep their defaults.
    public init(keyValues lookup: (String) -> String?) {
        if let v = lookup("zoneModel").flatMap(ZoneModel.init(rawValue:)) { zoneModel = v }
        if let v = lookup("maxFormula").flatMap(MaxHeartRateFormula.init(rawValue:)) { maxFormula = v }
        if let v = lookup("zoneHoldMs").flatMap(Int64.init), v >= 0 { zoneHoldMs = v }
        if let v = lookup("highIntensityAlertMs").flatMap(Int64.init), v >= 0 { highIntensityAlertMs = v }
        if let v = lookup("wallPrivacy") { wallPrivacy = v == "1" }
        if let v = lookup("showAliases") { showAliases = v == "1" }
        if let v = lookup("pin"), v.count >= 4, v.allSatisfy(\.isNumber) { pin = v }
    }
}

import TeamCore

/// The kiosk's settings in the store's key/value table ("kiosk.pin", …), for the kiosk
/// and for `sideline settings` alike.
extension SidelineStore {
    /// As stored; what was never set or does not parse keeps its default.
    public func kioskSettings() -> KioskSettings {
        KioskSettings { key in (try? setting(KioskSettings.storeKeyPrefix + key)) ?? nil }
    }

    public func saveKioskSetting(_ key: String, _ value: String) throws {
        try setSetting(KioskSettings.storeKeyPrefix + key, value)
    }
}

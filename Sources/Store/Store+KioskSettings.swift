import GRDB
import TeamCore

/// The kiosk's settings in the store's key/value table ("kiosk.pin", …), for the kiosk
/// and for `sideline settings` alike.
extension SidelineStore {
    /// As stored; what was never set or does not parse keeps its default. One read for all of them (the
    /// kiosk asks at launch: a read a key was two dozen, ≈ 2.6 M instructions).
    public func kioskSettings() -> KioskSettings {
        let prefix = KioskSettings.storeKeyPrefix
        let stored = (try? read { db in
            try Row.fetchAll(db, sql: "SELECT key, value FROM setting WHERE substr(key, 1, ?) = ?", arguments: [prefix.count, prefix])
        }) ?? []
        var values: [String: String] = [:]
        for row in stored {
            let key: String = row["key"]
            values[String(key.dropFirst(prefix.count))] = row["value"]
        }
        return KioskSettings { values[$0] }
    }

    public func saveKioskSetting(_ key: String, _ value: String) throws {
        try setSetting(KioskSettings.storeKeyPrefix + key, value)
    }
}

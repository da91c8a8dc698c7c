import ClubIdentity
import Foundation
import TeamCore

/// Which fields each roster entity has and what values they take: both sides check an edit
/// with it, so a kiosk never syncs a value the server would refuse, and the server refuses
/// a whole request that carries one.
public enum RosterSchema {
    /// The most a photo may weigh once decoded (the kiosk stores 256×256 JPEGs of a few kB).
    public static let maxPhotoBytes = 512 * 1024

    public static func fields(of entity: RosterEntity) -> [String] {
        switch entity {
        case .team: ["name", "colour", "deleted"]
        case .player: ["firstName", "lastName", "birthYear", "sex", "weightKg", "restingHR", "maxHR", "photo", "consent", "deleted"]
        case .membership: ["shirtNumber", "strap", "deleted"]
        case .strap: ["address", "name", "deleted"]
        case .settings: sharedSettings.map(\.field)
        case .session: ["deleted"]
        }
    }

    /// The settings a club shares with its kiosks: the kiosk's key (`KioskSettings.keyValues`) → the club's field.
    public static let sharedSettings: [(kioskKey: String, field: String)] = [
        ("zoneModel", "zoneModel"), ("maxFormula", "maxHRFormula"), ("loadStatusRatios", "loadStatusRatios"), ("seasonStart", "seasonStart"),
        ("retentionMonths", "retentionMonths"), ("requireConsent", "requireConsent"),
    ]

    /// The membership key of a player on a team.
    public static func membershipKey(team: UUID, player: UUID) -> String {
        "\(team.uuidString.lowercased())/\(player.uuidString.lowercased())"
    }

    /// Why the edit cannot be stored, or nil.
    public static func problem(with edit: RosterEdit) -> String? {
        let what = "\(edit.entity.rawValue) \(edit.key.prefix(80)) \(edit.field.prefix(40))"
        if let problem = keyProblem(edit.entity, edit.key) { return "\(edit.entity.rawValue) key: \(problem)" }
        guard fields(of: edit.entity).contains(edit.field) else {
            return "\(edit.entity.rawValue) has no field '\(edit.field.prefix(40))' (its fields: \(fields(of: edit.entity).joined(separator: ", ")))"
        }
        guard InputBounds.unixMs.contains(edit.stamp.wallMs), edit.stamp.counter >= 0, edit.stamp.counter < 1 << 30,
              (1...64).contains(edit.stamp.origin.utf8.count) else {
            return "\(what): the stamp needs a time from 2000 to 2100, a counter ≥ 0 and an origin of 1 to 64 bytes"
        }
        if let problem = valueProblem(edit.entity, edit.field, edit.value) { return "\(what): \(problem)" }
        return nil
    }

    /// A roster name's bounds: `characters`, and four bytes a character (UTF-8's widest scalar).
    static func nameBounds(_ characters: Int) -> TextBounds { TextBounds(characters: characters, bytes: 4 * characters) }

    static func keyProblem(_ entity: RosterEntity, _ key: String) -> String? {
        switch entity {
        case .settings:
            return key == "club" ? nil : "the club's settings have the key \"club\""
        case .membership:
            let parts = key.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy({ isLowercaseUUID(String($0)) }) ? nil : "\"<team uuid>/<player uuid>\" in lower case"
        default:
            return isLowercaseUUID(key) ? nil : "a UUID in lower case"
        }
    }

    static func isLowercaseUUID(_ text: String) -> Bool {
        guard let uuid = UUID(uuidString: text) else { return false }
        return uuid.uuidString.lowercased() == text
    }

    static func valueProblem(_ entity: RosterEntity, _ field: String, _ value: RosterValue) -> String? {
        func name(max: Int, empty: Bool) -> String? {
            guard let s = value.string else { return "a string" }
            // Bytes before anything else: a 6 MB name is refused without walking it.
            if let problem = nameBounds(max).problem(s, mayBeEmpty: empty) {
                return problem == "empty" ? "must not be empty" : "at most \(max) characters and \(nameBounds(max).bytes) bytes, no line breaks or control characters: \(problem)"
            }
            return nil
        }
        func integer(_ range: ClosedRange<Int64>, nullable: Bool = false) -> String? {
            if nullable && value == .null { return nil }
            guard let i = value.integer, range.contains(i) else { return "a whole number in \(range.lowerBound)…\(range.upperBound)\(nullable ? " or null" : "")" }
            return nil
        }
        func oneOf(_ words: [String]) -> String? {
            guard let s = value.string, words.contains(s) else { return "one of \(words.joined(separator: ", "))" }
            return nil
        }
        switch (entity, field) {
        case (_, "deleted"):
            guard let deleted = value.bool else { return "true or false" }
            return entity == .session && !deleted ? "a session's tombstone cannot be taken back" : nil
        case (.team, "name"): return name(max: Team.maxNameLength, empty: false)
        case (.team, "colour"): return value.string.flatMap(RGBColour.init(hex:)) != nil && value.string?.hasPrefix("#") == true ? nil : "#RRGGBB"
        case (.player, "firstName"): return name(max: Player.maxNameLength, empty: false)
        case (.player, "lastName"): return name(max: Player.maxNameLength, empty: true)
        case (.player, "birthYear"): return integer(1900...2100)
        case (.player, "sex"): return oneOf(Sex.allCases.map(\.rawValue))
        case (.player, "weightKg"):
            guard let w = value.number, InputBounds.weightKg.contains(w) else { return "a number in 20…250" }
            return nil
        case (.player, "restingHR"): return integer(25...120)
        case (.player, "maxHR"): return integer(120...240, nullable: true)
        case (.player, "photo"):
            if value == .null { return nil }
            guard let text = value.string, text.utf8.count <= (maxPhotoBytes / 3 + 1) * 4, let jpeg = Data(base64Encoded: text) else {
                return "null or a base64 JPEG of at most \(maxPhotoBytes / 1024) KiB"
            }
            return jpeg.starts(with: [0xFF, 0xD8, 0xFF]) ? nil : "not a JPEG"
        case (.player, "consent"):
            // One text for the date and who gave it, so a conflict never pairs one edit's date with another's name.
            if value == .null { return nil }
            return value.string.flatMap(Consent.init(storedForm:)) != nil ? nil
                : "null or \"YYYY-MM-DD name\": the day consent was given and who gave it (1 to \(Consent.maxGiverLength) characters)"
        case (.membership, "shirtNumber"): return integer(0...999)
        case (.membership, "strap"):
            if value == .null { return nil }
            return value.string.map(isLowercaseUUID) == true ? nil : "null or a strap's UUID in lower case"
        case (.strap, "address"): return value.string.map { Strap.isValidAddress($0) && $0 == $0.uppercased() } == true ? nil : "AA:BB:CC:DD:EE:FF in upper case"
        case (.strap, "name"): return name(max: 64, empty: true)
        case (.settings, "zoneModel"): return oneOf(ZoneModel.allCases.map(\.rawValue))
        case (.settings, "maxHRFormula"): return oneOf(MaxHeartRateFormula.allCases.map(\.rawValue))
        case (.settings, "loadStatusRatios"):
            // The kiosk's own rule (`sideline settings --load-status`): three positive ratios that do not fall.
            guard let text = value.string, text.utf8.count <= 64, KioskSettings.loadStatusRatios(parsing: text) != nil else {
                return "three positive ratios that do not fall, like \"0.8,1.0,1.5\""
            }
            return nil
        case (.settings, "seasonStart"):
            guard let text = value.string, text.utf8.count <= 8, SeasonStart(parsing: text) != nil else {
                return "a month and day like \"08-01\" (February 29 is not every year's)"
            }
            return nil
        case (.settings, "retentionMonths"):
            // Text like the other settings (the kiosk's key/value form): "0" keeps every session.
            guard let text = value.string, text.utf8.count <= 3, let months = Int(text), "\(months)" == text,
                  SessionRetention.monthsRange.contains(months) else {
                return "a whole number of months from \(SessionRetention.monthsRange.lowerBound) (keep for good) to \(SessionRetention.monthsRange.upperBound), as text"
            }
            return nil
        case (.settings, "requireConsent"):
            // The kiosk's key/value form of a switch.
            return oneOf(["0", "1"])
        default: return "unknown field"
        }
    }
}

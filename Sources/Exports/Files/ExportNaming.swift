import Foundation

/// File names that say team, date and player, safe on any USB stick (FAT32).
public enum ExportNaming {
    public static func slug(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var out = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar), scalar.isASCII { out.unicodeScalars.append(scalar) } else if !out.hasSuffix("-") { out += "-" }
        }
        let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "x" : String(trimmed.prefix(40))
    }

    public static func day(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd"
        return f.string(from: date)
    }

    /// e.g. "u17-boys_2026-11-23_s12"
    public static func sessionStem(team: String, startedAt: Date, sessionID: Int64) -> String {
        "\(slug(team))_\(day(startedAt))_s\(sessionID)"
    }
}

import Foundation
import TeamCore

/// Which photo on a USB stick is whose: a file named by the player's shirt number ("7.jpg") or
/// name ("Mia Berg.png", "berg_mia.jpeg"; case, accents and separators do not matter).
public enum PhotoFileNames {
    /// Picture files by their extension (what SDL_image reads); anything else on the stick is not looked at.
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "bmp", "gif", "webp", "tif", "tiff"]

    public struct Match: Sendable, Equatable {
        /// Path of the file, as given.
        public var file: String
        public var playerID: Int64
    }

    public struct Result: Sendable, Equatable {
        /// One file per player: the first by path when several name the same player.
        public var matches: [Match]
        /// Pictures named after nobody on the roster.
        public var unmatched: [String]
    }

    /// Pairs picture files with roster lines. `files`: paths; only their last component counts.
    public static func match(_ files: [String], roster: [RosterLine]) -> Result {
        var byKey: [String: Int64] = [:]
        for line in roster {
            byKey["\(line.shirtNumber)"] = line.playerID
            let first = normalised(line.player.firstName), last = normalised(line.player.lastName)
            for key in [first + " " + last, last + " " + first, normalised(line.player.fullName)] {
                byKey[key.trimmingCharacters(in: .whitespaces)] = line.playerID
            }
        }
        var matches: [Match] = [], unmatched: [String] = [], taken = Set<Int64>()
        for file in files.sorted() {
            let name = (file as NSString).lastPathComponent
            guard !name.hasPrefix("."), extensions.contains((name as NSString).pathExtension.lowercased()) else { continue }
            let stem = normalised((name as NSString).deletingPathExtension)
            // "07" is number 7 too.
            let key = Int(stem).map { "\($0)" } ?? stem
            guard let player = byKey[key] else { unmatched.append(file); continue }
            if taken.insert(player).inserted { matches.append(Match(file: file, playerID: player)) }
        }
        return Result(matches: matches, unmatched: unmatched)
    }

    /// Lower case, accents off, runs of spaces, underscores, dots and hyphens as one space.
    static func normalised(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX")).lowercased()
        var out = ""
        var space = false
        for ch in folded {
            if ch == " " || ch == "_" || ch == "-" || ch == "." {
                space = !out.isEmpty
            } else {
                if space { out.append(" ") }
                space = false
                out.append(ch)
            }
        }
        return out
    }
}

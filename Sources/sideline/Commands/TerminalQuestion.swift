import Foundation
import Localization

/// The question a destructive command asks on the terminal unless `--yes` was given.
enum TerminalQuestion {
    /// Prints `question` and reads the answer: only "y" or "yes" go on — or the language's own yes ("j", "ja", "o",
    /// "oui", "s", "sí"…), as the prompt says. No terminal (end of input) is a no, so a script that forgot `--yes`
    /// changes nothing.
    static func ask(_ question: String, assumeYes: Bool) -> Bool {
        if assumeYes { return true }
        print("\(question) \(tr("[y/N]")) ", terminator: "")
        fflush(nil)
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else {
            print("")
            return false
        }
        return yes(answer)
    }

    /// "y"/"yes" in every language, and the words for it the prompt shows in the command's language.
    static func yes(_ answer: String) -> Bool {
        let own = tr("y|yes", context: "the answers that confirm a question, lower case, separated by |").split(separator: "|").map(String.init)
        return (["y", "yes"] + own).contains(answer)
    }

    static var declined: String { tr("nothing changed (answer y, or add --yes)") }
}

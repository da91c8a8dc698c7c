import Foundation

/// The question a destructive command asks on the terminal unless `--yes` was given.
enum TerminalQuestion {
    /// Prints `question` and reads the answer: only "y" or "yes" go on. No terminal (end of input)
    /// is a no, so a script that forgot `--yes` changes nothing.
    static func ask(_ question: String, assumeYes: Bool) -> Bool {
        if assumeYes { return true }
        print("\(question) [y/N] ", terminator: "")
        fflush(nil)
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else {
            print("")
            return false
        }
        return answer == "y" || answer == "yes"
    }

    static let declined = "nothing changed (answer y, or add --yes)"
}

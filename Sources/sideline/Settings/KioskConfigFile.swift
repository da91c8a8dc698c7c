import Foundation
import Localization

/// `/etc/sideline/sideline.conf`: the kiosk's command-line options, written down for the service.
///
///     # comment
///     source = bluez:hci0        → --source bluez:hci0   (repeat a line for a repeatable option)
///     wall-display = 1           → --wall-display 1
///     max-connections = 3
///
/// A name is a long option of `sideline kiosk --help` without its dashes, so the options keep
/// one definition (the command's flags) and one set of checks; `yes`/`no` turn a flag on or off.
/// Options given on the command line win over the file's.
struct KioskConfigFile {
    /// A mistake in the file (or reading it), as a message: read before any language is known (the kiosk's launch
    /// loads no catalog first, decision 087), so `main` says it once the language is (`CommandLanguage.start`).
    struct Mistake: Error, CustomStringConvertible {
        var message: Message
        var description: String { message.english }
    }

    struct Entry: Equatable {
        var name: String
        var value: String
    }

    var entries: [Entry]

    init(text: String, path: String) throws {
        entries = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw Mistake(message: Message(N_("{file}:{line}: expected NAME = VALUE, found \"{text}\""), ["file": path, "line": "\(index + 1)", "text": line]))
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }), !name.hasPrefix("-") else {
                throw Mistake(message: Message(N_("{file}:{line}: \"{name}\" is not an option name (a long option without its dashes, e.g. source)"),
                                                ["file": path, "line": "\(index + 1)", "name": name]))
            }
            guard name != "config" else {
                throw Mistake(message: Message(N_("{file}:{line}: a config file cannot name another"), ["file": path, "line": "\(index + 1)"]))
            }
            entries.append(Entry(name: name, value: value))
        }
    }

    /// The value of the file's last line for `name` (a later line wins, as on a command line).
    func value(of name: String) -> String? {
        entries.last { $0.name == name }?.value
    }

    /// Reads and parses the file at `path`.
    init(path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Mistake(message: Message(N_("cannot read the config file {file}"), ["file": path]))
        }
        try self.init(text: text, path: path)
    }

    /// The file's options as arguments, leaving out every option the command line gives itself.
    func arguments(overriddenBy commandLine: [String]) -> [String] {
        let given = Set(commandLine.compactMap { arg -> String? in
            guard arg.hasPrefix("--") else { return nil }
            return String(arg.dropFirst(2).prefix { $0 != "=" })
        })
        var out: [String] = []
        for entry in entries where !given.contains(entry.name) {
            switch entry.value.lowercased() {
            case "yes", "true", "on": out.append("--\(entry.name)")
            case "no", "false", "off": continue
            default: out += ["--\(entry.name)", entry.value]
            }
        }
        return out
    }

    /// The file `--config` names in `arguments`, if any.
    static func named(in arguments: [String]) -> String? {
        guard let at = arguments.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") }) else { return nil }
        if arguments[at] == "--config" { return at + 1 < arguments.count ? arguments[at + 1] : nil }
        return String(arguments[at].dropFirst("--config=".count))
    }

    /// `arguments` without `--config FILE`.
    static func withoutConfig(_ arguments: [String]) -> [String] {
        guard let at = arguments.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") }) else { return arguments }
        var rest = arguments
        rest.removeSubrange(at...(arguments[at] == "--config" ? min(at + 1, arguments.count - 1) : at))
        return rest
    }

    /// `sideline [kiosk] … --config FILE …` → the same arguments with the file's options in place
    /// of `--config FILE`. Other subcommands take no config file and are passed through.
    static func expand(_ arguments: [String]) throws -> [String] {
        guard let at = arguments.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") }) else { return arguments }
        let first = arguments.first { !$0.hasPrefix("-") }
        guard first == nil || first == "kiosk" || arguments.firstIndex(of: first!)! > at else { return arguments }
        var rest = arguments
        let path: String
        if rest[at] == "--config" {
            guard at + 1 < rest.count else { throw Mistake(message: Message(N_("--config needs a file"))) }
            path = rest[at + 1]
            rest.removeSubrange(at...(at + 1))
        } else {
            path = String(rest[at].dropFirst("--config=".count))
            rest.remove(at: at)
        }
        let file = try KioskConfigFile(path: path)
        rest.insert(contentsOf: file.arguments(overriddenBy: rest), at: at)
        return rest
    }
}

import Foundation
import Localization
import Store
import Synchronization

/// The language of every command but the kiosk's (decision 087): the terminal's own when its environment names one of
/// ours (`LANG=de_DE.UTF-8` over SSH: the admin's language, whatever the coach chose), else the kiosk's, resolved as
/// the kiosk resolves it (`Language.chosen`): its Settings choice in the database, else the package's config file's
/// `language = …`. Human output and Sideline's own errors speak it; `--json`, CSV, exports and logs stay English.
/// The kiosk's launch never comes here (it loads its catalog itself, once, decision 083).
enum CommandLanguage {
    /// The package's config file, which the service passes the kiosk with `--config`; `SIDELINE_CONFIG` names another.
    static func configFile(_ environment: [String: String]) -> String {
        environment["SIDELINE_CONFIG"] ?? "/etc/sideline/sideline.conf"
    }

    /// The language before the database is open, and whether the terminal named it (then it stays): the environment's
    /// own, else the config file's, else English. A config file that is missing or unreadable names none (the kiosk's
    /// service reports its mistakes; a command has nothing to say on it).
    static func fallback(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> (Language, terminal: Bool) {
        if let spoken = Language.named(by: environment) { return (spoken, true) }
        let configured = (try? KioskConfigFile(path: configFile(environment)))?.value(of: "language")
        return (Language.fallback(configured: configured, environment: [:]), false)
    }

    /// The fallback once `start` ran, and whether the terminal named it; nil in the kiosk's own command.
    private static let started = Mutex<(language: Language, terminal: Bool)?>(nil)

    /// Before parsing a command other than the kiosk's: its usage mistakes and refusals in the fallback language.
    static func start() {
        guard started.withLock({ $0 }) == nil else { return }
        let (language, terminal) = fallback()
        started.withLock { $0 = (language, terminal) }
        use(language)
    }

    /// Once a command has opened the store: unless the terminal named a language, the kiosk's Settings choice, if it
    /// has one, from then on (one query).
    static func follow(_ store: SidelineStore) {
        guard let fallback = started.withLock({ $0 }), !fallback.terminal else { return }  // the kiosk's own command: its runtime decides
        let language = Language.chosen(setting: store.kioskSettings().language, fallback: fallback.language)
        if language != Localization.current.language { use(language) }
    }

    private static func use(_ language: Language) {
        Localization.use(Translator.load(language, log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }))
    }
}

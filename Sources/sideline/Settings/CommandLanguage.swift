import Foundation
import Localization
import Store
import Synchronization

/// The language of every command but the kiosk's (decision 087): the kiosk's own, resolved as the kiosk resolves it
/// (`Language.chosen`): its Settings choice in the database, else the package's config file's `language = …`, else
/// `LANG` and the like. Human output and Sideline's own errors speak it; `--json`, CSV, exports and logs stay English.
/// The kiosk's launch never comes here (it loads its catalog itself, once, decision 083).
enum CommandLanguage {
    /// The package's config file, which the service passes the kiosk with `--config`; `SIDELINE_CONFIG` names another.
    static func configFile(_ environment: [String: String]) -> String {
        environment["SIDELINE_CONFIG"] ?? "/etc/sideline/sideline.conf"
    }

    /// The language before the database is open: the config file's, else the environment's. A config file that is
    /// missing or unreadable names none (the kiosk's service reports its mistakes; a command has nothing to say on it).
    static func fallback(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Language {
        let configured = (try? KioskConfigFile(path: configFile(environment)))?.value(of: "language")
        return Language.fallback(configured: configured, environment: environment)
    }

    /// The fallback once `start` ran; nil in the kiosk's own command.
    private static let started = Mutex<Language?>(nil)

    /// Before parsing a command other than the kiosk's: its usage mistakes and refusals in the fallback language.
    static func start() {
        guard started.withLock({ $0 }) == nil else { return }
        let language = fallback()
        started.withLock { $0 = language }
        use(language)
    }

    /// Once a command has opened the store: the kiosk's Settings choice, if it has one, from then on (one query).
    static func follow(_ store: SidelineStore) {
        guard let fallback = started.withLock({ $0 }) else { return }  // the kiosk's own command: its runtime decides
        let language = Language.chosen(setting: store.kioskSettings().language, fallback: fallback)
        if language != Localization.current.language { use(language) }
    }

    private static func use(_ language: Language) {
        Localization.use(Translator.load(language, log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }))
    }
}

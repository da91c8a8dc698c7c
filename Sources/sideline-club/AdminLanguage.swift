import Foundation
import Localization

/// The language of `sideline-club`'s administration (decision 087): the environment's (`LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES`, `LANG`, as `Language.fallback` reads them for the kiosk's command line; a club server has no kiosk
/// setting), from its own catalog domain. `serve` keeps English process-wide: its pages speak each request's language
/// (decision 084), its API and log lines stay English.
enum AdminLanguage {
    /// The club server's command line's domain, beside its web's `sideline-club`.
    static let domain = "sideline-club-admin"

    static func start(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard arguments.first != "serve" else { return }
        let language = Language.fallback(configured: nil, environment: environment)
        Localization.use(Translator.load(language, domain: domain, log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }))
    }
}

/// The languages the kiosk, the command line and the club web speak. English is the source: its
/// words are the catalogs' message ids, so it needs no catalog.
public enum Language: String, CaseIterable, Sendable, Codable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case dutch = "nl"

    /// The language's own name for itself, as a language list shows it (a coach who reads no
    /// English must still find their own).
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .german: "Deutsch"
        case .french: "Français"
        case .spanish: "Español"
        case .dutch: "Nederlands"
        }
    }

    /// The locale Foundation's formatters use for dates, weekdays and decimals in this language.
    public var localeIdentifier: String {
        switch self {
        case .english: "en_GB"
        case .german: "de_DE"
        case .french: "fr_FR"
        case .spanish: "es_ES"
        case .dutch: "nl_NL"
        }
    }

    /// espeak-ng's voice for the spoken cues.
    public var voice: String { rawValue }

    /// A language from a setting ("de"), a POSIX locale ("de_DE.UTF-8", "fr_BE@euro") or a list of
    /// them as `LANGUAGE` holds ("nl:de"); nil for none of ours ("C", "POSIX", "it_IT").
    public init?(code: String) {
        for candidate in code.split(separator: ":") {
            let lower = candidate.lowercased()
            let base = lower.prefix { $0.isLetter }
            if let language = Language(rawValue: String(base)) {
                self = language
                return
            }
        }
        return nil
    }

    /// The variables that name a language, in gettext's order.
    public static let environmentNames = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language of the environment: `LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`, as gettext
    /// reads them; English when none names one of ours.
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        named(by: environment) ?? .english
    }

    /// The language the environment names, nil when it names none of ours ("C.UTF-8", "POSIX", unset): a
    /// terminal's own language, which the command line puts first (decision 087).
    public static func named(by environment: [String: String]) -> Language? {
        for name in environmentNames {
            if let value = environment[name], !value.isEmpty, let language = Language(code: value) { return language }
        }
        return nil
    }

    /// The language the kiosk and the command line speak (decision 080, 087): the kiosk's Settings choice (`setting`,
    /// "" while none), else `fallback`. One resolver for both programs.
    public static func chosen(setting: String?, fallback: Language) -> Language {
        setting.flatMap(Language.init(code:)) ?? fallback
    }

    /// The language while Settings has chosen none: the configured one (`--language`, the package's config file's
    /// `language = …`), else the environment's (`fromEnvironment`), else English.
    public static func fallback(configured: String?, environment: [String: String]) -> Language {
        configured.flatMap(Language.init(code:)) ?? fromEnvironment(environment)
    }
}

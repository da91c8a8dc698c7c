import Foundation
import Synchronization

/// The words one language uses: its catalog and its locale. A value: the club web makes one per
/// request (the user's choice, else Accept-Language); the kiosk and the command line set `current`.
public struct Translator: Sendable {
    public let language: Language
    public let catalog: MessageCatalog
    public let locale: Locale

    public init(language: Language, catalog: MessageCatalog) {
        self.language = language
        self.catalog = catalog
        self.locale = Locale(identifier: language.localeIdentifier)
    }

    public static let english = Translator(language: .english, catalog: .english)

    /// The kiosk's gettext domain: `<dir>/<lang>/LC_MESSAGES/sideline.mo` (the club server's web has its own,
    /// `sideline-club`, so each product's translators work on their own catalogs).
    public static let domain = "sideline"
    /// Where the package installs the catalogs.
    public static let systemDirectory = "/usr/share/locale"

    /// Where catalogs are looked for: `SIDELINE_LOCALEDIR` (a build's own, for tests and screenshots),
    /// else the system's.
    public static func directories(_ environment: [String: String] = getenv("SIDELINE_LOCALEDIR").map { ["SIDELINE_LOCALEDIR": String(cString: $0)] } ?? [:])
        -> [String] {
        (environment["SIDELINE_LOCALEDIR"].map { [$0] } ?? []) + [systemDirectory]
    }

    /// The language's catalog from the first directory that has one. English needs none; a language
    /// whose catalog is missing speaks English; a broken one is ignored with one line through `log`.
    public static func load(_ language: Language, domain: String = domain, directories: [String] = directories(),
                            log: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) -> Translator {
        guard language != .english else { return .english }
        for directory in directories {
            let path = "\(directory)/\(language.rawValue)/LC_MESSAGES/\(domain).mo"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            switch MessageCatalog.read(path: path) {
            case .success(let catalog): return Translator(language: language, catalog: catalog)
            case .failure(let broken):
                log("language \(language.rawValue): \(path) ignored (\(broken)); messages stay English")
                return Translator(language: language, catalog: .english)
            }
        }
        return Translator(language: language, catalog: .english)
    }

    /// `id` in this language, `{name}` placeholders filled from `args`; English when the catalog has
    /// no translation, never empty and never the bare key of a context.
    public func callAsFunction(_ id: String, context: String? = nil, _ args: [String: String] = [:]) -> String {
        Self.fill(catalog.translation(id, context: context) ?? id, args)
    }

    /// The same as calling the translator; the name the extractor finds (`words.tr("…")`) where a value, not the
    /// process's current language, speaks (the club web's per-request translator).
    public func tr(_ id: String, context: String? = nil, _ args: [String: String] = [:]) -> String {
        self(id, context: context, args)
    }

    /// A message with plural forms: the one for `n` (as `{n}` and in the language's rule).
    public func plural(_ singular: String, _ plural: String, n: Int, context: String? = nil, _ args: [String: String] = [:]) -> String {
        let form = catalog.translation(singular, plural: plural, n: n, context: context) ?? (n == 1 ? singular : plural)
        return Self.fill(form, args.merging(["n": formatted(n)]) { mine, _ in mine })
    }

    /// `plural(…)` under the name the extractor finds (`words.trn("…", "…", n: …)`).
    public func trn(_ singular: String, _ plural: String, n: Int, context: String? = nil, _ args: [String: String] = [:]) -> String {
        self.plural(singular, plural, n: n, context: context, args)
    }

    /// Replaces `{name}` by its value; a brace with no value stays as written. Walks the UTF-8 bytes (the braces
    /// are ASCII, so every cut falls between characters): the live bar fills two templates a frame.
    static func fill(_ template: String, _ args: [String: String]) -> String {
        let bytes = template.utf8
        guard !args.isEmpty, bytes.contains(UInt8(ascii: "{")) else { return template }
        var out = ""
        out.reserveCapacity(bytes.count + 16)
        var i = bytes.startIndex, copied = i
        while i != bytes.endIndex {
            if bytes[i] == UInt8(ascii: "{"), let close = bytes[i...].firstIndex(of: UInt8(ascii: "}")),
               let value = args[String(Substring(bytes[bytes.index(after: i)..<close]))] {
                out += Substring(bytes[copied..<i])
                out += value
                i = bytes.index(after: close)
                copied = i
            } else {
                i = bytes.index(after: i)
            }
        }
        out += Substring(bytes[copied..<bytes.endIndex])
        return out
    }

    // MARK: Numbers and dates as the language writes them (Foundation's ICU data, no hand-made tables).

    /// An integer as the language groups it ("1,234", "1.234", "1 234").
    public func formatted(_ n: Int) -> String { n.formatted(.number.locale(locale)) }

    /// A decimal with exactly `digits` fraction digits ("1.5", "1,5").
    public func formatted(_ x: Double, digits: Int) -> String {
        x.formatted(.number.locale(locale).precision(.fractionLength(digits)).grouping(.never))
    }

    /// The language's decimal mark ("," in German, French, Spanish and Dutch).
    public var decimalMark: String { locale.decimalSeparator ?? "." }

    /// A decimal kept with a point (what the coach typed, "66.6") as the language writes it ("66,6").
    public func withDecimalMark(_ typed: String) -> String {
        typed.replacingOccurrences(of: ".", with: decimalMark)
    }

    /// A weekday's short name (1 = Sunday … 7 = Saturday, as `Calendar` counts).
    public func shortWeekday(_ weekday: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let names = calendar.shortWeekdaySymbols
        return names[(weekday - 1 + 7 * 100) % 7]
    }

    /// The weekday weeks start on where the language is spoken (1 = Sunday, 2 = Monday).
    public var firstWeekday: Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return calendar.firstWeekday
    }

    /// A day as "Sat 14 Mar" reads in the language ("Sa., 14. März", "sam. 14 mars").
    public func shortDay(year: Int, month: Int, day: Int) -> String {
        guard let date = Self.utcDate(year: year, month: month, day: day) else { return "\(year)-\(month)-\(day)" }
        let style = Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: Calendar(identifier: .gregorian),
                                     timeZone: TimeZone(identifier: "UTC")!)
            .weekday(.abbreviated).day(.defaultDigits).month(.abbreviated)
        return date.formatted(style)
    }

    private static func utcDate(year: Int, month: Int, day: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
    }
}

/// The language the kiosk (or this command) speaks now. Set at start and from Settings; read while
/// drawing. The loop sets and reads it; the lock keeps a read on another thread (a spoken cue made off
/// the loop) whole.
public enum Localization {
    private static let shared = Mutex(Translator.english)

    public static var current: Translator { shared.withLock { $0 } }

    /// `body` on the current translator in place: no copy of it (its catalog's tables) per lookup, which the
    /// kiosk makes a dozen of each frame.
    static func withCurrent<T>(_ body: (Translator) -> T) -> T { shared.withLock { body($0) } }

    public static func use(_ translator: Translator) { shared.withLock { $0 = translator } }
}

/// A message in the current language (gettext's `_()`): `tr("Settings")`, `tr("{n} bpm", ["n": "3"])`,
/// `tr("Stop", context: "button, short")`. Ids are English and whole sentences; the extractor
/// (deploy/scripts/i18n/extract.py) collects every `tr`/`trn` literal into po/sideline.pot.
public func tr(_ id: String, context: String? = nil, _ args: [String: String] = [:]) -> String {
    Localization.withCurrent { $0(id, context: context, args) }
}

/// A message with plural forms in the current language (gettext's `ngettext`), `{n}` the count.
public func trn(_ singular: String, _ plural: String, n: Int, context: String? = nil, _ args: [String: String] = [:]) -> String {
    Localization.withCurrent { $0.plural(singular, plural, n: n, context: context, args) }
}

/// Marks an English literal for the catalogs where it is kept as data and translated when shown
/// (gettext's `N_()`): notices in the app state, labels in tables.
@inline(__always)
public func N_(_ id: String) -> String { id }

/// A plural message's two English forms, kept as data (`Nn_`) for a `Message` that picks its form where it is drawn.
public struct PluralForms: Sendable, Equatable {
    public let singular: String
    public let plural: String
}

/// Marks a plural message for the catalogs where it is kept as data (`N_` for `ngettext`): `Message(Nn_("{n} file",
/// "{n} files"), n: count)`.
@inline(__always)
public func Nn_(_ singular: String, _ plural: String) -> PluralForms { PluralForms(singular: singular, plural: plural) }

/// `N_` for the club server's administration catalog (`sideline-club-admin`, decision 087): a sentence the shared
/// `ClubServer` library words for both its API (English, as it is) and `sideline-club`'s command line (the admin's
/// language). A marker of its own, so that the club web's catalog (whose extractor reads `N_` in the same sources)
/// does not take it.
@inline(__always)
public func N_admin(_ id: String) -> String { id }

extension Translator {
    private static let dateFormatters = Mutex<[String: DateFormatter]>([:])

    /// A formatter for a date skeleton ("EEEdMMM", "EEEdMMMHHmm") as this language orders and words it
    /// (ICU through Foundation: "Sat 14 Mar", "Sa., 14. März", "sam. 14 mars"), in the machine's time
    /// zone. Made once per language and skeleton: screens ask for one every frame.
    public func dateFormatter(_ skeleton: String) -> DateFormatter {
        let key = "\(language.rawValue)|\(skeleton)"
        return Self.dateFormatters.withLock { made in
            if let known = made[key] { return known }
            let f = DateFormatter()
            f.locale = locale
            // ICU's pattern for the skeleton, written down where known: no pattern generator is built for it.
            if let pattern = DatePatterns.pattern(skeleton, language) { f.dateFormat = pattern } else { f.setLocalizedDateFormatFromTemplate(skeleton) }
            made[key] = f
            return f
        }
    }
}

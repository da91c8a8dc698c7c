import Foundation
import Localization

/// The language a page speaks (decision 084): the signed-in user's choice (their account page, `club_user.language`),
/// else the browser's `Accept-Language` best match, else English. Bound for the request's task (`WebLanguage.$words`),
/// so every helper that prints a word or a number reads the one request's translator, whichever thread an `await`
/// resumes on; the API, the CSV exports and the log lines never bind it and stay English.
enum WebLanguage {
    /// The club web's own gettext domain: `po/club/<lang>.po` compiled to `<lang>/LC_MESSAGES/sideline-club.mo`.
    static let domain = "sideline-club"

    /// Each language's catalog, read once (a broken one is ignored with one line: its words stay English).
    static let translators: [Language: Translator] = Dictionary(uniqueKeysWithValues: Language.allCases.map {
        ($0, Translator.load($0, domain: domain))
    })

    static func translator(_ language: Language) -> Translator { translators[language] ?? .english }

    /// The request's translator; English outside a page (the API, exports, logs).
    @TaskLocal static var words: Translator = .english

    /// The best of our languages in an `Accept-Language` header ("de-CH,de;q=0.9,en;q=0.5"): the highest q
    /// (ties: the first listed) that names one of ours; nil for none. At most 32 entries are read.
    static func negotiate(_ header: String?) -> Language? {
        guard let header else { return nil }
        var best: (language: Language, q: Double)?
        for entry in header.split(separator: ",").prefix(32) {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, let language = Language(code: tag.replacingOccurrences(of: "-", with: "_")) else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                q = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0
            }
            if q > 0, q > (best?.q ?? 0) { best = (language, q) }
        }
        return best?.language
    }

    /// The translator for a request: the user's choice, else the header's, else English.
    static func translator(choice: Language?, acceptLanguage: String?) -> Translator {
        translator(choice ?? negotiate(acceptLanguage) ?? .english)
    }
}

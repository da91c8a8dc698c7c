/// A message kept as data by a module that does not translate (Analytics' flag reasons) or whose sentence is read
/// both by a log and by a person (an error): its id (marked `N_` where it is made), the values of its
/// `{placeholders}`, those values that are words themselves (messages too, e.g. a posture), those that are whole
/// messages with values of their own (`nested`: an error inside a sentence, "{problem}"), and messages that follow it
/// after "; " (a list of any length, each a whole sentence to translate), a count that picks the plural form (`Nn_`),
/// and days the language writes itself (`days`: "Thu 12 Mar", "Do., 12. März"). `english` for logs, JSON and stored
/// text; `translated` where it is drawn or printed for a person. Codable: a problem kept in a file or a column is
/// shown later in whatever language the screen speaks then.
public struct Message: Sendable, Equatable, Codable {
    public var id: String
    public var values: [String: String]
    public var words: [String: String]
    public var nested: [String: Message]
    public var following: [Message]
    /// The plural id and the count that picks the form (`{n}`), for a message made with `Nn_`.
    public var plural: String?
    public var count: Int?
    /// Days by placeholder, as ISO days ("2026-03-12"): a person reads the language's short day, `english` (the log's,
    /// the JSON's) keeps the ISO day.
    public var days: [String: String]

    public init(_ id: String, _ values: [String: String] = [:], words: [String: String] = [:], nested: [String: Message] = [:],
                following: [Message] = [], days: [String: String] = [:]) {
        self.id = id
        self.values = values
        self.words = words
        self.nested = nested
        self.following = following
        self.days = days
    }

    /// A message with plural forms (`Nn_("{n} file", "{n} files")`), the form picked by `n` in the language's rule.
    public init(_ forms: PluralForms, n: Int, _ values: [String: String] = [:], words: [String: String] = [:], nested: [String: Message] = [:]) {
        self.init(forms.singular, values, words: words, nested: nested)
        plural = forms.plural
        count = n
    }

    /// The sentences as a dialog shows them: each translated, one after the other.
    public static func sentences(_ messages: [Message]) -> String { messages.map(\.translated).joined(separator: " ") }

    public var english: String { text(in: .english, isoDays: true) }

    /// In the current language, the following messages by their words alone ("…; fatigue, sleep"): for a line too
    /// short for them all.
    public var translatedBriefly: String {
        let words = following.flatMap { $0.words.values.sorted().map { tr($0) } }
        var first = self
        first.following = []
        return ([first.translated] + (words.isEmpty ? [] : [words.joined(separator: ", ")])).joined(separator: "; ")
    }

    /// In the current language: the sentence and its words from the catalog, the numbers as the language writes
    /// decimals ("1.5" is "1,5" in German and French).
    public var translated: String { Localization.withCurrent { text(in: $0) } }

    /// In the translator's language (`.english`: as the log writes it).
    public func text(in language: Translator) -> String { text(in: language, isoDays: false) }

    private func text(in language: Translator, isoDays: Bool) -> String {
        let separator = language.locale.decimalSeparator ?? "."
        let numbers = separator == "." ? values : values.mapValues { Self.decimal($0, separator: separator) }
        let filled = numbers.merging(words.mapValues { language($0) }) { value, _ in value }
            .merging(nested.mapValues { $0.text(in: language, isoDays: isoDays) }) { value, _ in value }
            .merging(days.mapValues { isoDays ? $0 : Self.day($0, in: language) }) { value, _ in value }
        let sentence = plural.map { language.plural(id, $0, n: count ?? 0, filled) } ?? language(id, filled)
        return ([sentence] + following.map { $0.text(in: language, isoDays: isoDays) }).joined(separator: "; ")
    }

    /// An ISO day ("2026-03-12") as the language writes a short day; anything else as it is.
    static func day(_ iso: String, in language: Translator) -> String {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return iso }
        return language.shortDay(year: parts[0], month: parts[1], day: parts[2])
    }

    /// `value` with `separator` for its point when it is a plain decimal as the modules write them with "%.Nf"
    /// ("1.5", "-0.25", "+1.4"); anything else (a date, a day, a word, "1.2.3") as it is.
    static func decimal(_ value: String, separator: String) -> String {
        let bytes = Array(value.utf8)
        guard let point = bytes.firstIndex(of: UInt8(ascii: ".")) else { return value }
        let sign = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") ? 1 : 0
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        guard point > sign, point < bytes.count - 1, bytes[sign..<point].allSatisfy(isDigit), bytes[(point + 1)...].allSatisfy(isDigit) else {
            return value
        }
        return String(decoding: bytes[..<point], as: UTF8.self) + separator + String(decoding: bytes[(point + 1)...], as: UTF8.self)
    }
}

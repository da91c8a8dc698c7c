/// A message kept as data by a module that does not translate (Analytics' flag reasons) or whose sentence is read
/// both by a log and by a person (an error): its id (marked `N_` where it is made), the values of its
/// `{placeholders}`, those values that are words themselves (messages too, e.g. a posture), those that are whole
/// messages with values of their own (`nested`: an error inside a sentence, "{problem}"), and messages that follow it
/// after "; " (a list of any length, each a whole sentence to translate). `english` for logs, JSON and stored text;
/// `translated` where it is drawn or printed for a person.
public struct Message: Sendable, Equatable {
    public var id: String
    public var values: [String: String]
    public var words: [String: String]
    public var nested: [String: Message]
    public var following: [Message]

    public init(_ id: String, _ values: [String: String] = [:], words: [String: String] = [:], nested: [String: Message] = [:],
                following: [Message] = []) {
        self.id = id
        self.values = values
        self.words = words
        self.nested = nested
        self.following = following
    }

    public var english: String { text(in: .english) }

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
    public func text(in language: Translator) -> String {
        let separator = language.locale.decimalSeparator ?? "."
        let numbers = separator == "." ? values : values.mapValues { Self.decimal($0, separator: separator) }
        let filled = numbers.merging(words.mapValues { language($0) }) { value, _ in value }
            .merging(nested.mapValues { $0.text(in: language) }) { value, _ in value }
        return ([language(id, filled)] + following.map { $0.text(in: language) }).joined(separator: "; ")
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

/// A message kept as data by a module that does not translate (Analytics' flag reasons): its id (marked `N_` where
/// it is made), the values of its `{placeholders}`, and those values that are words themselves (messages too,
/// e.g. a posture), and messages that follow it after "; " (a list of any length, each a whole sentence to
/// translate). `english` for logs, JSON and the command line; `translated` where it is drawn.
public struct Message: Sendable, Equatable {
    public var id: String
    public var values: [String: String]
    public var words: [String: String]
    public var following: [Message]

    public init(_ id: String, _ values: [String: String] = [:], words: [String: String] = [:], following: [Message] = []) {
        self.id = id
        self.values = values
        self.words = words
        self.following = following
    }

    public var english: String {
        ([Translator.fill(id, values.merging(words) { value, _ in value })] + following.map(\.english)).joined(separator: "; ")
    }

    /// In the current language, the following messages by their words alone ("…; fatigue, sleep"): for a line too
    /// short for them all.
    public var translatedBriefly: String {
        let words = following.flatMap { $0.words.values.sorted().map { tr($0) } }
        var first = self
        first.following = []
        return ([first.translated] + (words.isEmpty ? [] : [words.joined(separator: ", ")])).joined(separator: "; ")
    }

    /// In the current language: the sentence and its words from the catalog, the numbers as given.
    public var translated: String {
        ([tr(id, values.merging(words.mapValues { tr($0) }) { value, _ in value })] + following.map(\.translated)).joined(separator: "; ")
    }
}

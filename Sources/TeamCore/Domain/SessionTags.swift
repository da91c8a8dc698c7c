import Localization
/// A session's context, so HRV and effort are compared across like sessions: the moment
/// (before or after training), the kind of session, the posture of a resting measurement,
/// and one short free word. The kiosk's lobby chooses them with one tap each; `record --tag`
/// and `sessions --tag` read the same words through `parse`, so both store the same tags.
///
/// Stored as `Session.tags`, in this order: moment, kind, posture, word.
public struct SessionTags: Sendable, Equatable, Hashable {
    public enum Moment: String, Sendable, CaseIterable {
        case beforeTraining = "before-training", afterTraining = "after-training"
    }

    public enum Kind: String, Sendable, CaseIterable {
        case training, match, test, recoveryDay = "recovery-day"
        /// A readiness check: a short resting measurement of the whole team (lobby → "Readiness check",
        /// `record --readiness`), never chosen on the tag sheet.
        case readiness
        /// A submaximal fitness test: the team runs at one paced speed, then stands still (lobby → "Fitness test",
        /// `record --fitness-test`), never chosen on the tag sheet. Its free word is its pace (`FitnessTestPlan`).
        case fitnessTest = "fitness-test"

        /// What the lobby's tag sheet offers: a readiness check or a fitness test is started as one, not tagged so.
        public static let choosable: [Kind] = allCases.filter { !$0.isMeasurement }

        /// A readiness check or a fitness test: a measurement of the players, not training. It adds no load, takes
        /// no RPE and never becomes the team's last tags — the season's one kind rule (decisions 060, 079).
        public var isMeasurement: Bool { self == .readiness || self == .fitnessTest }
    }

    public enum Posture: String, Sendable, CaseIterable {
        case lying, sitting, standing
    }

    public var moment: Moment?
    public var kind: Kind?
    public var posture: Posture?
    /// Letters, digits and hyphens, lower case, at most `maxWordLength`.
    public var word: String?

    /// Fits a chip in the sessions list and a cell of the summary CSV.
    public static let maxWordLength = 16

    public init(moment: Moment? = nil, kind: Kind? = nil, posture: Posture? = nil, word: String? = nil) {
        self.moment = moment
        self.kind = kind
        self.posture = posture
        self.word = word
    }

    /// The tags as stored and exported.
    public var tags: [String] {
        [moment?.rawValue, kind?.rawValue, posture?.rawValue, word].compactMap { $0 }
    }

    public var isEmpty: Bool { tags.isEmpty }

    /// A readiness check's tags: its kind and the posture it was taken in.
    public static func readinessCheck(posture: Posture) -> SessionTags { SessionTags(kind: .readiness, posture: posture) }

    /// Whether these are a readiness check's tags.
    public var isReadinessCheck: Bool { kind == .readiness }

    /// Whether these are a fitness test's tags.
    public var isFitnessTest: Bool { kind == .fitnessTest }

    /// A readiness check's or a fitness test's: no training load, no RPE (`Kind.isMeasurement`).
    public var isMeasurement: Bool { kind?.isMeasurement ?? false }

    /// Tags as a session stored them (older sessions may carry any words): known words take
    /// their place, the first other word is the free word, the rest are left out.
    public init(stored: [String]) {
        for tag in stored {
            switch Self.vocabulary(tag) {
            case .moment(let m) where moment == nil: moment = m
            case .kind(let k) where kind == nil: kind = k
            case .posture(let p) where posture == nil: posture = p
            case .word(let w) where word == nil && Self.wordProblem(w) == nil: word = w
            default: break
            }
        }
    }

    /// Reads tags typed on a command line (`record --tag`, repeatable): each a known word,
    /// an alias (`before`, `after`, `seated`…) or one free word. Throws a message naming the
    /// problem: two of a kind, a second free word, a word with spaces or commas.
    public static func parse(_ typed: [String]) throws(TagProblem) -> SessionTags {
        var tags = SessionTags()
        for text in typed {
            switch vocabulary(text) {
            case .moment(let m):
                if let old = tags.moment, old != m { throw TagProblem(Message(N_("a session is either {one} or {other}, not both"), ["one": old.rawValue, "other": m.rawValue])) }
                tags.moment = m
            case .kind(let k):
                if let old = tags.kind, old != k { throw TagProblem(Message(N_("a session is one kind: {one} or {other}, not both"), ["one": old.rawValue, "other": k.rawValue])) }
                tags.kind = k
            case .posture(let p):
                if let old = tags.posture, old != p { throw TagProblem(Message(N_("one posture per session: {one} or {other}"), ["one": old.rawValue, "other": p.rawValue])) }
                tags.posture = p
            case .word(let w):
                if let problem = wordProblem(w) { throw TagProblem(Message(N_("tag '{tag}': {problem}"), ["tag": text], nested: ["problem": problem])) }
                if let old = tags.word, old != w {
                    let others = (Moment.allCases.map(\.rawValue) + Kind.allCases.map(\.rawValue) + Posture.allCases.map(\.rawValue)).joined(separator: ", ")
                    throw TagProblem(Message(N_("one free word per session ('{one}' and '{other}'); the others are: {others}"),
                                             ["one": old, "other": w, "others": others]))
                }
                tags.word = w
            }
        }
        return tags
    }

    /// One tag typed to filter by (`sessions --tag`), in its stored form.
    public static func normalised(_ typed: String) throws(TagProblem) -> String {
        let tags = try parse([typed])
        guard let tag = tags.tags.first else { throw TagProblem(Message(N_("an empty tag"))) }
        return tag
    }

    /// Why a free word cannot be a tag, or nil.
    public static func wordProblem(_ word: String) -> Message? {
        if word.isEmpty { return Message(N_("empty")) }
        if word.count > maxWordLength { return Message(N_("longer than {n} characters"), ["n": "\(maxWordLength)"]) }
        if !word.allSatisfy({ $0 == "-" || (($0.isLetter || $0.isNumber) && !$0.isUppercase) }) {
            return Message(N_("only letters, digits and hyphens"))
        }
        return nil
    }

    /// A free word as the kiosk's keyboard types it ("Sprint test" → "sprint-test").
    public static func word(from typed: String) -> String {
        typed.trimmingCharacters(in: .whitespaces).lowercased().split(whereSeparator: { $0 == " " }).joined(separator: "-")
    }

    private enum Entry { case moment(Moment), kind(Kind), posture(Posture), word(String) }

    private static func vocabulary(_ text: String) -> Entry {
        let t = word(from: text)
        if let m = Moment(rawValue: t) { return .moment(m) }
        if let k = Kind(rawValue: t) { return .kind(k) }
        if let p = Posture(rawValue: t) { return .posture(p) }
        switch t {
        case "before": return .moment(.beforeTraining)
        case "after": return .moment(.afterTraining)
        case "recovery", "rest-day", "recovery-day": return .kind(.recoveryDay)
        case "seated", "sit": return .posture(.sitting)
        case "lying-down", "supine": return .posture(.lying)
        default: return .word(t)
        }
    }
}

/// A tag that cannot be stored, with a message for the coach or admin.
public struct TagProblem: Error, Equatable, CustomStringConvertible {
    /// The sentence as a message: the command line says it in the admin's language; the tags in it as typed.
    public var message: Message
    public var description: String { message.english }
    public init(_ message: Message) { self.message = message }
}

extension SessionTags.Moment {
    public var label: String { self == .beforeTraining ? N_("Before training") : N_("After training") }
}

extension SessionTags.Kind {
    public var label: String {
        switch self {
        case .training: N_("Training")
        case .match: N_("Match")
        case .test: N_("Test")
        case .recoveryDay: N_("Recovery day")
        case .readiness: N_("Readiness check")
        case .fitnessTest: N_("Fitness test")
        }
    }
}

extension SessionTags.Posture {
    public var label: String {
        switch self {
        case .lying: N_("Lying")
        case .sitting: N_("Sitting")
        case .standing: N_("Standing")
        }
    }

    /// The posture inside a sentence ("check 12 Mar, sitting").
    public var word: String {
        switch self {
        case .lying: N_("lying")
        case .sitting: N_("sitting")
        case .standing: N_("standing")
        }
    }
}

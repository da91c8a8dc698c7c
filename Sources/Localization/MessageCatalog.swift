import Foundation

/// One language's messages, read from a GNU gettext `.mo` file (what `msgfmt` compiles a `po/<lang>.po`
/// to): the same files and layout glibc's gettext reads, looked up here so that a language can be
/// chosen per screen or per web request without the system's locales (decision 080).
public struct MessageCatalog: Sendable {
    /// By message id; a message with a context is keyed "context\u{4}id", a plural one by its singular.
    private let messages: [String: [String]]
    /// Each translation's English id (its context dropped): scripts name a target by its English words.
    private let sources: [String: String]
    public let plural: PluralRule

    /// The largest catalog read: Sideline's are tens of kilobytes.
    public static let maxBytes = 8 << 20

    public struct Broken: Error, CustomStringConvertible, Equatable {
        public let reason: String
        public var description: String { reason }
    }

    /// The empty catalog: every message stays English.
    public static let english = MessageCatalog(messages: [:], plural: .english)

    init(messages: [String: [String]], plural: PluralRule) {
        self.messages = messages
        self.plural = plural
        var sources: [String: String] = [:]
        for (key, forms) in messages {
            let id = String(key.split(separator: "\u{4}", omittingEmptySubsequences: false).last ?? Substring(key))
            for form in forms where !form.isEmpty { sources[form] = sources[form] ?? id }
        }
        self.sources = sources
    }

    /// Parses a `.mo` file's bytes (either byte order); throws `Broken` for anything that is not one.
    public init(mo bytes: [UInt8]) throws {
        guard bytes.count <= Self.maxBytes else { throw Broken(reason: "larger than \(Self.maxBytes) bytes") }
        guard bytes.count >= 28 else { throw Broken(reason: "too short for a .mo header") }
        func word(_ at: Int, bigEndian: Bool) -> Int {
            let b0 = Int(bytes[at]), b1 = Int(bytes[at + 1]), b2 = Int(bytes[at + 2]), b3 = Int(bytes[at + 3])
            return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
        }
        let bigEndian: Bool
        switch word(0, bigEndian: false) {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: throw Broken(reason: "not a .mo file (bad magic number)")
        }
        func u32(_ at: Int) throws -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw Broken(reason: "a table runs past the end of the file") }
            return word(at, bigEndian: bigEndian)
        }
        guard try u32(4) >> 16 == 0 else { throw Broken(reason: "unknown .mo major revision") }
        let count = try u32(8), originals = try u32(12), translations = try u32(16)
        guard count <= bytes.count / 16 else { throw Broken(reason: "more messages than the file can hold") }
        func string(table: Int, index: Int) throws -> [String] {
            let length = try u32(table + index * 8), offset = try u32(table + index * 8 + 4)
            guard offset + length <= bytes.count else { throw Broken(reason: "a message runs past the end of the file") }
            // Plural forms (and a plural message's two ids) are NUL-separated.
            return try bytes[offset..<offset + length].split(separator: 0, omittingEmptySubsequences: false).map {
                guard let text = String(validating: $0, as: UTF8.self) else { throw Broken(reason: "a message is not UTF-8") }
                return text
            }
        }
        var messages: [String: [String]] = [:]
        messages.reserveCapacity(count)
        var plural = PluralRule.english
        for index in 0..<count {
            let ids = try string(table: originals, index: index)
            let forms = try string(table: translations, index: index)
            guard let id = ids.first else { continue }
            if id.isEmpty {
                if let line = forms.first?.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }) {
                    guard let rule = PluralRule(header: String(line.dropFirst("Plural-Forms:".count))) else {
                        throw Broken(reason: "its Plural-Forms does not parse")
                    }
                    plural = rule
                }
                continue
            }
            // An untranslated or fuzzy-emptied entry stays English rather than empty.
            guard forms.contains(where: { !$0.isEmpty }) else { continue }
            messages[id] = forms
        }
        self.init(messages: messages, plural: plural)
    }

    /// The file's catalog; nil and a reason when it is unreadable or broken.
    public static func read(path: String) -> Result<MessageCatalog, Broken> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(Broken(reason: "cannot be opened")) }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxBytes + 1) else { return .failure(Broken(reason: "cannot be read")) }
        return Result { try MessageCatalog(mo: Array(data)) }.mapError { $0 as? Broken ?? Broken(reason: "\($0)") }
    }

    public var isEmpty: Bool { messages.isEmpty }
    public var messageCount: Int { messages.count }

    /// The translation of `id` (in `context`), or nil when the catalog has none.
    public func translation(_ id: String, context: String? = nil) -> String? {
        guard !messages.isEmpty else { return nil } // English: no key built, nothing hashed
        let forms = messages[context.map { "\($0)\u{4}\(id)" } ?? id]
        guard let text = forms?.first, !text.isEmpty else { return nil }
        return text
    }

    /// The English id a translation was made from ("Einstellungen" → "Settings"), or nil.
    public func source(of translation: String) -> String? { sources[translation] }

    /// The form of a plural message for `n`, or nil when the catalog has none.
    public func translation(_ singular: String, plural: String, n: Int, context: String? = nil) -> String? {
        guard !messages.isEmpty, let forms = messages[context.map { "\($0)\u{4}\(singular)" } ?? singular], forms.count > 1 else { return nil }
        let form = forms[min(self.plural.index(for: n), forms.count - 1)]
        return form.isEmpty ? nil : form
    }
}

/// How long a text may be, counted twice: in characters (what a person sees) and in UTF-8 bytes
/// (what it costs). One letter followed by 6 MB of combining marks is one character; only its
/// bytes show it. Control characters (NUL, line breaks, escapes) are refused in every text.
public struct TextBounds: Sendable, Equatable {
    public var characters: Int
    public var bytes: Int

    public init(characters: Int, bytes: Int) {
        self.characters = characters
        self.bytes = bytes
    }

    /// Why `text` does not fit, or nil. The byte count is checked first: it is free, and it keeps
    /// the character count (which walks every scalar) from running over megabytes.
    public func problem(_ text: String, mayBeEmpty: Bool = true) -> String? {
        if text.utf8.count > bytes { return "longer than \(bytes) bytes (\(text.utf8.count))" }
        if !mayBeEmpty && text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) { return "empty" }
        if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return "a control character (U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
        }
        if text.count > characters { return "longer than \(characters) characters" }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// Markup that is HTML by construction (decision 085): every page, partial and chart of the club web is one.
/// Written as a string literal with interpolations, where
/// - the literal's own text is source code (a `StaticString`: no value read at run time can become a literal),
/// - an interpolated `String` is text, escaped for the element or the quoted attribute it lands in,
/// - an interpolated `HTML` is markup, inserted as it is,
/// - an integer prints its digits and a decimal is said with its digits in the page's language (`\(x, digits: 1)`).
/// `HTML.unescaped(_:)` is the one way to insert text as markup, for constants proved safe where it is used.
/// Pages are Swift rather than templates: the compiler checks every value a page prints, and nothing is read
/// from files at run time (the Debian package ships one binary).
struct HTML: Sendable, Equatable {
    /// The markup as the browser reads it: what a response body is made of (`WebPage.response`).
    let rendered: String

    fileprivate init(rendered: String) { self.rendered = rendered }

    /// Markup from text nobody escaped. Only for a constant of the program whose every character is known
    /// where it is called (say so there): the one place text becomes markup without escaping.
    static func unescaped(_ trusted: String) -> HTML { HTML(rendered: trusted) }

    /// `text` as it is safe between tags and inside a quoted attribute: `& < > " '` as entities, and NUL
    /// (which a browser drops or replaces anyway) as U+FFFD.
    static func escape(_ text: String) -> String {
        // Most text has nothing to escape: then it is itself (no copy scalar by scalar).
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\0": out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Markup as a literal (`HTML("<b>\(name)</b>")` where the type is not known from the context).
    init(_ markup: HTML) { self = markup }

    static let empty = HTML(rendered: "")

    var isEmpty: Bool { rendered.isEmpty }

    static func + (lhs: HTML, rhs: HTML) -> HTML { HTML(rendered: lhs.rendered + rhs.rendered) }

    static func += (lhs: inout HTML, rhs: HTML) { lhs = lhs + rhs }
}

extension HTML: ExpressibleByStringInterpolation {
    init(stringLiteral literal: StaticString) { rendered = literal.description }

    init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.rendered }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var rendered = ""

        init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity + 16 * interpolationCount) }

        mutating func appendLiteral(_ literal: StaticString) { rendered += literal.description }

        /// Text: escaped.
        mutating func appendInterpolation(_ text: String) { rendered += HTML.escape(text) }

        /// Markup: as it is.
        mutating func appendInterpolation(_ markup: HTML) { rendered += markup.rendered }

        /// Pieces of markup one after the other.
        mutating func appendInterpolation(_ pieces: [HTML]) { for piece in pieces { rendered += piece.rendered } }

        /// An integer's digits, as every page has printed them (no grouping: a year or a shirt number reads the same in every language).
        mutating func appendInterpolation<Integer: BinaryInteger>(_ n: Integer) { rendered += String(n) }

        /// A decimal with `digits` fraction digits in the page's language ("1.5", "1,5").
        mutating func appendInterpolation(_ x: Double, digits: Int) { rendered += HTML.escape(WebLanguage.words.formatted(x, digits: digits)) }
    }
}

extension Sequence where Element == HTML {
    /// The pieces one after the other, `separator` between them.
    func joined(separator: HTML = .empty) -> HTML {
        var out = "", first = true
        for piece in self {
            if !first { out += separator.rendered }
            out += piece.rendered
            first = false
        }
        return HTML(rendered: out)
    }
}

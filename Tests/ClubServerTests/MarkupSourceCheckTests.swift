import Foundation
import XCTest

/// The club web's markup is built only through `HTML` (decision 085): this reads the server's sources and fails on
/// a string literal holding markup that is built into a `String` — where the compiler cannot see it, because a
/// literal is a `String` unless its context says `HTML`. It also fails on the old escaping by convention (`.html`)
/// and on `HTML.unescaped` or `.rendered` used anywhere but the places listed here.
final class MarkupSourceCheckTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized
    /// Every target of the server's library (decision 091): markup belongs in ClubWeb, and is caught wherever else it turns up.
    static let targets = ["ClubStorage", "ClubServerHTTP", "ClubAPI", "ClubWeb", "ClubServer"]

    /// Where text may become markup without escaping, and why each is safe (the check counts them, so a new one is a decision).
    static let unescapedAllowed: [String: Int] = [:]
    /// Where markup becomes bytes: the response body, in one place.
    static let renderedAllowed = ["ClubWeb/HTML.swift", "ClubWeb/WebPage.swift"]
    /// The builder itself (its escaping writes entities into Strings).
    static let builder = "ClubWeb/HTML.swift"

    func testNoMarkupIsBuiltIntoAString() throws {
        var problems: [String] = [], literals = 0
        for (path, text) in try Self.swiftFiles() where path != Self.builder {
            let scan = SwiftMarkupScan(text)
            literals += scan.markupLiterals.count
            problems += scan.problems.map { "\(path):\($0.line): \($0.reason)" }
        }
        XCTAssertGreaterThan(literals, 200, "the scan finds the pages' markup (else it reads nothing and proves nothing)")
        XCTAssertEqual(problems, [], "markup built into a String:\n" + problems.joined(separator: "\n"))
    }

    func testOnlyTheBuilderEscapesAndOnlyListedPlacesInsertRawText() throws {
        var problems: [String] = []
        var unescaped: [String: Int] = [:]
        for (path, text) in try Self.swiftFiles() {
            let code = SwiftMarkupScan.codeOnly(text)
            for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.range(of: #"\.html\b(?!\()"#, options: .regularExpression) != nil { problems.append("\(path):\(n + 1): `.html`: interpolate the String into HTML instead") }
                if path != "ClubWeb/HTML.swift", line.contains("HTML.escape(") { problems.append("\(path):\(n + 1): HTML.escape outside the builder") }
                if line.contains(".rendered"), !Self.renderedAllowed.contains(path) { problems.append("\(path):\(n + 1): `.rendered` outside the response") }
                if line.contains("HTML.unescaped(") || line.contains(".unescaped(") { unescaped[path, default: 0] += 1 }
            }
        }
        unescaped["ClubWeb/HTML.swift"] = nil // its declaration
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
        XCTAssertEqual(unescaped, Self.unescapedAllowed, "HTML.unescaped is for constants proved safe where it is called; list a new use here with its reason")
    }

    /// The checker itself finds what it must: each of these is markup built into a String.
    func testTheScanFindsMarkupBuiltIntoAString() {
        let bad = [
            #"func cell(_ s: String) -> String { "<td>\(s)</td>" }"#,
            #"let row = "<tr>\(x)</tr>""#,
            #"var message: String = "<p>""#,
            "let rows = items.map { i in \"<li>\\(i)</li>\" }.joined()",
            "let rows = items.map { i -> String in \"<li>\\(i)</li>\" }",
            #"let s = String(format: "<b>%d</b>", n)"#,
            #"func f() -> HTML { "<p\(flag ? " class=\"x\"" : "")>" }"#,
            "let body = \"\"\"\n    <h1>\\(title)</h1>\n    \"\"\"",
        ]
        for source in bad { XCTAssertEqual(SwiftMarkupScan(source).problems.count, 1, source) }
        let good = [
            #"func cell(_ s: String) -> HTML { "<td>\(s)</td>" }"#,
            #"let row: HTML = "<tr>\(x)</tr>""#,
            "let rows = items.map { i -> HTML in \"<li>\\(i)</li>\" }.joined()",
            #"let x = flag ? HTML("<b>") : """#,
            #"func f() -> HTML { "<p\(flag ? HTML(" class=\"x\"") : "")>" }"#,
            #"throw ClubError.badRequest("after= is <startedMs>_<uuid>")"#,
            "// let row = \"<tr>\"",
            #"let a = "a < b""#,
        ]
        for source in good { XCTAssertEqual(SwiftMarkupScan(source).problems.map(\.reason), [], source) }
    }

    static func swiftFiles() throws -> [(String, String)] {
        let files = targets.flatMap { target in
            FileManager.default.enumerator(at: sources.appendingPathComponent(target), includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
        }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        XCTAssertFalse(files.isEmpty, "no sources at \(sources.path)")
        return try files.map { (String($0.standardized.path.dropFirst(sources.path.count + 1)), try String(contentsOf: $0, encoding: .utf8)) }
    }
}

/// A small reader of Swift source: string literals (with interpolations, multi-line and raw ones), comments, and the
/// braces around each literal — enough to tell where a literal holding markup goes.
struct SwiftMarkupScan {
    struct Problem { var line: Int; var reason: String }
    struct Literal {
        var offset: Int, line: Int, text: String, scopes: [Scope]
        /// For a literal right inside another's interpolation (no brace between): the interpolation's code before it.
        var interpolated: String?
    }
    /// A `{`: the source line before it and after it (a closure's signature, a declaration's type).
    struct Scope { var before: String; var after: String }

    private(set) var markupLiterals: [Literal] = []
    private(set) var problems: [Problem] = []

    /// Markup in a literal's own text: a tag, an entity, or an attribute with its quote.
    static let markup = try! NSRegularExpression(pattern: #"<[A-Za-z!/]|&#?[A-Za-z0-9]+;|[a-z-]+=""#)

    init(_ source: String) {
        let s = Array(source.unicodeScalars)
        var literals: [Literal] = []
        Self.read(s) { literals.append($0) }
        for literal in literals where Self.markup.firstMatch(in: literal.text, range: NSRange(literal.text.startIndex..., in: literal.text)) != nil {
            markupLiterals.append(literal)
            if let reason = Self.problem(literal, s) { problems.append(Problem(line: literal.line, reason: reason)) }
        }
    }

    /// Why this literal is markup built into a String, or nil.
    static func problem(_ literal: Literal, _ s: [Unicode.Scalar]) -> String? {
        // The source line up to the literal.
        var start = literal.offset
        while start > 0, s[start - 1] != "\n" { start -= 1 }
        let prefix = String(String.UnicodeScalarView(s[start..<literal.offset]))
        if prefix.range(of: #"HTML\(\s*$"#, options: .regularExpression) != nil { return nil }
        // Inside an interpolation a literal is a String (escaped: the markup shows as text) unless its type is said there.
        if let code = literal.interpolated { return code.contains("HTML") ? nil : "markup in an interpolation is a String: write HTML(\"…\")" }
        if prefix.range(of: #"String\((format:\s*)?$"#, options: .regularExpression) != nil { return "markup given to String(…)" }
        // A binding on this line whose value is this literal (not one inside a closure or a call on the way).
        if let m = prefix.range(of: #"\b(let|var)\s+\w+\s*(:\s*[^=]+)?=\s*"#, options: .regularExpression) {
            let declaration = prefix[m], rest = prefix[m.upperBound...]
            if !rest.contains("{"), !rest.contains("(") {
                if declaration.contains(":") {
                    if declaration.range(of: #":\s*\[?HTML"#, options: .regularExpression) == nil { return "markup in a binding typed \(declaration.split(separator: ":")[1].trimmingCharacters(in: .whitespaces).dropLast().trimmingCharacters(in: .whitespaces))" }
                    return nil
                }
                return "markup in `\(declaration.trimmingCharacters(in: .whitespaces))` infers a String: say `: HTML`"
            }
        }
        // The innermost brace that says what its body makes.
        for scope in literal.scopes.reversed() {
            let before = scope.before.trimmingCharacters(in: .whitespaces)
            if let signature = scope.after.range(of: #"^\{\s*[\w\s,:$()\[\]]*?(->\s*([^\s]+))?\s+in\b"#, options: .regularExpression) {
                let text = scope.after[signature]
                guard let arrow = text.range(of: #"->\s*[^\s]+"#, options: .regularExpression) else {
                    return "a closure that builds markup says `-> HTML in`"
                }
                return text[arrow].contains("HTML") ? nil : "markup in a closure returning \(text[arrow].dropFirst(2).trimmingCharacters(in: .whitespaces))"
            }
            if before.range(of: #"^(\}\s*)?(if|guard|else|for|while|switch|case|default|do|catch|defer|repeat)\b|\belse$"#, options: .regularExpression) != nil { continue }
            if before.range(of: #"\b(struct|enum|class|extension|protocol|actor)\b"#, options: .regularExpression) != nil { return nil }
            // A function (its signature's last line) or a computed property, and the type it makes.
            let function = before.range(of: #"^(@\w+\s+|\w+\s+)*(func|init|subscript)\b"#, options: .regularExpression) != nil
                || before.range(of: #"\)\s*(async\s*)?(throws\s*)?->\s*[\[\w?.\]]+\s*(where [^{]*)?$"#, options: .regularExpression) != nil
            let property = before.range(of: #"^(@\w+\s+|\w+\s+)*var\s+\w+\s*:\s*[\[\w?.\]]+$"#, options: .regularExpression) != nil
            if function || property {
                guard let type = before.range(of: #"(->|:)\s*[\[\w?.\]]+\s*(where [^{]*)?$"#, options: .regularExpression) else { return nil }
                return before[type].contains("String") ? "markup in a declaration returning String: make it HTML" : nil
            }
            return "a closure that builds markup says `-> HTML in`"
        }
        return nil
    }

    /// The source with comments and every string literal's text blanked (its code only, lines kept).
    static func codeOnly(_ source: String) -> String {
        var s = Array(source.unicodeScalars)
        read(s, blank: { s[$0] = s[$0] == "\n" ? "\n" : " " }) { _ in }
        return String(String.UnicodeScalarView(s))
    }

    /// Every string literal, in order; `blank` is told each offset that is not code.
    static func read(_ s: [Unicode.Scalar], blank: (Int) -> Void = { _ in }, literal found: (Literal) -> Void) {
        var i = 0, line = 1
        var scopes: [Scope] = []
        // Open literals, innermost last, each with the paren depth of its current interpolation.
        struct Open { var literal: Literal; var hashes: Int; var multiLine: Bool; var parens: Int; var inCode: Bool; var codeStart = 0; var scopeDepth = 0 }
        var open: [Open] = []
        func at(_ text: String, _ k: Int) -> Bool {
            let t = Array(text.unicodeScalars)
            return k + t.count <= s.count && Array(s[k..<k + t.count]) == t
        }
        func lineText(from a: Int, to b: Int) -> String { String(String.UnicodeScalarView(s[a..<b])) }
        while i < s.count {
            let c = s[i]
            if c == "\n" { line += 1 }
            if let top = open.last, !top.inCode {
                // Inside a literal's text.
                let closing = (top.multiLine ? "\"\"\"" : "\"") + String(repeating: "#", count: top.hashes)
                if at(closing, i) {
                    for k in i..<i + closing.unicodeScalars.count { blank(k) }
                    i += closing.unicodeScalars.count
                    found(open.removeLast().literal)
                    continue
                }
                let escape = "\\" + String(repeating: "#", count: top.hashes)
                if at(escape, i) {
                    let next = i + escape.unicodeScalars.count
                    if next < s.count, s[next] == "(" {
                        for k in i...next { blank(k) }
                        open[open.count - 1].inCode = true
                        open[open.count - 1].parens = 1
                        open[open.count - 1].codeStart = next + 1
                        open[open.count - 1].scopeDepth = scopes.count
                        i = next + 1
                        continue
                    }
                    if next < s.count {
                        open[open.count - 1].literal.text.unicodeScalars.append(s[next] == "n" ? "\n" : s[next])
                        if s[next] == "\n" { line += 1 }
                        blank(i); blank(next)
                        i = next + 1
                        continue
                    }
                }
                open[open.count - 1].literal.text.unicodeScalars.append(c)
                blank(i)
                i += 1
                continue
            }
            // Code (the file's, or an interpolation's).
            if at("//", i) {
                while i < s.count, s[i] != "\n" { blank(i); i += 1 }
                continue
            }
            if at("/*", i) {
                var depth = 0
                repeat {
                    if at("/*", i) { depth += 1; blank(i); blank(i + 1); i += 2 } else if at("*/", i) { depth -= 1; blank(i); blank(i + 1); i += 2 } else {
                        if s[i] == "\n" { line += 1 }
                        blank(i); i += 1
                    }
                } while depth > 0 && i < s.count
                continue
            }
            var hashes = 0
            while i + hashes < s.count, s[i + hashes] == "#" { hashes += 1 }
            if i + hashes < s.count, s[i + hashes] == "\"" {
                let multiLine = at("\"\"\"", i + hashes)
                let opener = hashes + (multiLine ? 3 : 1)
                for k in i..<i + opener { blank(k) }
                let interpolated = open.last.flatMap { $0.inCode && $0.scopeDepth == scopes.count ? lineText(from: $0.codeStart, to: i) : nil }
                open.append(Open(literal: Literal(offset: i, line: line, text: "", scopes: scopes, interpolated: interpolated), hashes: hashes, multiLine: multiLine, parens: 0, inCode: false))
                i += opener
                continue
            }
            if c == "{" {
                var a = i, b = i
                while a > 0, s[a - 1] != "\n" { a -= 1 }
                while b < s.count, s[b] != "\n" { b += 1 }
                scopes.append(Scope(before: lineText(from: a, to: i), after: lineText(from: i, to: b)))
            } else if c == "}" {
                _ = scopes.popLast()
            } else if !open.isEmpty, c == "(" {
                open[open.count - 1].parens += 1
            } else if !open.isEmpty, c == ")" {
                open[open.count - 1].parens -= 1
                if open[open.count - 1].parens == 0 {
                    open[open.count - 1].inCode = false
                    blank(i)
                }
            }
            i += 1
        }
    }
}

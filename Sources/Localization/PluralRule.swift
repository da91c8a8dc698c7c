import Foundation

/// A catalog's `Plural-Forms: plural=EXPR;` — which of a message's plural forms a count takes — as
/// gettext evaluates it: C's integer operators over `n` (`n != 1`, `n > 1`, Slavic rules with `%`,
/// `&&`, `?:`). Parsed once per catalog; a rule that does not parse is refused with its catalog.
public struct PluralRule: Sendable {
    indirect enum Node: Sendable {
        case n
        case number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)
    }

    let root: Node
    public let count: Int

    /// English's (and the fallback's): one, other.
    public static let english = PluralRule(root: .binary("!=", .n, .number(1)), count: 2)

    init(root: Node, count: Int) {
        self.root = root
        self.count = count
    }

    /// From a header's `Plural-Forms` value, e.g. `nplurals=2; plural=(n > 1);`.
    public init?(header value: String) {
        var count: Int?
        var expression: String?
        for part in value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard pair.count == 2 else { continue }
            if pair[0] == "nplurals" { count = Int(pair[1]) }
            if pair[0] == "plural" { expression = pair[1] }
        }
        guard let count, (1...6).contains(count), let expression else { return nil }
        var parser = Parser(Array(expression.utf8))
        guard let root = parser.parse() else { return nil }
        self.init(root: root, count: count)
    }

    /// The form's index for `n`, within the catalog's forms.
    public func index(for n: Int) -> Int {
        let value = Self.evaluate(root, n)
        return value >= 0 && value < count ? value : 0
    }

    private static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
        case .choice(let test, let then, let otherwise): return evaluate(test, n) != 0 ? evaluate(then, n) : evaluate(otherwise, n)
        case .binary(let op, let lhs, let rhs):
            let a = evaluate(lhs, n), b = evaluate(rhs, n)
            switch op {
            case "||": return a != 0 || b != 0 ? 1 : 0
            case "&&": return a != 0 && b != 0 ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            // A rule dividing by zero is the translator's slip: the first form, not a crash.
            case "/": return b == 0 ? 0 : a / b
            case "%": return b == 0 ? 0 : a % b
            default: return 0
            }
        }
    }

    /// Recursive descent over C's precedence: ?: then || && == != < > <= >= + - * / % ! and atoms.
    private struct Parser {
        let bytes: [UInt8]
        var at = 0
        var depth = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func parse() -> Node? {
            guard let node = choice() else { return nil }
            skipSpace()
            return at == bytes.count ? node : nil
        }

        private mutating func skipSpace() { while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 } }

        private mutating func take(_ token: String) -> Bool {
            skipSpace()
            let t = Array(token.utf8)
            guard at + t.count <= bytes.count, Array(bytes[at..<at + t.count]) == t else { return false }
            // "<" must not take the first half of "<=", nor "!" of "!=".
            if t.count == 1, at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "="), "<>!=".utf8.contains(t[0]) { return false }
            at += t.count
            return true
        }

        private mutating func choice() -> Node? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64, let test = binary(level: 0) else { return nil }
            guard take("?") else { return test }
            guard let then = choice(), take(":"), let otherwise = choice() else { return nil }
            return .choice(test, then, otherwise)
        }

        private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        private mutating func binary(level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var lhs = binary(level: level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { take($0) }) {
                guard let rhs = binary(level: level + 1) else { return nil }
                lhs = .binary(op, lhs, rhs)
            }
            return lhs
        }

        private mutating func unary() -> Node? {
            if take("!") { return unary().map { .not($0) } }
            skipSpace()
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: "n") {
                at += 1
                return .n
            }
            if take("(") {
                guard let inner = choice(), take(")") else { return nil }
                return inner
            }
            var value = 0
            let start = at
            while at < bytes.count, (0x30...0x39).contains(bytes[at]), value < 1_000_000 {
                value = value * 10 + Int(bytes[at] - 0x30)
                at += 1
            }
            return at > start ? .number(value) : nil
        }
    }
}

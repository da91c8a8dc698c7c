import Foundation

/// The shape of a bundle's JSON text, checked as its bytes stream out of the inflater and before
/// anything decodes them: how many values it holds, how many bytes its strings take, how long one
/// number or word is, and no whitespace (canonical JSON has none). Decoding costs memory in
/// proportion to exactly these, so a text within `InputBounds.bundleShape` decodes within a fixed
/// ceiling whatever it says — the 0.4 MB upload of 10 million readings is refused here, after a
/// cheap scan, not after gigabytes of decoding. The kiosk checks its own bundle the same way before
/// sending it, so a session the club cannot take is refused once, not offered for ever.
public struct BundleShape: Sendable, Equatable {
    public struct Limits: Sendable, Equatable {
        /// Values in the whole text (numbers, strings, nulls, booleans, arrays, objects).
        public var values: Int
        /// Bytes inside all its strings together, escapes as sent.
        public var stringBytes: Int
        /// The longest number, `true`, `false` or `null`.
        public var tokenBytes: Int

        public init(values: Int, stringBytes: Int, tokenBytes: Int) {
            self.values = values
            self.stringBytes = stringBytes
            self.tokenBytes = tokenBytes
        }
    }

    public let limits: Limits
    /// Values seen so far: each comma outside a string separates two, each `[` or `{` opens one.
    public private(set) var values = 0
    public private(set) var stringBytes = 0
    private var inString = false
    private var escaped = false
    private var token = 0
    /// Why the text is refused, once it is; scanning further changes nothing.
    public private(set) var problem: String?

    public init(limits: Limits = InputBounds.bundleShape) { self.limits = limits }

    /// Why `text` is refused, or nil: the whole text scanned at once (the kiosk, before sending).
    public static func problem(_ text: Data, limits: Limits = InputBounds.bundleShape) -> String? {
        var shape = BundleShape(limits: limits)
        shape.scan(text)
        return shape.problem
    }

    /// Scans the next bytes of the text; `problem` says once it no longer fits.
    public mutating func scan(_ bytes: Data) {
        guard problem == nil else { return }
        bytes.withUnsafeBytes { raw in
            for byte in raw {
                if inString {
                    if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false; continue }
                    stringBytes += 1
                    continue
                }
                switch byte {
                case 0x22: inString = true; token = 0; values += 1  // "
                case 0x2C, 0x3A: token = 0  // , :
                case 0x5B, 0x7B: token = 0; values += 1  // [ {
                case 0x5D, 0x7D: token = 0  // ] }
                case 0x20, 0x09, 0x0A, 0x0D:
                    problem = "whitespace between its values (a bundle is canonical JSON, which has none)"
                    return
                default:
                    if token == 0 { values += 1 }
                    token += 1
                    if token > limits.tokenBytes {
                        problem = "a number or word longer than \(limits.tokenBytes) bytes"
                        return
                    }
                }
            }
        }
        guard problem == nil else { return }
        if values > limits.values {
            problem = "more than \(limits.values) values (readings, beats and every other number together)"
        } else if stringBytes > limits.stringBytes {
            problem = "more than \(limits.stringBytes) bytes of text in its names and words"
        }
    }
}

import Foundation

/// A roster field's value on the wire: JSON's scalars.
public enum RosterValue: Codable, Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let i = try? container.decode(Int64.self) { self = .integer(i) }
        else if let d = try? container.decode(Double.self) { self = .number(d) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "a roster value is null, a boolean, a number or a string") }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .integer(let i): try container.encode(i)
        case .number(let d): try container.encode(d)
        case .string(let s): try container.encode(s)
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .integer(let i): "\(i)"
        case .number(let d): "\(d)"
        case .string(let s): s.count > 40 ? "\"\(s.prefix(40))…\" (\(s.count) characters)" : "\"\(s)\""
        }
    }

    public var integer: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d) where d.rounded() == d && abs(d) < 1e15: Int64(d)
        default: nil
        }
    }

    public var number: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
}

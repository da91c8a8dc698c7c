/// A D-Bus value, as much of the type system as BlueZ needs: the basic types,
/// arrays, dictionaries (arrays of dict entries), variants and structs.
/// Arrays and dictionaries carry their element signature so empty ones marshal too.
public indirect enum DBusValue: Equatable, Sendable, CustomStringConvertible {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// A file descriptor (e.g. AcquireNotify's); received ones are owned by the receiver.
    case unixFD(Int32)
    case array(element: String, [DBusValue])
    case dictionary(key: String, value: String, [DBusDictEntry])
    case variant(DBusValue)
    case structure([DBusValue])

    /// The D-Bus type signature of this value.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .variant: "v"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }

    public var description: String {
        switch self {
        case .byte(let v): "\(v)"
        case .bool(let v): "\(v)"
        case .int16(let v): "\(v)"
        case .uint16(let v): "\(v)"
        case .int32(let v): "\(v)"
        case .uint32(let v): "\(v)"
        case .int64(let v): "\(v)"
        case .uint64(let v): "\(v)"
        case .double(let v): "\(v)"
        case .string(let v), .objectPath(let v), .signature(let v): "\"\(v)\""
        case .unixFD(let v): "fd \(v)"
        case .array(_, let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(_, _, let entries): "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .variant(let v): "<\(v)>"
        case .structure(let fields): "(" + fields.map(\.description).joined(separator: ", ") + ")"
        }
    }

    // MARK: Convenience constructors for what BlueZ takes

    /// `a{sv}` from string keys.
    public static func properties(_ entries: [(String, DBusValue)]) -> DBusValue {
        .dictionary(key: "s", value: "v", entries.map { DBusDictEntry(key: .string($0.0), value: .variant($0.1)) })
    }

    /// `as`
    public static func strings(_ items: [String]) -> DBusValue { .array(element: "s", items.map(DBusValue.string)) }

    /// `ay`
    public static func bytes(_ items: [UInt8]) -> DBusValue { .array(element: "y", items.map(DBusValue.byte)) }

    // MARK: Typed access (nil when the value has another type; variants are looked through)

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    public var stringValue: String? {
        switch unwrapped {
        case .string(let s), .objectPath(let s), .signature(let s): s
        default: nil
        }
    }

    public var boolValue: Bool? { if case .bool(let b) = unwrapped { b } else { nil } }

    /// Any integer type that fits an Int (RSSI is int16, TxPower int16, counts uint32…).
    public var intValue: Int? {
        switch unwrapped {
        case .byte(let v): Int(v)
        case .int16(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int64(let v): Int(v)
        case .uint64(let v): Int(exactly: v)
        default: nil
        }
    }

    /// An `ay` as bytes.
    public var bytesValue: [UInt8]? {
        guard case .array("y", let items) = unwrapped else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(items.count)
        for item in items { guard case .byte(let b) = item else { return nil }; out.append(b) }
        return out
    }

    /// An array of strings or object paths.
    public var stringArray: [String]? {
        guard case .array(_, let items) = unwrapped else { return nil }
        var out: [String] = []
        for item in items { guard let s = item.stringValue else { return nil }; out.append(s) }
        return out
    }

    public var arrayItems: [DBusValue]? { if case .array(_, let items) = unwrapped { items } else { nil } }

    public var dictionaryEntries: [DBusDictEntry]? { if case .dictionary(_, _, let e) = unwrapped { e } else { nil } }

    /// An `a{s…}` as a Swift dictionary (later duplicates win); nil when the keys are not strings.
    public var stringKeyed: [String: DBusValue]? {
        guard let entries = dictionaryEntries else { return nil }
        var out: [String: DBusValue] = [:]
        for entry in entries { guard let k = entry.key.stringValue else { return nil }; out[k] = entry.value }
        return out
    }
}

public struct DBusDictEntry: Equatable, Sendable {
    public var key: DBusValue
    public var value: DBusValue
    public init(key: DBusValue, value: DBusValue) { self.key = key; self.value = value }
}

import CDBus

/// Reading and writing `DBusValue`s through libdbus's message iterators
/// (`dbus_message_iter_*`), the only part of its marshalling API that imports
/// into Swift. libdbus aborts the process on arguments that fail its checks
/// (invalid object paths, signatures, member names), so every value is
/// validated here before it reaches libdbus: bad input becomes `nil`/false.
enum BusMarshalling {
    /// D-Bus type codes (ASCII letters; the C constants are cast macros Swift cannot import).
    enum Code {
        static let invalid: Int32 = 0
        static let byte = Int32(UInt8(ascii: "y")), bool = Int32(UInt8(ascii: "b"))
        static let int16 = Int32(UInt8(ascii: "n")), uint16 = Int32(UInt8(ascii: "q"))
        static let int32 = Int32(UInt8(ascii: "i")), uint32 = Int32(UInt8(ascii: "u"))
        static let int64 = Int32(UInt8(ascii: "x")), uint64 = Int32(UInt8(ascii: "t"))
        static let double = Int32(UInt8(ascii: "d")), string = Int32(UInt8(ascii: "s"))
        static let objectPath = Int32(UInt8(ascii: "o")), signature = Int32(UInt8(ascii: "g"))
        static let unixFD = Int32(UInt8(ascii: "h")), array = Int32(UInt8(ascii: "a"))
        static let variant = Int32(UInt8(ascii: "v")), structure = Int32(UInt8(ascii: "r"))
        static let dictEntry = Int32(UInt8(ascii: "e"))
    }

    /// A fresh iterator at a stable heap address for the duration of `body`:
    /// libdbus fills iterators in place, and sub-iterators are opened from them.
    static func withIterator<R>(_ body: (UnsafeMutablePointer<DBusMessageIter>) throws -> R) rethrows -> R {
        let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        iter.initialize(to: DBusMessageIter())
        defer { iter.deinitialize(count: 1); iter.deallocate() }
        return try body(iter)
    }

    // MARK: Reading

    /// All arguments of a message.
    static func readArguments(of message: OpaquePointer) -> [DBusValue] {
        withIterator { it in
            guard dbus_message_iter_init(message, it) != 0 else { return [] }
            return readSequence(it)
        }
    }

    /// The values from `it` to the end of its container.
    static func readSequence(_ it: UnsafeMutablePointer<DBusMessageIter>) -> [DBusValue] {
        var out: [DBusValue] = []
        while dbus_message_iter_get_arg_type(it) != Code.invalid {
            if let value = read(it) { out.append(value) }
            if dbus_message_iter_next(it) == 0 { break }
        }
        return out
    }

    /// The value at `it` (not advancing); nil for a type this client does not model.
    static func read(_ it: UnsafeMutablePointer<DBusMessageIter>) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(it)
        switch type {
        case Code.byte: return .byte(basic(it, UInt8(0)))
        case Code.bool: return .bool(basic(it, dbus_bool_t(0)) != 0)
        case Code.int16: return .int16(basic(it, Int16(0)))
        case Code.uint16: return .uint16(basic(it, UInt16(0)))
        case Code.int32: return .int32(basic(it, Int32(0)))
        case Code.uint32: return .uint32(basic(it, UInt32(0)))
        case Code.int64: return .int64(basic(it, Int64(0)))
        case Code.uint64: return .uint64(basic(it, UInt64(0)))
        case Code.double: return .double(basic(it, Double(0)))
        case Code.unixFD: return .unixFD(basic(it, Int32(-1)))
        case Code.string: return .string(string(it))
        case Code.objectPath: return .objectPath(string(it))
        case Code.signature: return .signature(string(it))
        case Code.variant:
            return withIterator { sub in
                dbus_message_iter_recurse(it, sub)
                return read(sub).map(DBusValue.variant)
            }
        case Code.structure:
            return withIterator { sub in
                dbus_message_iter_recurse(it, sub)
                return .structure(readSequence(sub))
            }
        case Code.array:
            let signature = self.signature(of: it)
            guard signature.count >= 2 else { return nil }
            let element = String(signature.dropFirst())
            return withIterator { sub in
                dbus_message_iter_recurse(it, sub)
                guard dbus_message_iter_get_element_type(it) == Code.dictEntry else {
                    return .array(element: element, readSequence(sub))
                }
                // "{KV}": K is one basic type code, V the rest.
                let inner = element.dropFirst().dropLast()
                guard let keyCode = inner.first else { return nil }
                var entries: [DBusDictEntry] = []
                while dbus_message_iter_get_arg_type(sub) == Code.dictEntry {
                    let entry: DBusDictEntry? = withIterator { pair in
                        dbus_message_iter_recurse(sub, pair)
                        guard let key = read(pair), dbus_message_iter_next(pair) != 0, let value = read(pair) else { return nil }
                        return DBusDictEntry(key: key, value: value)
                    }
                    if let entry { entries.append(entry) }
                    if dbus_message_iter_next(sub) == 0 { break }
                }
                return .dictionary(key: String(keyCode), value: String(inner.dropFirst()), entries)
            }
        default:
            return nil
        }
    }

    private static func basic<T: BitwiseCopyable>(_ it: UnsafeMutablePointer<DBusMessageIter>, _ initial: T) -> T {
        var value = initial
        withUnsafeMutableBytes(of: &value) { dbus_message_iter_get_basic(it, $0.baseAddress) }
        return value
    }

    private static func string(_ it: UnsafeMutablePointer<DBusMessageIter>) -> String {
        var pointer: UnsafePointer<CChar>? = nil
        withUnsafeMutableBytes(of: &pointer) { dbus_message_iter_get_basic(it, $0.baseAddress) }
        return pointer.map { String(cString: $0) } ?? ""
    }

    private static func signature(of it: UnsafeMutablePointer<DBusMessageIter>) -> String {
        guard let raw = dbus_message_iter_get_signature(it) else { return "" }
        defer { dbus_free(raw) }
        return String(cString: raw)
    }

    // MARK: Writing

    /// Appends `values` as the message's arguments; false when one is invalid (nothing reaches libdbus then).
    static func append(_ values: [DBusValue], to message: OpaquePointer) -> Bool {
        guard values.allSatisfy(isValid) else { return false }
        return withIterator { it in
            dbus_message_iter_init_append(message, it)
            return values.allSatisfy { append($0, to: it) }
        }
    }

    private static func append(_ value: DBusValue, to it: UnsafeMutablePointer<DBusMessageIter>) -> Bool {
        switch value {
        case .byte(let v): return appendBasic(it, Code.byte, v)
        case .bool(let v): return appendBasic(it, Code.bool, dbus_bool_t(v ? 1 : 0))
        case .int16(let v): return appendBasic(it, Code.int16, v)
        case .uint16(let v): return appendBasic(it, Code.uint16, v)
        case .int32(let v): return appendBasic(it, Code.int32, v)
        case .uint32(let v): return appendBasic(it, Code.uint32, v)
        case .int64(let v): return appendBasic(it, Code.int64, v)
        case .uint64(let v): return appendBasic(it, Code.uint64, v)
        case .double(let v): return appendBasic(it, Code.double, v)
        case .unixFD(let v): return appendBasic(it, Code.unixFD, v)
        case .string(let s): return appendString(it, Code.string, s)
        case .objectPath(let s): return appendString(it, Code.objectPath, s)
        case .signature(let s): return appendString(it, Code.signature, s)
        case .variant(let inner):
            return container(it, Code.variant, inner.signature) { sub in append(inner, to: sub) }
        case .structure(let fields):
            return container(it, Code.structure, nil) { sub in fields.allSatisfy { append($0, to: sub) } }
        case .array(let element, let items):
            return container(it, Code.array, element) { sub in items.allSatisfy { append($0, to: sub) } }
        case .dictionary(let key, let valueSignature, let entries):
            return container(it, Code.array, "{" + key + valueSignature + "}") { sub in
                entries.allSatisfy { entry in
                    container(sub, Code.dictEntry, nil) { pair in append(entry.key, to: pair) && append(entry.value, to: pair) }
                }
            }
        }
    }

    private static func appendBasic<T: BitwiseCopyable>(_ it: UnsafeMutablePointer<DBusMessageIter>, _ code: Int32, _ value: T) -> Bool {
        var copy = value
        return withUnsafeBytes(of: &copy) { dbus_message_iter_append_basic(it, code, $0.baseAddress) } != 0
    }

    private static func appendString(_ it: UnsafeMutablePointer<DBusMessageIter>, _ code: Int32, _ text: String) -> Bool {
        text.withCString { cString in
            var pointer: UnsafePointer<CChar>? = cString
            return withUnsafeBytes(of: &pointer) { dbus_message_iter_append_basic(it, code, $0.baseAddress) } != 0
        }
    }

    private static func container(_ it: UnsafeMutablePointer<DBusMessageIter>, _ code: Int32, _ signature: String?,
                                  _ body: (UnsafeMutablePointer<DBusMessageIter>) -> Bool) -> Bool {
        withIterator { sub in
            let opened: Bool
            if let signature {
                opened = signature.withCString { dbus_message_iter_open_container(it, code, $0, sub) } != 0
            } else {
                opened = dbus_message_iter_open_container(it, code, nil, sub) != 0
            }
            guard opened else { return false }
            guard body(sub) else { dbus_message_iter_abandon_container(it, sub); return false }
            return dbus_message_iter_close_container(it, sub) != 0
        }
    }

    // MARK: Validation (libdbus aborts on what fails these)

    /// Whether libdbus will accept `value`: valid object paths and signatures,
    /// strings without NUL, container contents matching their declared signatures.
    static func isValid(_ value: DBusValue) -> Bool {
        switch value {
        case .string(let s): return !s.utf8.contains(0)
        case .objectPath(let s): return isValidObjectPath(s)
        case .signature(let s): return isValidSignature(s)
        case .variant(let inner): return isValid(inner)
        case .structure(let fields): return !fields.isEmpty && fields.allSatisfy(isValid)
        case .array(let element, let items):
            return isValidSignature(element) && isSingleComplete(element) && element.first != "{"
                && items.allSatisfy { $0.signature == element && isValid($0) }
        case .dictionary(let key, let valueSignature, let entries):
            return key.count == 1 && "ybnqiuxtdsogh".contains(key) && isValidSignature(valueSignature) && isSingleComplete(valueSignature)
                && entries.allSatisfy { $0.key.signature == key && $0.value.signature == valueSignature && isValid($0.key) && isValid($0.value) }
        default: return true
        }
    }

    /// `/`, or `/`-separated non-empty elements of `[A-Za-z0-9_]`.
    public static func isValidObjectPath(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        let elements = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return elements.allSatisfy { element in
            !element.isEmpty && element.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
            }
        }
    }

    static func isValidSignature(_ signature: String) -> Bool {
        signature.utf8.count <= 255 && signature.withCString { dbus_signature_validate($0, nil) } != 0
    }

    private static func isSingleComplete(_ signature: String) -> Bool {
        signature.withCString { dbus_signature_validate_single($0, nil) } != 0
    }

    /// Interface and error names: two or more dot-separated elements of `[A-Za-z_][A-Za-z0-9_]*`.
    static func isValidInterfaceName(_ name: String) -> Bool {
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        return name.utf8.count <= 255 && elements.count >= 2 && elements.allSatisfy(isValidMemberName)
    }

    static func isValidMemberName<S: StringProtocol>(_ name: S) -> Bool {
        guard let first = name.utf8.first, !(first >= 0x30 && first <= 0x39), name.utf8.count <= 255 else { return false }
        return name.utf8.allSatisfy { c in (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F }
    }

    /// Bus names: unique (`:1.42`) or well-known (`org.bluez`).
    static func isValidBusName(_ name: String) -> Bool {
        name.withCString { dbus_validate_bus_name($0, nil) } != 0
    }
}

/// Manufacturer Name String, characteristic 0x2A29: UTF-8 without terminator.
/// Some devices pad with NULs; those are trimmed. Invalid UTF-8 is repaired, not rejected:
/// a name is for display only.
public enum ManufacturerName {
    public static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
        return String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
    }

    public static func decode(_ bytes: [UInt8]) -> String { decode(bytes[...]) }

    /// The name as a list shows it: padding (NULs, spaces) trimmed from both ends; nil when
    /// nothing is left, as a strap that says nothing has no manufacturer to show.
    public static func displayName(_ bytes: ArraySlice<UInt8>) -> String? {
        let name = decode(bytes).trimmingPrefix(while: isPadding)
        guard let last = name.lastIndex(where: { !isPadding($0) }) else { return nil }
        return String(name[...last])
    }

    public static func displayName(_ bytes: [UInt8]) -> String? { displayName(bytes[...]) }

    private static func isPadding(_ c: Character) -> Bool { c.isWhitespace || c == "\0" }

    public static func encode(_ name: String) -> [UInt8] { Array(name.utf8) }
}

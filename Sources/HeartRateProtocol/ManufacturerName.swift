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

    public static func encode(_ name: String) -> [UInt8] { Array(name.utf8) }
}

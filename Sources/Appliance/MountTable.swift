import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What is mounted where, from `/proc/self/mountinfo` (proc(5)). Reading it never touches a
/// mount, so polling it does not wake an automount.
public struct MountTable: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var mountPoint: String
        public var fileSystem: String
        public var source: String
    }

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public static func read(path: String = "/proc/self/mountinfo") -> MountTable {
        MountTable(parsing: readToEnd(path))
    }

    /// A /proc file whole. They report a size of 0, and Foundation's `String(contentsOfFile:)`
    /// then reads one 4 KiB page: inside the kiosk's systemd sandbox the sticks' lines come after
    /// the first 35 mounts and were never seen. read(2) until end of file instead.
    public static func readToEnd(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        let bytes = StickFile.readAll(fd) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `36 35 98:0 /root /mnt/point rw,noatime master:1 - ext4 /dev/sda1 rw`: the mount point is
    /// field 5; the file system type and source follow the ` - ` separator (optional fields vary).
    /// Split as bytes, not Characters: the kiosk reads the table at every start, and splitting its
    /// lines grapheme by grapheme was ≈ 1.4 M instructions of the launch (issue 34).
    public init(parsing text: String) {
        let bytes = Array(text.utf8)
        entries = bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard fields.count >= 10, let dash = fields.firstIndex(where: { $0.elementsEqual(CollectionOfOne(UInt8(ascii: "-"))) }),
                  dash >= 6, dash + 2 < fields.count else { return nil }
            return Entry(mountPoint: Self.unescape(bytes: fields[4]), fileSystem: String(decoding: fields[dash + 1], as: UTF8.self),
                         source: Self.unescape(bytes: fields[dash + 2]))
        }
    }

    /// The kernel writes space, tab, newline and backslash in paths as `\040`, `\011`, `\012`, `\134`.
    static func unescape(_ field: Substring) -> String { unescape(bytes: Array(field.utf8)[...]) }

    static func unescape(bytes field: ArraySlice<UInt8>) -> String {
        var bytes: [UInt8] = []
        let raw = Array(field)
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "\\"), i + 4 <= raw.count {
                let digits = raw[(i + 1)..<(i + 4)]
                let value = digits.reduce(0) { $0 * 8 + Int($1) - 48 }
                if digits.allSatisfy({ (48...55).contains($0) }), value <= 255 {
                    bytes.append(UInt8(value))
                    i += 4
                    continue
                }
            }
            bytes.append(raw[i])
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

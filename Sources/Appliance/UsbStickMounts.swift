import Foundation

/// Where USB sticks are: mount points directly inside one of a few folders ("roots") of the mount
/// table — the package's automounts under /media/sideline, a desktop's automounter's under
/// /media/$USER. The one place that tells a stick from any other mount: `UsbStickTracker` follows
/// the sticks in and out, `firstWritable` picks one to write to.
public struct UsbStickMounts: Sendable, Equatable {
    /// The folders whose direct children are sticks, in the order they are looked at.
    public let roots: [String]

    public init(roots: [String]) {
        var seen = Set<String>()
        self.roots = roots.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.filter { seen.insert($0).inserted }
    }

    /// Where a desktop's automounter puts sticks (udisks: /media/$USER/LABEL), then /media and /mnt.
    public static func desktop(user: String = getenv("USER").map { String(cString: $0) } ?? "") -> UsbStickMounts {
        UsbStickMounts(roots: (user.isEmpty ? [] : ["/media/\(user)"]) + ["/media", "/mnt"])
    }

    /// The sticks in `table` by mount point: true when its file system is mounted, false while only
    /// an automount's trigger (autofs) is there. A root itself is no stick, nor is a mount inside one.
    public func sticks(in table: MountTable) -> [String: Bool] {
        var sticks: [String: Bool] = [:]
        for entry in table.entries where roots.contains(Self.parent(of: entry.mountPoint)) && !roots.contains(entry.mountPoint) {
            sticks[entry.mountPoint, default: false] = sticks[entry.mountPoint, default: false] || entry.fileSystem != "autofs"
        }
        return sticks
    }

    /// The first stick this process may write to: roots in order, sticks by name; nil when none is.
    public func firstWritable(in table: MountTable,
                              isWritable: (String) -> Bool = { FileManager.default.isWritableFile(atPath: $0) }) -> String? {
        let sticks = sticks(in: table).keys
        for root in roots {
            if let stick = sticks.filter({ Self.parent(of: $0) == root }).sorted().first(where: isWritable) { return stick }
        }
        return nil
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}

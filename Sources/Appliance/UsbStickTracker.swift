/// Which USB sticks are in, and when one may be pulled, from successive mount tables.
///
/// The package's udev rule hands each stick to systemd as an *automount* under one folder
/// (`/media/sideline/sdb1`) that unmounts itself after two idle seconds: the kiosk needs no root
/// to mount or release it. A stick is *present* while anything is mounted at its folder (the
/// autofs trigger at least) and *mounted* while its file system is. After the kiosk's last write
/// to a stick (`jobFinished`), the moment its file system is unmounted it is safe to remove.
public struct UsbStickTracker: Sendable {
    public enum Event: Equatable, Sendable {
        /// A stick appeared (or was already in when the kiosk started): back up to it.
        case inserted(path: String)
        /// Everything written is flushed and the file system unmounted.
        case safeToRemove(path: String)
        case removed(path: String)
    }

    struct Stick: Sendable {
        var mounted: Bool
        var jobs = 0
        var awaitingRelease = false
    }

    /// The folder the sticks are mounted in.
    public var root: String { mounts.roots[0] }
    private let mounts: UsbStickMounts
    private var sticks: [String: Stick] = [:]

    public init(root: String) {
        mounts = UsbStickMounts(roots: [root])
    }

    /// The sticks in now, by mount point.
    public var present: [String] { sticks.keys.sorted() }

    public mutating func update(_ table: MountTable) -> [Event] {
        let seen = mounts.sticks(in: table)
        var events: [Event] = []
        for path in sticks.keys.sorted() where seen[path] == nil {
            sticks[path] = nil
            events.append(.removed(path: path))
        }
        for (path, mounted) in seen.sorted(by: { $0.key < $1.key }) {
            guard var stick = sticks[path] else {
                sticks[path] = Stick(mounted: mounted)
                events.append(.inserted(path: path))
                continue
            }
            stick.mounted = mounted
            if stick.awaitingRelease, stick.jobs == 0, !mounted {
                stick.awaitingRelease = false
                events.append(.safeToRemove(path: path))
            }
            sticks[path] = stick
        }
        return events
    }

    /// The kiosk starts writing to the stick (a backup, an export).
    public mutating func jobStarted(_ path: String) {
        sticks[path]?.jobs += 1
        sticks[path]?.awaitingRelease = false
    }

    /// The writing ended (flushed); the next unmount makes the stick safe to remove.
    public mutating func jobFinished(_ path: String) {
        guard var stick = sticks[path] else { return }
        stick.jobs = max(0, stick.jobs - 1)
        if stick.jobs == 0 { stick.awaitingRelease = true }
        sticks[path] = stick
    }
}

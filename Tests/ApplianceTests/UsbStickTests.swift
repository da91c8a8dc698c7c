@testable import Appliance
import Foundation
import XCTest

final class MountTableTests: XCTestCase {
    /// Lines as Linux 6.1 writes them (proc(5)), with optional fields of varying number.
    static let sample = """
        22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
        25 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw
        61 22 0:45 / /media/sideline/sdb1 rw,relatime shared:30 - autofs systemd-1 rw,fd=51,pgrp=1,timeout=2,minproto=5,maxproto=5,direct
        63 61 8:17 / /media/sideline/sdb1 rw,nosuid,nodev,noexec,relatime shared:31 master:7 - vfat /dev/sdb1 rw,uid=998,gid=998,fmask=0117
        70 22 8:33 / /media/sideline/My\\040Stick rw,relatime - exfat /dev/sdc1 rw
        bad line
        """

    func testParsesMountPointTypeAndSourceWhateverTheOptionalFields() {
        let table = MountTable(parsing: Self.sample)
        XCTAssertEqual(table.entries.count, 5)
        XCTAssertEqual(table.entries[0], .init(mountPoint: "/", fileSystem: "ext4", source: "/dev/vda"))
        XCTAssertEqual(table.entries[2], .init(mountPoint: "/media/sideline/sdb1", fileSystem: "autofs", source: "systemd-1"))
        XCTAssertEqual(table.entries[3], .init(mountPoint: "/media/sideline/sdb1", fileSystem: "vfat", source: "/dev/sdb1"))
        XCTAssertEqual(table.entries[4].mountPoint, "/media/sideline/My Stick", "\\040 is a space")
    }

    func testOctalEscapes() {
        XCTAssertEqual(MountTable.unescape("a\\011b\\012c\\134d"), "a\tb\nc\\d")
        XCTAssertEqual(MountTable.unescape("trailing\\04"), "trailing\\04", "incomplete escapes stay as they are")
        XCTAssertEqual(MountTable.unescape("\\999"), "\\999")
    }

    func testThisProcessesOwnTableHasARoot() {
        XCTAssertTrue(MountTable.read().entries.contains { $0.mountPoint == "/" })
    }

    /// /proc files say their size is 0; a reader that trusts that (Foundation reads one 4 KiB page)
    /// loses what follows. The oracle is cat(1) reading the same file: /proc/kallsyms, megabytes
    /// long and the same on every read.
    func testProcFilesAreReadWholePastTheFirstPage() throws {
        let path = "/proc/kallsyms"
        let cat = Process()
        cat.executableURL = URL(fileURLWithPath: "/bin/cat")
        cat.arguments = [path]
        let pipe = Pipe()
        cat.standardOutput = pipe
        try cat.run()
        let theirs = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        cat.waitUntilExit()
        let ours = MountTable.readToEnd(path)
        XCTAssertGreaterThan(theirs.utf8.count, 8192)
        XCTAssertEqual(ours.utf8.count, theirs.utf8.count)
        XCTAssertTrue(ours == theirs)
    }
}

final class UsbStickTrackerTests: XCTestCase {
    func table(_ entries: [(String, String)]) -> MountTable {
        MountTable(entries: [.init(mountPoint: "/", fileSystem: "ext4", source: "/dev/vda")]
                   + entries.map { .init(mountPoint: $0.0, fileSystem: $0.1, source: "x") })
    }

    /// The automount life of a stick: trigger appears, the backup mounts it, writes, the idle
    /// timeout unmounts it → safe; an export later mounts it again → safe again; pulled → removed.
    func testAutomountedStick() {
        var tracker = UsbStickTracker(root: "/media/sideline/")
        let stick = "/media/sideline/sdb1"
        XCTAssertEqual(tracker.update(table([])), [])
        XCTAssertEqual(tracker.update(table([(stick, "autofs")])), [.inserted(path: stick)])
        tracker.jobStarted(stick)
        XCTAssertEqual(tracker.update(table([(stick, "autofs"), (stick, "vfat")])), [])
        tracker.jobFinished(stick)
        XCTAssertEqual(tracker.update(table([(stick, "autofs"), (stick, "vfat")])), [], "still mounted: not yet safe")
        XCTAssertEqual(tracker.update(table([(stick, "autofs")])), [.safeToRemove(path: stick)])
        XCTAssertEqual(tracker.update(table([(stick, "autofs")])), [], "said once")
        tracker.jobStarted(stick)
        XCTAssertEqual(tracker.update(table([(stick, "autofs")])), [], "a job in flight: not safe even while unmounted")
        tracker.jobFinished(stick)
        XCTAssertEqual(tracker.update(table([(stick, "autofs")])), [.safeToRemove(path: stick)])
        XCTAssertEqual(tracker.update(table([])), [.removed(path: stick)])
        XCTAssertEqual(tracker.present, [])
    }

    func testAStickAlreadyInAtStartCountsAsInsertedAndOnlyDirectChildrenOfTheRootCount() {
        var tracker = UsbStickTracker(root: "/media/sideline")
        let events = tracker.update(table([("/media/sideline/sdb1", "vfat"), ("/media/sideline/sdb1/inner", "tmpfs"),
                                           ("/media/other/sdc1", "vfat"), ("/media/sideline", "tmpfs")]))
        XCTAssertEqual(events, [.inserted(path: "/media/sideline/sdb1")])
        XCTAssertEqual(tracker.present, ["/media/sideline/sdb1"])
    }

    func testAPlainMountThatStaysIsNeverCalledSafe() {
        var tracker = UsbStickTracker(root: "/mnt")
        _ = tracker.update(table([("/mnt/usb", "vfat")]))
        tracker.jobStarted("/mnt/usb")
        tracker.jobFinished("/mnt/usb")
        for _ in 0..<3 { XCTAssertEqual(tracker.update(table([("/mnt/usb", "vfat")])), []) }
        XCTAssertEqual(tracker.update(table([])), [.removed(path: "/mnt/usb")])
    }

    func testTwoSticksAtOnce() {
        var tracker = UsbStickTracker(root: "/media/sideline")
        XCTAssertEqual(tracker.update(table([("/media/sideline/sdc1", "autofs"), ("/media/sideline/sdb1", "autofs")])),
                       [.inserted(path: "/media/sideline/sdb1"), .inserted(path: "/media/sideline/sdc1")])
        XCTAssertEqual(tracker.update(table([("/media/sideline/sdc1", "autofs")])), [.removed(path: "/media/sideline/sdb1")])
    }
}

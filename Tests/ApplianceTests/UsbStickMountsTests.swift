@testable import Appliance
import XCTest

/// The one place that finds USB sticks: mount points directly inside the roots, and the first writable one.
final class UsbStickMountsTests: XCTestCase {
    private func table(_ entries: [(String, String)]) -> MountTable {
        MountTable(entries: [.init(mountPoint: "/", fileSystem: "ext4", source: "/dev/vda")]
                   + entries.map { .init(mountPoint: $0.0, fileSystem: $0.1, source: "/dev/sdb1") })
    }

    func testAStickIsADirectChildOfARootMountedOrOnlyItsAutomountTrigger() {
        let mounts = UsbStickMounts(roots: ["/media/sideline/"])
        XCTAssertEqual(mounts.roots, ["/media/sideline"])
        XCTAssertEqual(mounts.sticks(in: table([("/media/sideline/sdb1", "autofs"), ("/media/sideline/sdb1", "vfat"),
                                                ("/media/sideline/sdc1", "autofs"), ("/media/sideline/sdc1/inner", "tmpfs"),
                                                ("/media/sideline", "tmpfs"), ("/mnt/usb", "vfat")])),
                       ["/media/sideline/sdb1": true, "/media/sideline/sdc1": false])
    }

    func testADesktopLooksInTheUsersFolderFirstThenMediaThenMnt() {
        XCTAssertEqual(UsbStickMounts.desktop(user: "coach").roots, ["/media/coach", "/media", "/mnt"])
        XCTAssertEqual(UsbStickMounts.desktop(user: "").roots, ["/media", "/mnt"])
        let mounts = UsbStickMounts.desktop(user: "coach")
        let all = table([("/mnt/usb", "vfat"), ("/media/coach", "tmpfs"), ("/media/coach/STICK", "vfat"), ("/media/coach/ALPHA", "exfat")])
        XCTAssertEqual(mounts.firstWritable(in: all) { _ in true }, "/media/coach/ALPHA", "the user's sticks by name, before /mnt")
        XCTAssertEqual(mounts.firstWritable(in: all) { $0 != "/media/coach/ALPHA" }, "/media/coach/STICK")
        XCTAssertEqual(mounts.firstWritable(in: all) { $0 == "/mnt/usb" }, "/mnt/usb")
        XCTAssertNil(mounts.firstWritable(in: all) { $0 == "/media/coach" }, "the user's folder is a root, not a stick")
        XCTAssertNil(mounts.firstWritable(in: table([])) { _ in true })
    }

    /// Without a test's answer, writability is the file system's: a folder of this process's is
    /// writable, a missing one is not.
    func testWritableIsAskedOfTheFileSystem() throws {
        let root = NSTemporaryDirectory() + "sideline-sticks-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/mine", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mounts = UsbStickMounts(roots: [root])
        XCTAssertEqual(mounts.firstWritable(in: table([(root + "/gone", "vfat"), (root + "/mine", "vfat")])), root + "/mine")
    }
}

import Appliance
import Foundation
import XCTest

/// Files someone else wrote, read without trusting them: what is not a plain file of a bounded
/// size is refused unread, in words a coach can act on.
final class StickFileTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sideline-stick-file-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func refusal(_ path: String, atMost: Int = 1 << 20) -> String {
        do {
            _ = try StickFile.read(path, atMost: atMost)
            return "read"
        } catch {
            return error.description
        }
    }

    func testAPlainFileIsReadWithinItsLimit() throws {
        try Data("7,Mia".utf8).write(to: URL(fileURLWithPath: folder + "/roster.csv"))
        XCTAssertEqual(try StickFile.read(folder + "/roster.csv", atMost: 5), Array("7,Mia".utf8))
        XCTAssertEqual(refusal(folder + "/roster.csv", atMost: 4), "5 bytes: too large (at most 4 bytes)")
    }

    func testWhatIsNotAPlainFileOfItsSizeIsRefusedUnread() throws {
        let big = folder + "/big.csv"
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        XCTAssertEqual(truncate(big, 1 << 30), 0, "a 1 GB hole: costs no disk")
        XCTAssertEqual(mkfifo(folder + "/pipe", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
        XCTAssertEqual(refusal(big), "1.0 GB: too large (at most 1 MB)")
        XCTAssertEqual(refusal(folder + "/pipe"), "not a plain file (a device or a pipe)", "refused at once: a pipe's reader would wait for a writer")
        XCTAssertEqual(refusal("/dev/zero"), "not a plain file (a device or a pipe)")
        XCTAssertEqual(refusal(folder), "a folder, not a file")
        XCTAssertEqual(refusal(folder + "/loop"), "a link that leads back to itself")
        XCTAssertEqual(refusal(folder + "/missing"), "no such file")
    }
}

import Diagnostics
import Foundation
import Logging
import Synchronization
import XCTest

final class JournalLogHandlerTests: XCTestCase {
    /// sd-daemon(3): <0> emergency … <7> debug; swift-log has no emergency/alert.
    func testLevelsMapToSyslogPriorities() {
        let expected: [Logger.Level: Int] = [.trace: 7, .debug: 7, .info: 6, .notice: 5, .warning: 4, .error: 3, .critical: 2]
        for (level, priority) in expected {
            XCTAssertEqual(JournalLogHandler.syslogPriority(level), priority, "\(level)")
        }
    }

    func testJournalLinesCarryThePriorityAndTerminalLinesDoNot() {
        XCTAssertEqual(JournalLogHandler.line(level: .error, message: "disk full", metadata: [:], prefixed: true), "<3>sideline: disk full\n")
        XCTAssertEqual(JournalLogHandler.line(level: .error, message: "disk full", metadata: [:], prefixed: false), "sideline: disk full\n")
    }

    func testEveryLineOfAMultiLineMessageKeepsItsLevel() {
        let text = JournalLogHandler.line(level: .warning, message: "roster not imported:\nline 3: bad\nline 9: bad", metadata: [:], prefixed: true)
        XCTAssertEqual(text, "<4>sideline: roster not imported:\n<4>line 3: bad\n<4>line 9: bad\n")
    }

    func testMetadataFollowsTheMessageSortedByKey() {
        let text = JournalLogHandler.line(level: .info, message: "backup written", metadata: ["bytes": "4096", "at": "usb"], prefixed: true)
        XCTAssertEqual(text, "<6>sideline: backup written at=usb bytes=4096\n")
    }

    /// A server's plain log (not journald's) says when and how bad; journald has both already.
    func testAPlainServerLogCarriesTheTimeAndLevel() throws {
        XCTAssertEqual(JournalLogHandler.line(level: .notice, message: "a\nb", metadata: [:], prefixed: false, time: "2026-11-29T14:40:01.123Z"),
                       "2026-11-29T14:40:01.123Z notice sideline: a\nb\n")
        let captured = Mutex<[String]>([])
        for prefixed in [false, true] {
            let handler = JournalLogHandler(logLevel: .info, prefixed: prefixed, timestamped: true) { line in captured.withLock { $0.append(line) } }
            Logger(label: "test", factory: { _ in handler }).warning("slow")
        }
        let lines = captured.withLock { $0 }
        XCTAssertNotNil(lines[0].range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z warning sideline: slow\n$"#, options: .regularExpression), lines[0])
        XCTAssertEqual(lines[1], "<4>sideline: slow\n")
    }

    /// Through swift-log's own Logger: the threshold filters, handler and logger metadata merge.
    func testThroughALogger() {
        let captured = Mutex<[String]>([])
        var handler = JournalLogHandler(logLevel: .notice, prefixed: true) { line in captured.withLock { $0.append(line) } }
        handler[metadataKey: "unit"] = "kiosk"
        var logger = Logger(label: "test", factory: { _ in handler })
        logger.info("not shown: below notice")
        logger.notice("shown")
        logger.error("failed", metadata: ["code": "2"])
        logger[metadataKey: "unit"] = "usb"
        logger.warning("stick")
        XCTAssertEqual(captured.withLock { $0 }, ["<5>sideline: shown unit=kiosk\n", "<3>sideline: failed code=2 unit=kiosk\n", "<4>sideline: stick unit=usb\n"])
    }
}

final class JournalStreamTests: XCTestCase {
    func testMatchesOnlyThisDescriptorsDeviceAndInode() throws {
        let path = NSTemporaryDirectory() + "journal-stream-\(UUID().uuidString)"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var info = stat()
        XCTAssertEqual(fstat(fd, &info), 0)
        XCTAssertTrue(JournalStream.isJournal(fd: fd, environment: ["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino)"]))
        XCTAssertFalse(JournalStream.isJournal(fd: fd, environment: ["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino + 1)"]),
                       "a child whose stderr went elsewhere inherits the variable, not the stream")
        XCTAssertFalse(JournalStream.isJournal(fd: fd, environment: [:]))
        XCTAssertFalse(JournalStream.isJournal(fd: fd, environment: ["JOURNAL_STREAM": "garbage"]))
    }
}

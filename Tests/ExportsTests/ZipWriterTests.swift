import Foundation
import XCTest
@testable import Exports

/// The ZIP writer's own layout, read back by the APPNOTE's rules; Python's zipfile and `unzip -t` read its
/// archives too (Tests/e2e/cli/test_player_data.py).
final class ZipWriterTests: XCTestCase {
    final class MemorySink: ZipSink {
        var bytes: [UInt8] = []
        var failAfter = Int.max
        func write(_ b: UnsafeRawBufferPointer) throws {
            guard bytes.count + b.count <= failAfter else { throw ZipWriter.Failure("cannot write x.zip: the disk is full") }
            bytes += b
        }
    }

    static let utc: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    func testCRC32MatchesTheCheckValue() {
        XCTAssertEqual(ZipWriter.crc32(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(ZipWriter.crc32([]), 0)
    }

    func testEntriesTheirHeadersAndTheCentralDirectoryAgree() throws {
        let sink = MemorySink()
        let zip = ZipWriter(sink: sink, modified: Date(timeIntervalSince1970: 1_795_000_000), calendar: Self.utc)
        let text = Array(String(repeating: "session,player,bpm\n1,Åsa,120\n", count: 200).utf8)
        try zip.add("a/samples.csv", text)
        try zip.add("a/tiny.txt", Array("x".utf8))
        try zip.add("a/empty.json", [])
        try zip.finish()
        let z = sink.bytes
        func u16(_ at: Int) -> Int { Int(z[at]) | Int(z[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let end = z.count - 22
        XCTAssertEqual(u32(end), 0x0605_4b50)
        XCTAssertEqual(u16(end + 10), 3)
        var at = u32(end + 16)
        XCTAssertEqual(at + u32(end + 12), end, "the central directory ends where the end record starts")
        var seen: [String] = []
        for expected in [text, Array("x".utf8), []] {
            XCTAssertEqual(u32(at), 0x0201_4b50)
            let method = u16(at + 10), crc = u32(at + 16), packed = u32(at + 20), size = u32(at + 24), nameLength = u16(at + 28)
            let name = String(decoding: z[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            seen.append(name)
            XCTAssertEqual(u16(at + 8) & 0x0800, 0x0800, "UTF-8 names")
            XCTAssertEqual(size, expected.count)
            XCTAssertEqual(UInt32(crc), ZipWriter.crc32(expected))
            let local = u32(at + 42)
            XCTAssertEqual(u32(local), 0x0403_4b50)
            XCTAssertEqual(Array(z[(local + 14)..<(local + 26)]), Array(z[(at + 16)..<(at + 28)]), "CRC and sizes as the central directory says")
            let data = Array(z[(local + 30 + nameLength)..<(local + 30 + nameLength + packed)])
            if method == 0 { XCTAssertEqual(data, expected) } else { XCTAssertEqual(method, 8); XCTAssertLessThan(packed, size / 10) }
            at += 46 + nameLength
        }
        XCTAssertEqual(seen, ["a/samples.csv", "a/tiny.txt", "a/empty.json"])
        XCTAssertEqual(u16(10), 11 << 11 | 6 << 5 | 40 / 2, "modified 11:06:40 (UTC) in MS-DOS form")
        XCTAssertEqual(u16(12), (2026 - 1980) << 9 | 11 << 5 | 18, "on 2026-11-18")
    }

    func testRefusesWhatAZIPWithoutZIP64CannotSayAndBadNames() throws {
        let zip = ZipWriter(sink: MemorySink(), modified: Date(), calendar: .current, sizeLimit: 1000)
        try zip.add("small", Array(repeating: 1, count: 100))
        XCTAssertThrowsError(try zip.add("big", (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })) {
            XCTAssertEqual("\($0)", "the archive would pass 4 GiB, which a ZIP without ZIP64 cannot hold")
        }
        XCTAssertThrowsError(try zip.add("small", [1]))
        XCTAssertThrowsError(try zip.add("../etc/passwd", [1]))
        XCTAssertThrowsError(try zip.add("/abs", [1]))
    }

    func testAFailingWriteIsThrownAndAnArchiveFileLeavesNothingUnlessCommitted() throws {
        let sink = MemorySink()
        sink.failAfter = 50
        XCTAssertThrowsError(try ZipWriter(sink: sink).add("x", Array(repeating: 0, count: 10_000).map { $0 &+ 1 } + (0..<100).map(UInt8.init))) {
            XCTAssertEqual("\($0)", "cannot write x.zip: the disk is full")
        }
        let folder = NSTemporaryDirectory() + "zip-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let file = try ArchiveFile(path: folder + "/dropped.zip")
            try ZipWriter(sink: file).add("a", [1, 2, 3])
        }
        let kept = try ArchiveFile(path: folder + "/kept.zip")
        let zip = ZipWriter(sink: kept)
        try zip.add("a", [1, 2, 3])
        try zip.finish()
        try kept.commit()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["kept.zip"])
        XCTAssertThrowsError(try ArchiveFile(path: folder + "/missing/x.zip")) {
            XCTAssertEqual($0 as? ArchiveFile.Failure, ArchiveFile.Failure(path: folder + "/missing/x.zip", reason: "there is no folder \(folder)/missing"))
        }
    }
}

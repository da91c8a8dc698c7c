import XCTest
@testable import Exports

final class FITTests: XCTestCase {
    func testCRCMatchesTheCRC16ARCCheckValue() {
        XCTAssertEqual(FITCRC.checksum(Array("123456789".utf8)), 0xBB3D)
    }

    func testHeaderAndCRCs() {
        let context = ExportFixture.context()
        let file = FITActivityEncoder.encode(context.analysis.players[0], context: context)
        XCTAssertEqual(file[0], 14)
        XCTAssertEqual(Array(file[8..<12]), Array(".FIT".utf8))
        let dataSize = Int(file[4]) | Int(file[5]) << 8 | Int(file[6]) << 16 | Int(file[7]) << 24
        XCTAssertEqual(file.count, 14 + dataSize + 2)
        XCTAssertEqual(FITCRC.checksum(file[0..<12]), UInt16(file[12]) | UInt16(file[13]) << 8)
        XCTAssertEqual(FITCRC.checksum(file), 0) // a CRC over data plus its own CRC is zero
    }

    /// Decodes the file with a minimal FIT reader and finds every heart rate again, one per second.
    func testRecordsLapsAndSessionDecodeBack() throws {
        let context = ExportFixture.context()
        let player = context.analysis.players[0]
        let messages = try MiniFITReader.messages(FITActivityEncoder.encode(player, context: context))
        let records = messages.filter { $0.global == 20 }
        XCTAssertEqual(records.count, 600)
        XCTAssertEqual(records.map { Int($0.fields[3]!) }, (0..<600).map { 120 + $0 % 60 })
        let fitStart = UInt64(1_795_000_000 - 631_065_600)
        XCTAssertEqual(records.first?.fields[253], fitStart)
        XCTAssertEqual(records.last?.fields[253], fitStart + 599)
        let laps = messages.filter { $0.global == 19 }
        XCTAssertEqual(laps.count, 2)
        XCTAssertEqual(laps[0].fields[7], 300_000) // total_elapsed_time, ms
        XCTAssertEqual(laps[1].fields[2], fitStart + 300)
        let session = try XCTUnwrap(messages.first { $0.global == 18 })
        XCTAssertEqual(session.fields[16], UInt64(player.stats.averageBPM.value!.rounded()))
        XCTAssertEqual(session.fields[17], 179)
        XCTAssertEqual(session.fields[26], 2)
        XCTAssertEqual(messages.first?.global, 0)
        XCTAssertEqual(messages.last?.global, 34)
    }

    /// The session's tags ride on the session message as a described developer field; without tags
    /// the file has no developer data at all.
    func testTagsAreADescribedDeveloperFieldOfTheSession() throws {
        var context = ExportFixture.context()
        let untagged = try MiniFITReader.messages(FITActivityEncoder.encode(context.analysis.players[0], context: context))
        XCTAssertFalse(untagged.contains { $0.global == 206 || $0.global == 207 })
        XCTAssertEqual(untagged.first { $0.global == 18 }?.developer, [:])

        context.analysis.session.tags = ["after-training", "match", "sitting", "ünï"]
        let messages = try MiniFITReader.messages(FITActivityEncoder.encode(context.analysis.players[0], context: context))
        let id = try XCTUnwrap(messages.first { $0.global == 207 })
        XCTAssertEqual(id.fields[3], 0, "developer_data_index")
        XCTAssertEqual(id.bytes[1]?.count, 16, "application_id")
        let description = try XCTUnwrap(messages.first { $0.global == 206 })
        XCTAssertEqual([description.fields[0], description.fields[1], description.fields[2]], [0, 0, 7], "index 0, field 0, a string")
        XCTAssertEqual(description.text(3), "session_tags")
        let session = try XCTUnwrap(messages.first { $0.global == 18 })
        XCTAssertEqual(session.text(0, developer: true), "after-training match sitting ünï")
        XCTAssertEqual(session.developer[0]?.last, 0, "terminated")
        XCTAssertEqual(session.fields[26], 2, "the session's own fields are read as before")
    }

    func testTextIsCutAtACharacterToFitItsField() {
        XCTAssertEqual(FITWriter.text("abc", size: 4), Array("abc".utf8))
        XCTAssertEqual(FITWriter.text("abcd", size: 4), Array("abc".utf8))
        XCTAssertEqual(FITWriter.text("aé", size: 3), Array("a".utf8), "é takes two bytes: it does not fit with the zero")
    }

    func testPlayersWithoutSignalGetNoFile() throws {
        let files = try AnalysedFiles(context: ExportFixture.context(), stem: "u17_x").files(.fit) { $0.lowercased() }
        XCTAssertEqual(files.map(\.name), ["u17_x_ada lovelace_7.fit", "u17_x_émile zola_3.fit"])
    }
}

/// Just enough of the FIT protocol to read back what the encoder wrote (normal headers only).
/// Fields of more than 8 bytes (strings, byte arrays) and developer fields are kept as bytes.
enum MiniFITReader {
    struct Message {
        var global: UInt16
        var fields: [UInt8: UInt64]
        var bytes: [UInt8: [UInt8]] = [:]
        var developer: [UInt8: [UInt8]] = [:]
        /// A string field up to its terminating zero.
        func text(_ number: UInt8, developer dev: Bool = false) -> String? {
            (dev ? developer[number] : bytes[number]).map { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
    }
    struct Failure: Error {}

    static func messages(_ file: [UInt8]) throws -> [Message] {
        let end = file.count - 2
        var i = Int(file[0])
        var definitions: [UInt8: (UInt16, [(UInt8, Int, UInt8)], [(UInt8, Int)])] = [:]
        var out: [Message] = []
        while i < end {
            let header = file[i]; i += 1
            guard header & 0x80 == 0 else { throw Failure() }
            let local = header & 0x0F
            if header & 0x40 != 0 {
                guard file[i + 1] == 0 else { throw Failure() } // little-endian only
                let global = UInt16(file[i + 2]) | UInt16(file[i + 3]) << 8
                let count = Int(file[i + 4]); i += 5
                var fields: [(UInt8, Int, UInt8)] = []
                for _ in 0..<count { fields.append((file[i], Int(file[i + 1]), file[i + 2])); i += 3 }
                var developer: [(UInt8, Int)] = []
                if header & 0x20 != 0 {
                    let devCount = Int(file[i]); i += 1
                    for _ in 0..<devCount { developer.append((file[i], Int(file[i + 1]))); i += 3 }
                }
                definitions[local] = (global, fields, developer)
            } else {
                guard let (global, fields, developer) = definitions[local] else { throw Failure() }
                var message = Message(global: global, fields: [:])
                for (number, size, type) in fields {
                    if type == 0x07 || type == 0x0D || size > 8 {
                        message.bytes[number] = Array(file[i..<i + size])
                    } else {
                        var v: UInt64 = 0
                        for b in 0..<size { v |= UInt64(file[i + b]) << (8 * b) }
                        message.fields[number] = v
                    }
                    i += size
                }
                for (number, size) in developer { message.developer[number] = Array(file[i..<i + size]); i += size }
                out.append(message)
            }
        }
        guard i == end else { throw Failure() }
        return out
    }
}

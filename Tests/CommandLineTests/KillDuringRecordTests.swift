import Foundation
import GRDB
import XCTest

/// `kill -9` during a recording loses at most the last second: everything the
/// simulated straps sent up to the last committed second is in the database,
/// exactly, and the session is marked interrupted on the next start.
final class KillDuringRecordTests: XCTestCase {
    let scratch = Scratch()
    override func tearDown() { scratch.remove() }

    struct Row: Hashable { var player: Int64, t: Int64, bpm: Int64 }

    /// Each reading's player, time and heart rate, read from the store's own bytes (v33, decision 108: a row a
    /// player and minute, 10 bytes a reading, u16 ms into the minute and u16 bpm first; the strap's readings
    /// fit, none is wide) — decoded here, not by the store's codec, so a codec that lost readings is caught too.
    func rows(_ db: String) throws -> [Row] {
        try DatabaseQueue(path: db).read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT player_id, minute, readings FROM sample_minute ORDER BY player_id, minute").flatMap { row in
                let player: Int64 = row[0], minute: Int64 = row[1], bytes = [UInt8](row[2] as Data)
                func u16(_ at: Int) -> Int64 { Int64(bytes[at]) | Int64(bytes[at + 1]) << 8 }
                return stride(from: 0, to: bytes.count, by: 10).map { at in Row(player: player, t: minute * 60_000 + u16(at), bpm: u16(at + 2)) }
            }
        }
    }

    /// The recorder says when a second is safely stored (`--progress`); the test kills it the
    /// moment it has said so four times, so no guess about timing is needed.
    func testKillNineLosesAtMostTheLastSecond() throws {
        let killedDB = scratch.file("killed.sqlite")
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["record", "--db", killedDB, "--source", "sim:6", "--seed", "21", "--speed", "1",
                             "--team", "K", "--minutes", "5", "--quiet", "--progress"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var seen = "", reported: [Int64] = []
        while reported.count < 4 {
            let chunk = out.fileHandleForReading.availableData
            XCTAssertFalse(chunk.isEmpty, "recorder exited early: \(seen)")
            if chunk.isEmpty { return }
            seen += String(decoding: chunk, as: UTF8.self)
            reported = seen.split(separator: "\n").compactMap { line in
                line.hasPrefix("committed ") ? Int64(line.dropFirst("committed ".count).dropLast(" ms".count)) : nil
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        // One commit per second of session time, none skipped: what a kill can lose is the second under way.
        XCTAssertEqual(reported.map { $0 / 1000 }, Array(1...Int64(reported.count)), "\(reported)")

        // The next start marks the session interrupted and keeps what was committed: at least all it reported.
        let cli = CLI(db: killedDB)
        let sessions = try cli.run(["sessions"])
        XCTAssertTrue(sessions.out.contains("interrupted"), sessions.out)
        let committedMs = try DatabaseQueue(path: killedDB).read { try Int64.fetchOne($0, sql: "SELECT committed_t_ms FROM session")! }
        XCTAssertGreaterThanOrEqual(committedMs, reported.last!, "a commit the recorder reported survives kill -9")

        // The same seed recorded to the end at high speed is the truth to compare with.
        let referenceDB = scratch.file("reference.sqlite")
        XCTAssertEqual(try CLI(db: referenceDB).run(["record", "--source", "sim:6", "--seed", "21", "--speed", "1000",
                                                      "--team", "K", "--minutes", "0.5", "--quiet"]).status, 0)
        let kept = try rows(killedDB)
        let truth = try rows(referenceDB).filter { $0.t < committedMs }
        XCTAssertFalse(kept.isEmpty)
        XCTAssertEqual(Set(kept).subtracting(truth), [], "nothing invented")
        XCTAssertEqual(Set(truth).subtracting(kept), [], "nothing lost before the last committed second")
        XCTAssertEqual(try DatabaseQueue(path: killedDB).read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }, "ok")
    }
}

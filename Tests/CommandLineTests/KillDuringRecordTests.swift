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

    func rows(_ db: String) throws -> [Row] {
        try DatabaseQueue(path: db).read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT player_id, t_ms, bpm FROM sample ORDER BY player_id, t_ms").map {
                Row(player: $0[0], t: $0[1], bpm: $0[2])
            }
        }
    }

    func testKillNineLosesAtMostTheLastSecond() throws {
        let killedDB = scratch.file("killed.sqlite")
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["record", "--db", killedDB, "--source", "sim:6", "--seed", "21", "--speed", "1",
                             "--team", "K", "--minutes", "5", "--quiet"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // Wait for the "recording session" line: the simulated clock starts right after it.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("recording session") {
            let chunk = out.fileHandleForReading.availableData
            XCTAssertFalse(chunk.isEmpty, "recorder exited early")
            if chunk.isEmpty { return }
            seen += chunk
        }
        let started = Date()
        Thread.sleep(forTimeInterval: 4.5)
        kill(process.processIdentifier, SIGKILL)
        let killedAfter = Date().timeIntervalSince(started)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        // The next start marks the session interrupted and keeps what was committed.
        let cli = CLI(db: killedDB)
        let sessions = try cli.run(["sessions"])
        XCTAssertTrue(sessions.out.contains("interrupted"), sessions.out)
        let committedMs = try DatabaseQueue(path: killedDB).read { try Int64.fetchOne($0, sql: "SELECT committed_t_ms FROM session")! }
        XCTAssertGreaterThanOrEqual(Double(committedMs) / 1000, killedAfter - 1.0 - 0.5,
                                    "committed up to within a second of the kill (0.5 s allowed for scheduling)")

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

import Foundation
import XCTest

final class RecordAndExportTests: XCTestCase {
    let scratch = Scratch()
    lazy var cli = CLI(db: scratch.file("sideline.sqlite"))
    override func tearDown() { scratch.remove() }

    /// The acceptance run: 12 simulated straps, 2 minutes at 60×, then export.
    func testRecordTwoSimulatedMinutesThenExportCSV() throws {
        let record = try cli.run(["record", "--source", "sim:12", "--speed", "60", "--team", "Demo", "--minutes", "2", "--tag", "Match", "--tag", "seated"])
        XCTAssertEqual(record.status, 0, record.err)
        XCTAssertTrue(record.out.contains("created team Demo with 12 simulated players"))
        let sessions = try cli.run(["sessions"])
        XCTAssertEqual(sessions.lines.count, 1)
        let id = try XCTUnwrap(sessions.lines.first?.split(separator: "\t").first)
        XCTAssertTrue(sessions.out.contains("ended"))

        let export = try cli.run(["export", "--session", String(id), "--format", "csv", "--out", scratch.file("out")])
        XCTAssertEqual(export.status, 0, export.err)
        let files = export.lines
        XCTAssertTrue(files.contains { $0.hasSuffix("_samples.csv") } && files.contains { $0.hasSuffix("_rr.csv") }, "\(files)")
        let samples = try String(contentsOfFile: try XCTUnwrap(files.first { $0.hasSuffix("_samples.csv") }), encoding: .utf8)
            .split(separator: "\n")
        // Foundation reads past the byte-order mark; the bytes show it.
        XCTAssertEqual(samples.first, "session,player,shirt_number,strap,t_ms,time,bpm,contact,energy_kj,tags")
        // The tags as the kiosk stores them ("seated" is its "sitting"), on every row.
        XCTAssertTrue(samples.dropFirst().allSatisfy { $0.hasSuffix(",match sitting") }, "\(samples.dropFirst().first ?? "")")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(files.first { $0.hasSuffix("_samples.csv") })))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF])
        // ~12 players × 120 s, less the odd simulated dropout.
        XCTAssertEqual(Double(samples.count - 1), 12 * 120, accuracy: 12 * 120 * 0.05)
        let players = Set(samples.dropFirst().map { $0.split(separator: ",")[1] })
        XCTAssertEqual(players.count, 12)
        let times = samples.dropFirst().map { Int($0.split(separator: ",")[4])! }
        XCTAssertTrue(times.allSatisfy { (0..<120_000).contains($0) }, "every sample inside the session")
        let rr = try String(contentsOfFile: try XCTUnwrap(files.first { $0.hasSuffix("_rr.csv") }), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rr.first, "session,player,shirt_number,t_ms,time,rr_1024,rr_ms,tags")
        XCTAssertTrue(rr.dropFirst().allSatisfy { $0.hasSuffix(",match sitting") })
        XCTAssertGreaterThan(rr.count, samples.count, "more beats than once-a-second samples")
    }

    func testSameSeedRecordsTheSameData() throws {
        for (i, speed) in ["100", "1000"].enumerated() {
            let other = CLI(db: scratch.file("db\(i).sqlite"))
            XCTAssertEqual(try other.run(["record", "--source", "sim:4", "--seed", "3", "--speed", speed, "--team", "T", "--minutes", "1", "--quiet"]).status, 0)
            XCTAssertEqual(try other.run(["export", "--session", "1", "--out", scratch.file("out\(i)")]).status, 0)
        }
        func content(_ dir: String) throws -> String {
            let name = try FileManager.default.contentsOfDirectory(atPath: dir).first { $0.hasSuffix("_samples.csv") }!
            // Without the clock-time column: the two sessions started at different times.
            return try String(contentsOfFile: dir + "/" + name, encoding: .utf8).split(separator: "\n").map { line in
                var cells = line.split(separator: ",", omittingEmptySubsequences: false)
                cells.remove(at: 5)
                return cells.joined(separator: ",")
            }.joined(separator: "\n")
        }
        XCTAssertEqual(try content(scratch.file("out0")), try content(scratch.file("out1")))
    }

    func testListsTeamsPlayersAndSessionsNewestFirst() throws {
        for _ in 0..<2 {
            XCTAssertEqual(try cli.run(["record", "--source", "sim:3", "--speed", "1000", "--team", "Squad", "--minutes", "0.5", "--quiet"]).status, 0)
        }
        let teams = try cli.run(["teams"])
        XCTAssertTrue(teams.out.hasPrefix("Squad\t3 players"), teams.out)
        XCTAssertEqual(try cli.run(["players", "--team", "Squad"]).lines.count, 3)
        let ids = try cli.run(["sessions", "--team", "Squad"]).lines.map { Int($0.split(separator: "\t")[0])! }
        XCTAssertEqual(ids, [2, 1])
    }
}

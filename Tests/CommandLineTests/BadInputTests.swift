import Foundation
import GRDB
import XCTest

final class BadInputTests: XCTestCase {
    let scratch = Scratch()
    lazy var cli = CLI(db: scratch.file("sideline.sqlite"))
    override func tearDown() { scratch.remove() }

    func assertOneLineError(_ result: CLI.Result, containing text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 2, result.err, file: file, line: line)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err, file: file, line: line)
        XCTAssertTrue(result.err.contains(text), result.err, file: file, line: line)
    }

    func testUnknownTeamOrSessionIsOneLineAndStatusTwo() throws {
        assertOneLineError(try cli.run(["players", "--team", "Nobody"]), containing: "no team named 'Nobody'")
        assertOneLineError(try cli.run(["sessions", "--team", "Nobody"]), containing: "no team named 'Nobody'")
        assertOneLineError(try cli.run(["export", "--session", "42", "--out", scratch.path]), containing: "no session with id 42")
    }

    func testBadRosterReportsEveryLineAndImportsNothing() throws {
        let roster = scratch.file("roster.csv")
        try """
            number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap
            7,Mia,Berg,2008,F,61,55,,A0:9E:1A:00:00:01
            8,Noah,Costa,20x7,M,72,52,,
            9,Lena,Weber,2007,F,60,50,,A0:9E:1A:00:00:01
            """.write(toFile: roster, atomically: true, encoding: .utf8)
        let result = try cli.run(["import-roster", roster, "--team", "U17"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("line 3: birth year '20x7'"), result.err)
        XCTAssertTrue(result.err.contains("line 4: strap A0:9E:1A:00:00:01 already given to the player on line 2"), result.err)
        XCTAssertTrue(try cli.run(["teams"]).out.contains("no teams yet"), "nothing imported, not even the team")

        try "7,Mia,Berg,2008,F,61,55,,A0:9E:1A:00:00:01\n".write(toFile: roster, atomically: true, encoding: .utf8)
        XCTAssertEqual(try cli.run(["import-roster", roster, "--team", "U17"]).status, 0)
        XCTAssertTrue(try cli.run(["players", "--team", "U17"]).out.contains("A0:9E:1A:00:00:01"))
    }

    func testNewerSchemaAndNonDatabaseAreRefusedUntouched() throws {
        XCTAssertEqual(try cli.run(["teams"]).status, 0)
        let queue = try DatabaseQueue(path: cli.db)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES ('v99')") }
        try queue.close()
        assertOneLineError(try cli.run(["teams"]), containing: "newer version of Sideline")

        let junk = CLI(db: scratch.file("notes.txt"))
        try String(repeating: "not a database\n", count: 20).write(toFile: junk.db, atomically: true, encoding: .utf8)
        assertOneLineError(try junk.run(["sessions"]), containing: "is not a Sideline database")
        XCTAssertEqual(try String(contentsOfFile: junk.db, encoding: .utf8), String(repeating: "not a database\n", count: 20))
    }

    func testUnwritableDatabasePath() throws {
        try "".write(toFile: scratch.file("file"), atomically: true, encoding: .utf8)
        let bad = CLI(db: scratch.file("file") + "/db.sqlite")
        assertOneLineError(try bad.run(["teams"]), containing: "cannot open the database")
    }

    func testWrongFlagsGetUsageNotACrash() throws {
        let r = try cli.run(["record", "--source", "sim:0", "--team", "X", "--minutes", "1"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("sim:N needs a number"), r.err)
        let missing = try cli.run(["record", "--team", "X", "--minutes", "1"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.err.contains("--source"), missing.err)
    }
}

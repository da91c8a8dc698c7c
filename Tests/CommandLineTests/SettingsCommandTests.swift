import Foundation
import GRDB
import XCTest

/// `sideline settings`: an admin over SSH sees the kiosk's settings and resets its PIN.
final class SettingsCommandTests: XCTestCase {
    let scratch = Scratch()
    lazy var cli = CLI(db: scratch.file("sideline.sqlite"))
    override func tearDown() { scratch.remove() }

    func storedPin() throws -> String? {
        let queue = try DatabaseQueue(path: cli.db)
        defer { try? queue.close() }
        return try queue.read { try String.fetchOne($0, sql: "SELECT value FROM setting WHERE key = 'kiosk.pin'") }
    }

    func testShowsTheDefaultsThenSetsAPinWithoutPrintingIt() throws {
        let shown = try cli.run(["settings"])
        XCTAssertEqual(shown.status, 0, shown.err)
        XCTAssertTrue(shown.out.contains("settings PIN\tdefault (1234)"), shown.out)
        XCTAssertTrue(shown.out.contains("zone model\t%HRmax\nHRmax formula\tTanaka\n"), shown.out)

        let set = try cli.run(["settings", "--pin", "902177"])
        XCTAssertEqual(set.status, 0, set.err)
        XCTAssertEqual(try storedPin(), "902177")
        let after = try cli.run(["settings"])
        XCTAssertTrue(after.out.contains("settings PIN\tset, 6 digits"), after.out)
        XCTAssertFalse(after.out.contains("902177"), "the PIN is not echoed to the terminal")
    }

    /// What the kiosk's "Tiles & sound" page and the zone margin set (issues 14, 25) shows over SSH too.
    func testShowsTheTilesThirdLineTheSoundAndAZoneMarginOf5Bpm() throws {
        XCTAssertEqual(try cli.run(["settings"]).status, 0) // creates the database
        let queue = try DatabaseQueue(path: cli.db)
        try queue.write { db in
            for (key, value) in [("tileDetail", "kcal"), ("sound", "1"), ("soundVolume", "100"), ("beeps", "1"), ("zoneMarginBpm", "5")] {
                try db.execute(sql: "INSERT INTO setting(key, value) VALUES (?, ?)", arguments: ["kiosk." + key, value])
            }
        }
        try queue.close()
        let shown = try cli.run(["settings"])
        XCTAssertTrue(shown.out.contains("zone margin\t5 bpm past a boundary\n"), shown.out)
        XCTAssertTrue(shown.out.contains("tiles' third line\tkcal so far (effort points when sorted by effort)\n"), shown.out)
        XCTAssertTrue(shown.out.contains("sound\ton, volume 100 %\nbeeps\tlast 3 s of the countdown and laps\n"), shown.out)
    }

    func testABadPinIsOneLineAndChangesNothing() throws {
        XCTAssertEqual(try cli.run(["settings", "--pin", "4711"]).status, 0)
        for bad in ["12", "123456789", "12a4", "12 4"] {
            let r = try cli.run(["settings", "--pin", bad])
            XCTAssertEqual(r.status, 2, "\(bad): \(r.err)")
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.contains("4 to 8 digits"), r.err)
            XCTAssertEqual(try storedPin(), "4711", bad)
        }
    }
}

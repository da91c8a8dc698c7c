import Localization
import TeamCore
import XCTest

/// Rosters from a stranger's USB stick (issue 26): each refused with a plain message naming the
/// line, in time and memory bounded by the file (the command line caps the file at
/// `RosterCSV.maxFileBytes` before reading it: see Tests/e2e/cli/test_hostile_input.py).
final class RosterHostileTests: XCTestCase {
    let header = "number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap,photo\n"

    func players(_ count: Int, from first: Int = 1) -> String {
        (first..<first + count).map { "\($0),P\($0),Test,2008,F,60,60,,,\n" }.joined()
    }

    func reasons(_ text: String) -> [String] {
        guard case .failure(let rejection) = RosterCSV.parse(text) else { XCTFail("accepted"); return [] }
        return rejection.errors.map(\.description)
    }

    func testMorePlayersThanARosterHoldsIsOneLineNotAPageOfErrors() {
        XCTAssertEqual(reasons(header + players(100_000)), ["line 502: the file has 100000 players; a roster has at most 500"])
        XCTAssertEqual(try RosterCSV.parse(header + players(500)).get().count, 500)
    }

    func testALongLineIsRefusedAndItsValueNotEchoed() {
        let long = header + players(1) + "2," + String(repeating: "A", count: 200_000) + ",Long,2008,F,60,60,,,\n"
        XCTAssertEqual(reasons(long), ["line 3: is 200023 characters long; a roster line has at most 1000"])
        let nonsense = header + String(repeating: "x", count: 900) + ",Mia,Berg,2008,F,60,60,,,\n"
        let reason = reasons(nonsense).joined()
        XCTAssertTrue(reason.contains("shirt number 'xxxxxxxxxxxxxxxxxxxxxxxx…' is not a number"), reason)
        XCTAssertLessThan(reason.count, 200)
    }

    func testTwoFilesJoinedIntoOneAreNamedAtTheSeam() {
        let joined = "\u{FEFF}" + header + players(2) + "\u{FEFF}" + header + players(2, from: 3)
        XCTAssertEqual(reasons(joined), ["line 4: a byte-order mark in the middle of the file (two files joined into one?)"])
        XCTAssertEqual(reasons(header + players(2) + header + players(1, from: 3)), ["line 4: a second header line (two files joined into one?)"])
    }

    /// Imported as they are (every export writes them as text), and said.
    func testFormulasAreImportedAndSaid() throws {
        let text = header + "1,\"=HYPERLINK(\"\"x.example\"\")\",Berg,2008,F,60,60,,,\n2,@SUM(A1),Lind,2008,F,60,60,,,\n"
            + "3,Ann,+1 555,2008,F,60,60,,,\n4,Ann-Sofie,Berg-Lind,2008,F,60,60,,,\n"
        let rows = try RosterCSV.parse(text).get()
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(RosterCSV.formulaNotes(rows).map(\.description), [
            "line 2: first name '=HYPERLINK(\"x.example\")' starts with '=', which a spreadsheet would run as a formula; exports write it as text",
            "line 3: first name '@SUM(A1)' starts with '@', which a spreadsheet would run as a formula; exports write it as text",
            "line 4: last name '+1 555' starts with '+', which a spreadsheet would run as a formula; exports write it as text",
        ])
        XCTAssertEqual(CSVRecords.textCell(rows[1].player.firstName), "'@SUM(A1)")
    }

    func testInvisibleCharactersInNamesAreNamed() {
        XCTAssertEqual(reasons(header + "1,Mia\u{202E},Berg,2008,F,60,60,,,\n"), ["line 2: first name contains an invisible character (U+202E)"])
        XCTAssertEqual(reasons(header + "1,Mia,Be\u{200B}rg,2008,F,60,60,,,\n"), ["line 2: last name contains an invisible character (U+200B)"])
    }

    func testTextThatIsNotTextOrMixesEncodingsNamesItsLine() {
        let nul = Array((header + players(2)).utf8) + Array("3,Nul".utf8) + [0] + Array(",Byte,2008,F,60,60,,,\n".utf8)
        XCTAssertThrowsError(try RosterText.decode(nul)) {
            XCTAssertTrue("\($0)".hasPrefix("line 4: holds a control character (byte 0x00): this is not a text file"), "\($0)")
        }
        let mixed = Array(header.utf8) + Array("1,Jürgen,Berg,2008,M,60,60,,,\n".utf8) + [0x32, 0x2C, 0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x0A]
        XCTAssertThrowsError(try RosterText.decode(mixed)) {
            XCTAssertEqual("\($0)", "line 3: is not UTF-8 like line 2 (Windows-1252?); save the file again as CSV UTF-8")
        }
        let oneLine = Array("1,Jürgen,".utf8) + [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72]
        XCTAssertThrowsError(try RosterText.decode(oneLine)) {
            XCTAssertEqual("\($0)", "line 1: mixes UTF-8 and Windows-1252 characters; save the file again as CSV UTF-8")
        }
        // Windows-1252 alone, and UTF-8 alone, are both fine.
        XCTAssertEqual(try RosterText.decode([0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x80]), "Müller€")
        XCTAssertEqual(try RosterText.decode(Array("Müller€".utf8)), "Müller€")
        XCTAssertThrowsError(try RosterText.decode(Array("a\u{7F}b".utf8)))
    }

    /// Whatever the bytes, decoding and parsing end with rows or named lines, never a trap: every
    /// byte value in every position of a short roster line.
    func testEveryByteEverywhereInALineIsRowsOrReasons() {
        let line = Array("7,Mia,Berg,2008,F,61,55,,,\n".utf8)
        for i in line.indices {
            for value in UInt8.min...UInt8.max {
                var bytes = line
                bytes[i] = value
                guard let text = try? RosterText.decode(bytes) else { continue }
                switch RosterCSV.parse(text) {
                case .success(let rows): XCTAssertTrue(rows.allSatisfy { $0.player.validationProblems.isEmpty })
                case .failure(let rejection): XCTAssertFalse(rejection.errors.isEmpty)
                }
            }
        }
    }

    func testAReportOfManyProblemsIsCut() {
        let rejection = RosterCSV.Rejection(errors: (1...30).map { RosterCSV.LineError(line: $0, reason: Message("bad")) })
        XCTAssertEqual(rejection.report().count, 21)
        XCTAssertEqual(rejection.report().last, "… and 10 more")
    }
}

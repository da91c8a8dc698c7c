import TeamCore
import XCTest

final class RosterCSVTests: XCTestCase {
    func testParsesHeaderQuotesAndOptionalFields() throws {
        let text = "\u{FEFF}number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap\r\n"
            + "7,Mia,\"Berg, Jr.\",2008,F,\"61,5\",55,,a0:9e:1a:12:34:56\r\n"
            + "10,Noah,Costa,2007,m,72,52,198\n"
        let rows = try RosterCSV.parse(text).get()
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0].line, 2)
        XCTAssertEqual(rows[0].player.lastName, "Berg, Jr.")
        XCTAssertEqual(rows[0].player.weightKg, 61.5)
        XCTAssertNil(rows[0].player.measuredMaxHR)
        XCTAssertEqual(rows[0].strapAddress, "A0:9E:1A:12:34:56")
        XCTAssertEqual(rows[1].player.sex, .male)
        XCTAssertEqual(rows[1].player.measuredMaxHR, 198)
        XCTAssertNil(rows[1].strapAddress)
    }

    func testEveryBadLineIsReportedWithItsNumberAndReason() {
        let text = """
            number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap
            7,Mia,Berg,2008,F,61,55,,
            x,Noah,Costa,2007,M,72,52,,
            9,Lena,Weber,2007,Q,60,50,,
            7,Paul,Novak,2006,M,80,50,,
            11,Ida,Rossi,2006,F,60,50,,nope
            12,Ben,Olsen,2006,M,80
            """
        guard case .failure(let rejection) = RosterCSV.parse(text) else { return XCTFail("bad roster accepted") }
        XCTAssertEqual(rejection.errors.map(\.line), [3, 4, 5, 6, 7])
        XCTAssertTrue(rejection.errors[0].reason.english.contains("shirt number 'x'"))
        XCTAssertTrue(rejection.errors[1].reason.english.contains("sex 'Q'"))
        XCTAssertTrue(rejection.errors[2].reason.english.contains("already used on line 2"))
        XCTAssertTrue(rejection.errors[3].reason.english.contains("not a Bluetooth address"))
        XCTAssertTrue(rejection.errors[4].reason.english.contains("expected 7 to 10 fields"))
    }

    func testImplausiblePhysiologyIsRejected() {
        guard case .failure(let r) = RosterCSV.parse("5,Max,Weber,2010,M,70,20,,") else { return XCTFail() }
        XCTAssertTrue(r.errors[0].reason.english.contains("resting HR 20"))
    }

    func testCSVEscapeRoundTrips() {
        for field in ["plain", "with,comma", "with \"quote\"", "two\nlines"] {
            let parsed = CSVRecords.parse(CSVRecords.escape(field) + ",end\n")
            XCTAssertEqual(parsed.first?.fields, [field, "end"])
        }
    }

    func testSemicolonSeparatedFilesFromEuropeanSpreadsheets() throws {
        let text = "number;first;last;birth_year;sex;weight_kg;rest_hr;max_hr;strap\r\n"
            + "7;Mia;Berg;2008;F;61,5;55;;a0:9e:1a:12:34:56\r\n"
            + "10;Noah;\"Costa; Jr.\";2007;M;72;52;198;\r\n"
        let rows = try RosterCSV.parse(text).get()
        XCTAssertEqual(rows.map(\.player.lastName), ["Berg", "Costa; Jr."])
        XCTAssertEqual(rows[0].player.weightKg, 61.5)
    }

    func testEveryProblemOfALineIsNamed() {
        guard case .failure(let r) = RosterCSV.parse("x,Noah,Costa,20x7,Q,heavy,fast,,nope\n") else { return XCTFail("accepted") }
        XCTAssertEqual(r.errors.map(\.line), Array(repeating: 1, count: 6))
        let reasons = r.errors.map(\.reason.english).joined(separator: " | ")
        for part in ["shirt number 'x'", "birth year '20x7'", "sex 'Q'", "weight 'heavy'", "resting HR 'fast'", "strap 'nope'"] {
            XCTAssertTrue(reasons.contains(part), reasons)
        }
    }

    func testNamesWithLineBreaksOrTooLongAreRejected() {
        guard case .failure(let broken) = RosterCSV.parse("7,\"Mia\nBerg\",X,2008,F,61,55,,\n") else { return XCTFail("accepted") }
        XCTAssertTrue(broken.errors[0].reason.english.contains("line break"), broken.errors[0].reason.english)
        let long = String(repeating: "a", count: 300)
        guard case .failure(let tooLong) = RosterCSV.parse("7,Mia,\(long),2008,F,61,55,,\n") else { return XCTFail("accepted") }
        XCTAssertTrue(tooLong.errors[0].reason.english.contains("last name has 300 characters"), tooLong.errors[0].reason.english)
    }

    func testBinaryFilesAreNotText() {
        XCTAssertThrowsError(try RosterText.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]))
        XCTAssertThrowsError(try RosterText.decode(Array("PK\u{03}\u{04}roster".utf8)))
        XCTAssertEqual(try RosterText.decode([0x5A, 0x6F, 0xEB]), "Zoë", "Windows-1252 from an older spreadsheet")
        XCTAssertEqual(try RosterText.decode(Array("Zoë;Müller\r\n".utf8)), "Zoë;Müller\r\n")
    }
}

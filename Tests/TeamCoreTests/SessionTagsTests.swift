import XCTest
@testable import TeamCore

/// The words `record --tag`, `sessions --tag` and the kiosk share.
final class SessionTagsTests: XCTestCase {
    func testKnownWordsAndAliasesTakeTheirPlaceInOrder() throws {
        let tags = try SessionTags.parse(["Seated", "sprint", "MATCH", "before"])
        XCTAssertEqual(tags, SessionTags(moment: .beforeTraining, kind: .match, posture: .sitting, word: "sprint"))
        XCTAssertEqual(tags.tags, ["before-training", "match", "sitting", "sprint"])
        XCTAssertEqual(try SessionTags.parse(["recovery", "lying-down", "after"]).tags, ["after-training", "recovery-day", "lying"])
        XCTAssertEqual(try SessionTags.parse(["Sprint Test"]).word, "sprint-test")
        XCTAssertEqual(try SessionTags.parse([]).tags, [])
        XCTAssertEqual(try SessionTags.parse(["match", "match"]).tags, ["match"], "the same twice is once")
    }

    func testContradictionsAndBadWordsAreRefusedWithAReason() {
        func problem(_ typed: [String]) -> String? {
            do { _ = try SessionTags.parse(typed); return nil } catch { return error.description }
        }
        XCTAssertEqual(problem(["match", "training"]), "a session is one kind: match or training, not both")
        XCTAssertEqual(problem(["before", "after"]), "a session is either before-training or after-training, not both")
        XCTAssertEqual(problem(["lying", "standing"]), "one posture per session: lying or standing")
        XCTAssertTrue(problem(["derby", "cup"])?.hasPrefix("one free word per session ('derby' and 'cup')") == true)
        XCTAssertEqual(problem(["a,b"]), "tag 'a,b': only letters, digits and hyphens")
        XCTAssertEqual(problem([String(repeating: "x", count: 17)]), "tag '\(String(repeating: "x", count: 17))': longer than 16 characters")
        XCTAssertEqual(problem([" "]), "tag ' ': empty")
    }

    func testStoredTagsAreReadLeniently() {
        XCTAssertEqual(SessionTags(stored: ["rest-test", "seated", "match", "extra", "training"]),
                       SessionTags(kind: .match, posture: .sitting, word: "rest-test"))
        XCTAssertEqual(SessionTags(stored: ["no,pe", "ok"]).word, "ok", "a word that could not be typed is left out")
    }

    func testAFilterIsTheStoredForm() throws {
        XCTAssertEqual(try SessionTags.normalised("Before"), "before-training")
        XCTAssertEqual(try SessionTags.normalised("Derby"), "derby")
        XCTAssertThrowsError(try SessionTags.normalised(""))
    }
}

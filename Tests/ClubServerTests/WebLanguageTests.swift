import Analytics
import Localization
import XCTest
@testable import ClubWeb

/// The club web's language (decision 084): the Accept-Language header's best match, the words the pages look up by
/// their English (flags, HRV windows) all in the web's catalog, and numbers per the request's language.
final class WebLanguageTests: XCTestCase {
    func testTheHeadersBestMatchByQualityThenOrder() {
        XCTAssertEqual(WebLanguage.negotiate("de-CH,de;q=0.9,en;q=0.5"), .german)
        XCTAssertEqual(WebLanguage.negotiate("it-IT, nl;q=0.5, de;q=0.4"), .dutch)
        XCTAssertEqual(WebLanguage.negotiate("fr;q=0.3, es;q=0.8"), .spanish)
        XCTAssertEqual(WebLanguage.negotiate("es, fr"), .spanish, "ties: the first listed")
        XCTAssertEqual(WebLanguage.negotiate("en-US,en;q=0.9"), .english)
        XCTAssertEqual(WebLanguage.negotiate("de;q=0, en;q=0.1"), .english, "q=0 refuses a language")
        XCTAssertNil(WebLanguage.negotiate("it, pt;q=0.8, *;q=0.1"))
        XCTAssertNil(WebLanguage.negotiate(""))
        XCTAssertNil(WebLanguage.negotiate(nil))
        XCTAssertEqual(WebLanguage.negotiate("nl;q=abc, fr"), .french, "a q that does not parse counts as 0")
        XCTAssertEqual(WebLanguage.negotiate(String(repeating: "xx,", count: 10_000) + "de"), nil, "past 32 entries nothing is read")
    }

    func testTheUsersChoiceComesFirst() {
        XCTAssertEqual(WebLanguage.translator(choice: .french, acceptLanguage: "de").language, .french)
        XCTAssertEqual(WebLanguage.translator(choice: nil, acceptLanguage: "de").language, .german)
        XCTAssertEqual(WebLanguage.translator(choice: nil, acceptLanguage: nil).language, .english)
    }

    func testEveryFlagsWordsAndEveryHRVWindowAreMessagesOfTheWeb() {
        for kind in FlagKind.allCases {
            XCTAssertTrue(WebTeamReport.flagMessages.contains(kind.title), "\(kind): \(kind.title)")
            XCTAssertTrue(WebTeamReport.flagMessages.contains(kind.advice), "\(kind): \(kind.advice)")
            XCTAssertTrue(WebTeamReport.flagMessages.contains(kind.shortTitle), "\(kind): \(kind.shortTitle)")
        }
        for window in [HRVWindow.firstFiveMinutes.label, HRVWindow.wholeSession.label, Readiness.windowLabel, "recovery minute"] {
            XCTAssertTrue(SessionPageDocument.windowLabels.contains(window), window)
        }
    }

    func testNumbersFollowTheRequestsLanguage() {
        XCTAssertEqual(WebFormat.one(1.26), "1.3")
        WebLanguage.$words.withValue(Translator(language: .german, catalog: .english)) {
            XCTAssertEqual(WebFormat.one(1.26), "1,3")
            XCTAssertEqual(WebFormat.two(0.5), "0,50")
            XCTAssertEqual(WebFormat.whole(1234.4), "1234", "whole numbers are not grouped: tables stay narrow")
        }
        WebLanguage.$words.withValue(Translator(language: .french, catalog: .english)) { XCTAssertEqual(WebFormat.two(1.5), "1,50") }
    }
}

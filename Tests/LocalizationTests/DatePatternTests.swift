import Foundation
@testable import Localization
import XCTest

/// The date patterns written down (decision 104) are ICU's, in every language, and a formatter made from
/// one says what one made from the skeleton says.
final class DatePatternTests: XCTestCase {
    func testEveryPatternWrittenDownIsWhatICUMakesOfItsSkeleton() throws {
        for language in Language.allCases {
            let locale = Locale(identifier: language.localeIdentifier)
            for skeleton in DatePatterns.skeletons {
                let pattern = try XCTUnwrap(DatePatterns.pattern(skeleton, language), "\(skeleton) \(language)")
                XCTAssertEqual(pattern, DateFormatter.dateFormat(fromTemplate: skeleton, options: 0, locale: locale), "\(skeleton) \(language)")
            }
        }
        XCTAssertNil(DatePatterns.pattern("yMMMMd", .english), "any other skeleton is asked of ICU")
    }

    func testAFormatterFromThePatternSaysWhatOneFromTheSkeletonSays() {
        let dates = stride(from: 1_767_225_600.0, to: 1_798_761_600, by: 86_400 * 17 + 3_607).map(Date.init(timeIntervalSince1970:))
        for language in Language.allCases {
            let translator = Translator(language: language, catalog: .english)
            for skeleton in DatePatterns.skeletons + ["yMMMMd"] {
                let asked = DateFormatter()
                asked.locale = translator.locale
                asked.setLocalizedDateFormatFromTemplate(skeleton)
                let made = translator.dateFormatter(skeleton)
                for date in dates { XCTAssertEqual(made.string(from: date), asked.string(from: date), "\(skeleton) \(language)") }
            }
        }
    }
}

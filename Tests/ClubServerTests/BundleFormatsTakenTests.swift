import ClubProtocol
import XCTest
@testable import ClubStorage

/// The test-only stand-in for an older release (decision 082): what it takes, lists and answers, and a value it
/// cannot read refused in one line rather than served as something else.
final class BundleFormatsTakenTests: XCTestCase {
    func testTheTestVariableStandsInForAnOlderRelease() throws {
        XCTAssertEqual(try BundleFormatsTaken.fromEnvironment([:]), .current)
        XCTAssertEqual(BundleFormatsTaken.current.list, Array(SessionBundle.acceptedFormats), "every format this release knows, listed")
        let listed = try BundleFormatsTaken.fromEnvironment([BundleFormatsTaken.testVariable: "1-2"])
        XCTAssertEqual(listed.list, [1, 2])
        XCTAssertNil(listed.refusal(of: 2))
        XCTAssertEqual(listed.refusal(of: 3), BundleFormatRefusal.sentence(format: 3, taken: 1...2))
        let older = try BundleFormatsTaken.fromEnvironment([BundleFormatsTaken.testVariable: "1-2,unlisted"])
        XCTAssertNil(older.list, "a release before 082 lists nothing")
        XCTAssertEqual(older.refusal(of: 3), BundleFormatRefusal.notCanonical, "what those releases answered")
        XCTAssertEqual(try BundleFormatsTaken.fromEnvironment([BundleFormatsTaken.testVariable: "1"]).list, [1])
        for bad in ["2-3", "1-9", "one", "1-2,listed", "1-2-3", "0-2"] {
            XCTAssertThrowsError(try BundleFormatsTaken.fromEnvironment([BundleFormatsTaken.testVariable: bad]), bad)
        }
    }

    /// The current release refuses a format newer than its own as a newer kiosk's, which a kiosk keeps and does not drop.
    func testANewerFormatIsRefusedAsAServerOlderThanTheKiosk() throws {
        let refusal = try XCTUnwrap(BundleFormatsTaken.current.refusal(of: SessionBundle.currentFormat + 1))
        XCTAssertTrue(BundleFormatRefusal.saysServerIsOlder(refusal, format: SessionBundle.currentFormat + 1))
        XCTAssertNil(BundleFormatsTaken.current.refusal(of: 0), "not a newer kiosk: a fault the bundle's problems name")
    }
}

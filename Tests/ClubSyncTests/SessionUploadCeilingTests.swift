import ClubProtocol
@testable import ClubSync
import Foundation
import XCTest

/// The club's ceiling on one commit (docs/decisions/069-a-commit-has-a-memory-ceiling.md) is checked by the
/// kiosk before it sends a byte, so a session past it is refused once, with its reason, not offered for ever.
final class SessionUploadCeilingTests: XCTestCase {
    func testABundlePastTheClubsCeilingIsRefusedBeforeSending() {
        XCTAssertNil(SessionUpload.sizeProblem(Data(#"{"bpm":[120,121,122],"name":"Mia"}"#.utf8)))
        let values = InputBounds.bundleShape.values
        let tooMany = Data(("[" + String(repeating: "0,", count: values) + "0]").utf8)
        XCTAssertEqual(SessionUpload.sizeProblem(tooMany)?.contains("more than \(values) values"), true)
    }
}

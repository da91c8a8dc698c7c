import XCTest
@testable import ClubServerHTTP
@testable import ClubWeb

final class SameOriginCheckTests: XCTestCase {
    func testAnOriginIsItsHostAndPortWithoutTheSchemesDefault() {
        typealias Check = SameOriginCheck<ClubRequestContext>
        XCTAssertEqual(Check.authority(ofURL: "https://Club.Example:443"), "club.example")
        XCTAssertEqual(Check.authority(ofURL: "http://127.0.0.1:8080/login?x=1"), "127.0.0.1:8080")
        XCTAssertEqual(Check.authority(ofURL: "https://club.example:8443/"), "club.example:8443")
        XCTAssertEqual(Check.normalised("club.example:443", scheme: nil), "club.example")
        // Nothing that is not an absolute http(s) address names an origin (a sandboxed page sends "null").
        for text in ["null", "", "ftp://club.example", "//club.example", "https://evil@club.example", "https://"] {
            XCTAssertNil(Check.authority(ofURL: text), text)
        }
    }
}

import XCTest
@testable import ClubServerHTTP

final class ClientAddressTests: XCTestCase {
    func testAPeerOffThisMachineIsTheClientWhateverItForwards() {
        XCTAssertEqual(ClientAddress.of(peer: "203.0.113.7", forwardedFor: ["198.51.100.1"]), "203.0.113.7")
        XCTAssertEqual(ClientAddress.of(peer: "2001:db8::7", forwardedFor: []), "2001:db8::7")
    }

    func testBehindTheProxyTheClientIsTheAddressTheProxyAppended() {
        XCTAssertEqual(ClientAddress.of(peer: "127.0.0.1", forwardedFor: ["203.0.113.7"]), "203.0.113.7")
        // A client's own X-Forwarded-For comes first; the proxy's, last, is the one believed.
        XCTAssertEqual(ClientAddress.of(peer: "127.0.0.1", forwardedFor: ["10.0.0.1, 203.0.113.7"]), "203.0.113.7")
        XCTAssertEqual(ClientAddress.of(peer: "::1", forwardedFor: ["10.0.0.1", "2001:db8::9"]), "2001:db8::9")
        XCTAssertEqual(ClientAddress.of(peer: "::ffff:127.0.0.1", forwardedFor: ["203.0.113.7 "]), "203.0.113.7")
    }

    func testWithoutAnAddressForwardedThePeerCounts() {
        XCTAssertEqual(ClientAddress.of(peer: "127.0.0.1", forwardedFor: []), "127.0.0.1")
        XCTAssertEqual(ClientAddress.of(peer: "127.0.0.1", forwardedFor: ["unknown"]), "127.0.0.1")
        XCTAssertEqual(ClientAddress.of(peer: "127.0.0.1", forwardedFor: ["203.0.113.7, "]), "127.0.0.1")
        XCTAssertEqual(ClientAddress.of(peer: nil, forwardedFor: ["203.0.113.7"]), "-")
    }
}

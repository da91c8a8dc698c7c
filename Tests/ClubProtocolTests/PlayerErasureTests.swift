import ClubProtocol
import XCTest

final class PlayerErasureTests: XCTestCase {
    private let digest = PlayerErasure.digest(playerUUID: UUID())

    func testAnErasureFromABoardWithoutAClockIsKept() {
        XCTAssertNil(PlayerErasure(playerDigest: digest, erasedMs: 0, by: "Coach").problem)
        XCTAssertNil(PlayerErasure(playerDigest: digest, erasedMs: InputBounds.unixMs.upperBound, by: "Coach").problem)
    }

    /// Schemathesis sent 38730994268411760 (year ~1.2 million): stored as a timestamp it trapped the club server.
    func testAnErasureAfter2100IsRefusedInWords() {
        XCTAssertEqual(PlayerErasure(playerDigest: digest, erasedMs: 38_730_994_268_411_760, by: "Coach").problem, "its time is after 2100")
        XCTAssertEqual(PlayerErasure(playerDigest: digest, erasedMs: .max, by: "Coach").problem, "its time is after 2100")
        XCTAssertEqual(PlayerErasure(playerDigest: digest, erasedMs: -1, by: "Coach").problem, "its time is before 1970")
    }
}

import BLEHost
import XCTest

final class L2CAPTests: XCTestCase {
    func testWholeFrameIsHandedOutWithoutReassembly() throws {
        var r = L2CAPReassembler()
        var frames: [(UInt16, [UInt8])] = []
        // handle 0x40 start, L2CAP len 5 CID 4: notification of handle 0x0010 = [0x06, 0x48]
        try r.accept([0x40, 0x20, 0x09, 0x00, 0x05, 0x00, 0x04, 0x00, 0x1B, 0x10, 0x00, 0x06, 0x48][...]) { frames.append(($0, Array($1))) }
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(frames[0].0, 4)
        XCTAssertEqual(frames[0].1, [0x1B, 0x10, 0x00, 0x06, 0x48])
    }

    func testFragmentsAreReassembled() throws {
        let packets = L2CAP.aclPackets(handle: 0x41, channel: 4, payload: Array(0..<30), maxACLPayload: 27)
        XCTAssertEqual(packets.count, 2)
        XCTAssertEqual(Array(packets[0].prefix(5)), [0x02, 0x41, 0x20, 27, 0])
        XCTAssertEqual(Array(packets[1].prefix(5)), [0x02, 0x41, 0x10, 7, 0])
        var r = L2CAPReassembler()
        var frames: [[UInt8]] = []
        for p in packets { try r.accept(p[1...]) { _, payload in frames.append(Array(payload)) } }
        XCTAssertEqual(frames, [Array(0..<30)])
    }

    func testContinuationWithoutStartIsRejected() {
        var r = L2CAPReassembler()
        XCTAssertThrowsError(try r.accept([0x40, 0x10, 0x01, 0x00, 0xAA][...]) { _, _ in })
        XCTAssertThrowsError(try r.accept([0x40, 0x20, 0x05, 0x00, 0xAA][...]) { _, _ in }) // length lies
    }

    func testConnectionParameterUpdateWithinLimitsIsAcceptedAndAppliedOutsideRejected() {
        // Polar H7: 400–400 (500 ms), latency 0, timeout 600 (6 s).
        let request: [UInt8] = [0x12, 0x07, 0x08, 0x00, 0x90, 0x01, 0x90, 0x01, 0x00, 0x00, 0x58, 0x02]
        XCTAssertEqual(L2CAPSignalling.reply(to: request[...]), .respond(
            response: [0x13, 0x07, 0x02, 0x00, 0x00, 0x00],
            update: .init(intervalMin: 400, intervalMax: 400, latency: 0, supervisionTimeout: 600)))
        // A timeout too short for the interval breaks the spec's rule.
        let bad: [UInt8] = [0x12, 0x08, 0x08, 0x00, 0x90, 0x01, 0x90, 0x01, 0x00, 0x00, 0x64, 0x00]
        XCTAssertEqual(L2CAPSignalling.reply(to: bad[...]), .respond(response: [0x13, 0x08, 0x02, 0x00, 0x01, 0x00], update: nil))
        XCTAssertEqual(L2CAPSignalling.reply(to: [0x0A, 0x09, 0x02, 0x00, 0x02, 0x00][...]),
                       .respond(response: [0x01, 0x09, 0x02, 0x00, 0x00, 0x00], update: nil))
    }

    func testPairingIsNotSupported() {
        XCTAssertEqual(SecurityManager.reply(to: [0x01, 0x03, 0x00, 0x01, 0x10, 0x07, 0x07][...]), [0x05, 0x05])
        XCTAssertEqual(SecurityManager.reply(to: [0x0B, 0x01][...]), [0x05, 0x05])
        XCTAssertNil(SecurityManager.reply(to: [0x05, 0x05][...]))
    }
}

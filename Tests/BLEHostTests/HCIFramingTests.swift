import BLEHost
import XCTest

final class HCIFramingTests: XCTestCase {
    func testFramerSplitsAStreamIntoPacketsAcrossReadBoundaries() throws {
        // Command Complete for Reset, then an ACL packet, delivered in awkward pieces.
        let stream: [UInt8] = [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00,
                               0x02, 0x40, 0x20, 0x05, 0x00, 0x01, 0x00, 0x04, 0x00, 0x1E]
        var framer = H4Framer()
        var seen: [(H4Framer.PacketType, [UInt8])] = []
        let cuts = [0, 3, 9, 12, stream.count]
        for cut in zip(cuts, cuts.dropFirst()) {
            framer.append(stream[cut.0..<cut.1])
            try framer.drain { seen.append(($0, Array($1))) }
        }
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(seen[0].0, .event)
        XCTAssertEqual(seen[0].1, [0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])
        XCTAssertEqual(seen[1].0, .acl)
        XCTAssertEqual(seen[1].1, [0x40, 0x20, 0x05, 0x00, 0x01, 0x00, 0x04, 0x00, 0x1E])
    }

    func testUnknownIndicatorIsAnError() {
        var framer = H4Framer()
        framer.append([0x09, 0x00][...])
        XCTAssertThrowsError(try framer.drain { _, _ in })
    }

    func testCommandEncodings() {
        XCTAssertEqual(HCICommand.reset(), [0x01, 0x03, 0x0C, 0x00])
        XCTAssertEqual(HCICommand.leSetScanEnable(true), [0x01, 0x0C, 0x20, 0x02, 0x01, 0x00])
        XCTAssertEqual(HCICommand.leSetScanParameters(active: false), [0x01, 0x0B, 0x20, 0x07, 0x00, 0x30, 0x00, 0x30, 0x00, 0x00, 0x00])
        let peer = BDAddress("F0:00:00:00:00:01", type: 1)!
        XCTAssertEqual(HCICommand.leCreateConnection(to: peer), [
            0x01, 0x0D, 0x20, 0x19, 0x60, 0x00, 0x60, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x00,
            0x18, 0x00, 0x28, 0x00, 0x00, 0x00, 0xF4, 0x01, 0x00, 0x00, 0x00, 0x00])
        XCTAssertEqual(HCICommand.disconnect(handle: 0x0040), [0x01, 0x06, 0x04, 0x03, 0x40, 0x00, 0x13])
    }

    func testAddressTextRoundTrip() {
        let a = BDAddress("A0:9E:1A:12:34:56")!
        XCTAssertEqual(a.description, "A0:9E:1A:12:34:56")
        XCTAssertEqual(a.littleEndianBytes, [0x56, 0x34, 0x12, 0x1A, 0x9E, 0xA0])
        XCTAssertNil(BDAddress("A0:9E:1A:12:34"))
        XCTAssertNil(BDAddress("zz:9E:1A:12:34:56"))
    }

    func testEventDecoding() throws {
        XCTAssertEqual(try HCIEvent.decode([0x0F, 0x04, 0x0C, 0x01, 0x0D, 0x20][...]),
                       .commandStatus(status: 0x0C, credits: 1, opcode: 0x200D))
        XCTAssertEqual(try HCIEvent.decode([0x05, 0x04, 0x00, 0x40, 0x00, 0x08][...]),
                       .disconnectionComplete(status: 0, handle: 0x40, reason: 0x08))
        XCTAssertThrowsError(try HCIEvent.decode([0x05, 0x09, 0x00][...])) // length lies
        let complete: [UInt8] = [0x3E, 0x13, 0x01, 0x00, 0x40, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0xF0,
                                 0x18, 0x00, 0x00, 0x00, 0xF4, 0x01, 0x00]
        guard case .leConnectionComplete(let c) = try HCIEvent.decode(complete[...]) else { return XCTFail() }
        XCTAssertEqual(c.handle, 0x40)
        XCTAssertEqual(c.peer, BDAddress("F0:00:00:00:00:01", type: 1))
        XCTAssertEqual(c.supervisionTimeout, 500)
    }

    /// Number Of Completed Packets (Core Spec Vol 4 Part E §7.7.19) as Linux's `struct hci_comp_pkts_info`
    /// and bumble lay it out: handle, count, handle, count.
    func completions(_ event: [UInt8]) throws -> [[Int]] {
        guard case .numberOfCompletedPackets(let completed) = try HCIEvent.decode(event[...]) else { XCTFail(); return [] }
        var seen: [[Int]] = []
        completed.forEach { seen.append([Int($0), $1]) }
        return seen
    }

    func testCompletedPacketsOfTwoHandlesArePairwise() throws {
        XCTAssertEqual(try completions([0x13, 0x09, 0x02, 0x40, 0x00, 0x03, 0x00, 0x41, 0x00, 0x01, 0x00]),
                       [[0x40, 3], [0x41, 1]])
    }

    func testCompletedPacketsOfFourHandlesArePairwiseAndFlagsAreMasked() throws {
        // Handles 0x0040, 0x0041, 0x0EFF (largest valid) and 0x0042 with its top flag bits set; counts 1, 2, 0x0102, 0.
        let event: [UInt8] = [0x13, 0x11, 0x04,
                              0x40, 0x00, 0x01, 0x00,
                              0x41, 0x00, 0x02, 0x00,
                              0xFF, 0x0E, 0x02, 0x01,
                              0x42, 0x30, 0x00, 0x00]
        XCTAssertEqual(try completions(event), [[0x40, 1], [0x41, 2], [0xEFF, 0x102], [0x42, 0]])
    }

    func testCompletedPacketsWhoseCountDisagreesWithTheLengthAreRejected() {
        XCTAssertThrowsError(try HCIEvent.decode([0x13, 0x09, 0x01, 0x40, 0x00, 0x01, 0x00, 0x41, 0x00, 0x01, 0x00][...]))
        XCTAssertThrowsError(try HCIEvent.decode([0x13, 0x05, 0x02, 0x40, 0x00, 0x01, 0x00][...]))
    }

    func testEveryReportInABatchedAdvertisingEventIsWalked() throws {
        // Two legacy reports in one event (as an RTL8761B sends them).
        let event: [UInt8] = [0x3E, 0x19, 0x02, 0x02,
                              0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x03, 0x02, 0x01, 0x06, 0xC4,
                              0x03, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x00, 0xB0]
        guard case .leAdvertisingReports(let reports) = try HCIEvent.decode(event[...]) else { return XCTFail() }
        var seen: [AdvertisingReport] = []
        try reports.forEach { seen.append($0) }
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(seen[0].address.description, "F0:00:00:00:00:01")
        XCTAssertEqual(seen[0].rssi, -60)
        XCTAssertEqual(Array(seen[0].data), [0x02, 0x01, 0x06])
        XCTAssertTrue(seen[0].isConnectable)
        XCTAssertEqual(seen[1].rssi, -80)
        XCTAssertFalse(seen[1].isConnectable)
        XCTAssertTrue(seen[1].data.isEmpty)
    }

    func testRandomEventsNeverTrap() {
        var state: UInt64 = 99
        for _ in 0..<20000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(state >> 59)
            var bytes: [UInt8] = [0x3E, UInt8(count + 1), UInt8((state >> 8) & 0x0F)]
            for i in 0..<count { bytes.append(UInt8(truncatingIfNeeded: state >> UInt64(i % 56))) }
            if case .leAdvertisingReports(let r)? = try? HCIEvent.decode(bytes[...]) { try? r.forEach { _ in } }
        }
    }
}

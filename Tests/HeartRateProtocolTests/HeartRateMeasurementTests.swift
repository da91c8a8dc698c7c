import HeartRateProtocol
import XCTest

final class HeartRateMeasurementTests: XCTestCase {
    func testUInt8RateWithoutContactSupport() throws {
        let m = try HeartRateMeasurement.decode([0x00, 72])
        XCTAssertEqual(m.heartRate, 72)
        XCTAssertFalse(m.isUInt16)
        XCTAssertEqual(m.contact, .notSupported)
        XCTAssertNil(m.energyExpendedKJ)
        XCTAssertEqual(m.rrCount, 0)
    }

    func testUInt16RateIsLittleEndian() throws {
        let m = try HeartRateMeasurement.decode([0x01, 0x2C, 0x01]) // 300 bpm
        XCTAssertEqual(m.heartRate, 300)
        XCTAssertTrue(m.isUInt16)
    }

    func testContactStates() throws {
        XCTAssertEqual(try HeartRateMeasurement.decode([0x02, 60]).contact, .notSupported) // bit 1 alone: reserved → not supported
        XCTAssertEqual(try HeartRateMeasurement.decode([0x04, 60]).contact, .notDetected)
        XCTAssertEqual(try HeartRateMeasurement.decode([0x06, 60]).contact, .detected)
    }

    func testEnergyThenRRIntervals() throws {
        // flags: uint8 HR, contact detected, energy, RR; HR 90, 1000 kJ, RR 512 and 1024 (0.5 s, 1 s)
        let m = try HeartRateMeasurement.decode([0x1E, 90, 0xE8, 0x03, 0x00, 0x02, 0x00, 0x04])
        XCTAssertEqual(m.heartRate, 90)
        XCTAssertEqual(m.energyExpendedKJ, 1000)
        XCTAssertEqual(m.rrIntervals1024, [512, 1024])
        XCTAssertEqual(m.contact, .detected)
    }

    func testNineRRIntervalsAndRRFlagWithNone() throws {
        var bytes: [UInt8] = [0x10, 80]
        for i in 0..<9 { bytes += [UInt8(i), 0x03] }
        let m = try HeartRateMeasurement.decode(bytes)
        XCTAssertEqual(m.rrCount, 9)
        XCTAssertEqual(m.rrIntervals1024.first, 0x0300)
        let empty = try HeartRateMeasurement.decode([0x10, 80])
        XCTAssertTrue(empty.hasRRField)
        XCTAssertEqual(empty.rrCount, 0)
    }

    func testMoreThanNineRRAreCountedNotKept() throws {
        var bytes: [UInt8] = [0x10, 80]
        for _ in 0..<11 { bytes += [0x00, 0x04] }
        let m = try HeartRateMeasurement.decode(bytes)
        XCTAssertEqual(m.rrCount, 9)
        XCTAssertEqual(m.rrDropped, 2)
    }

    func testMalformedInputIsATypedError() {
        XCTAssertThrowsError(try HeartRateMeasurement.decode([])) { XCTAssertEqual($0 as? ProtocolError, .truncated(what: "heart rate measurement", needed: 1, got: 0)) }
        XCTAssertThrowsError(try HeartRateMeasurement.decode([0x01, 0x50])) // uint16 flag, one byte
        XCTAssertThrowsError(try HeartRateMeasurement.decode([0x08, 0x50, 0x01])) // energy cut short
        XCTAssertThrowsError(try HeartRateMeasurement.decode([0x10, 0x50, 0x01])) { error in
            XCTAssertEqual(error as? ProtocolError, .trailingBytes(what: "heart rate measurement RR intervals", count: 1))
        }
        XCTAssertThrowsError(try HeartRateMeasurement.decode([0x00, 0x50, 0x00])) // bytes the flags do not explain
    }

    func testEncodeDecodeRoundTripProperty() throws {
        var random = TestRandom(seed: 42)
        for _ in 0..<5000 {
            let rr = (0..<Int.random(in: 0...9, using: &random)).map { _ in UInt16.random(in: 0...UInt16.max, using: &random) }
            let uint16 = Bool.random(using: &random)
            let original = HeartRateMeasurement(
                heartRate: uint16 ? UInt16.random(in: 0...UInt16.max, using: &random) : UInt16.random(in: 0...255, using: &random),
                isUInt16: uint16,
                contact: [.notSupported, .notDetected, .detected].randomElement(using: &random)!,
                energyExpendedKJ: Bool.random(using: &random) ? UInt16.random(in: 0...UInt16.max, using: &random) : nil,
                rrIntervals1024: rr, hasRRField: !rr.isEmpty || Bool.random(using: &random))
            XCTAssertEqual(try HeartRateMeasurement.decode(original.encode()), original)
        }
    }

    func testRandomBytesNeverTrapAndValidOnesReEncodeToThemselves() {
        var random = TestRandom(seed: 7)
        for _ in 0..<20000 {
            let bytes = random.bytes(maxCount: 24)
            // Reserved flag bits (5-7) and the reserved contact value 1 do not survive re-encoding.
            if let m = try? HeartRateMeasurement.decode(bytes), bytes[0] & 0xE0 == 0, (bytes[0] >> 1) & 3 != 1, m.rrDropped == 0 {
                XCTAssertEqual(m.encode(), bytes)
            }
        }
    }
}

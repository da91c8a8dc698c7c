import HeartRateProtocol
import XCTest

final class SmallCharacteristicTests: XCTestCase {
    func testBatteryLevel() throws {
        XCTAssertEqual(try BatteryLevel.decode([0x64]), 100)
        XCTAssertEqual(try BatteryLevel.decode([0x00]), 0)
        XCTAssertThrowsError(try BatteryLevel.decode([101])) { XCTAssertEqual($0 as? ProtocolError, .reservedValue(what: "battery level", value: 101)) }
        XCTAssertThrowsError(try BatteryLevel.decode([]))
        XCTAssertThrowsError(try BatteryLevel.decode([50, 0]))
        for p in UInt8(0)...100 { XCTAssertEqual(try BatteryLevel.decode(BatteryLevel.encode(p)), p) }
    }

    func testAllSevenBodySensorLocations() throws {
        XCTAssertEqual(BodySensorLocation.allCases.count, 7)
        let expected: [BodySensorLocation] = [.other, .chest, .wrist, .finger, .hand, .earLobe, .foot]
        for (raw, location) in expected.enumerated() {
            XCTAssertEqual(try BodySensorLocation.decode([UInt8(raw)]), location)
            XCTAssertEqual(location.encode(), [UInt8(raw)])
        }
        XCTAssertThrowsError(try BodySensorLocation.decode([7]))
        XCTAssertThrowsError(try BodySensorLocation.decode([]))
    }

    func testManufacturerNameTrimsPaddingAndSurvivesBadUTF8() {
        XCTAssertEqual(ManufacturerName.decode(Array("Polar Electro Oy".utf8) + [0, 0]), "Polar Electro Oy")
        XCTAssertEqual(ManufacturerName.decode(ManufacturerName.encode("Wahoo")), "Wahoo")
        XCTAssertEqual(ManufacturerName.decode([0xFF, 0x41]), "\u{FFFD}A")
        XCTAssertEqual(ManufacturerName.decode([]), "")
    }

    func testManufacturerDisplayNameTrimsPaddingAndIsNilWhenBlank() {
        XCTAssertEqual(ManufacturerName.displayName(Array("Polar Electro Oy".utf8)), "Polar Electro Oy")
        // NULs and spaces pad fixed-length fields, at either end, mixed.
        XCTAssertEqual(ManufacturerName.displayName(Array("Polar Electro Oy".utf8) + [0x20, 0x00, 0x00]), "Polar Electro Oy")
        XCTAssertEqual(ManufacturerName.displayName([0x20, 0x09] + Array("Wahoo".utf8) + [0x0A, 0x00, 0x20]), "Wahoo")
        // Inner spaces and NULs are the name's own.
        XCTAssertEqual(ManufacturerName.displayName(Array("A\u{0}B C".utf8)), "A\u{0}B C")
        // Multi-byte UTF-8: "Ö" is C3 96.
        XCTAssertEqual(ManufacturerName.displayName([0xC3, 0x96, 0x4B]), "ÖK")
        // Invalid UTF-8 is repaired, not rejected; a lone invalid byte is still a name (U+FFFD).
        XCTAssertEqual(ManufacturerName.displayName([0xFF, 0x41, 0x00]), "\u{FFFD}A")
        XCTAssertEqual(ManufacturerName.displayName([0xC3]), "\u{FFFD}")
        XCTAssertNil(ManufacturerName.displayName([]))
        XCTAssertNil(ManufacturerName.displayName([0x00, 0x00]))
        XCTAssertNil(ManufacturerName.displayName([0x20, 0x09, 0x0D, 0x0A, 0x00]))
    }
}

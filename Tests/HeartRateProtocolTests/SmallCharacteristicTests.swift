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
}

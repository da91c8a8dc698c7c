import BLEHost
import HeartRateProtocol
import XCTest

/// The one rule both Bluetooth hosts follow when a strap describes itself: a characteristic's UUID
/// and the bytes it read → what changes in the description (spec values: Body Sensor Location
/// 0x2A38 is one byte, 0–6 defined, 7–255 reserved; Manufacturer Name 0x2A29 is UTF-8).
final class SensorDescriptionTests: XCTestCase {
    func testEveryDefinedBodySensorLocation() throws {
        let expected: [BodySensorLocation] = [.other, .chest, .wrist, .finger, .hand, .earLobe, .foot]
        for raw in UInt8(0)...6 {
            var d = SensorDescription()
            XCTAssertTrue(try d.take([raw], of: GATTNumbers.bodySensorLocation))
            XCTAssertEqual(d, SensorDescription(bodySensorLocation: expected[Int(raw)]))
        }
    }

    func testAMalformedLocationThrowsAndChangesNothing() {
        let malformed: [(bytes: ArraySlice<UInt8>, error: ProtocolError)] = [
            ([7], .reservedValue(what: "body sensor location", value: 7)),
            ([0xFF], .reservedValue(what: "body sensor location", value: 255)),
            ([], .truncated(what: "body sensor location", needed: 1, got: 0)),
            ([1, 0], .trailingBytes(what: "body sensor location", count: 1)),
        ]
        for (bytes, error) in malformed {
            var d = SensorDescription(bodySensorLocation: .wrist, manufacturerName: "Polar Electro Oy")
            XCTAssertThrowsError(try d.take(bytes, of: GATTNumbers.bodySensorLocation)) { XCTAssertEqual($0 as? ProtocolError, error, "\(bytes)") }
            XCTAssertEqual(d, SensorDescription(bodySensorLocation: .wrist, manufacturerName: "Polar Electro Oy"), "\(bytes)")
        }
    }

    func testManufacturerNameIsTrimmedAndABlankOneSaysNothing() throws {
        let named: [(bytes: ArraySlice<UInt8>, name: String)] = [
            (ArraySlice("Polar Electro Oy".utf8), "Polar Electro Oy"),
            (ArraySlice("Polar Electro Oy".utf8) + [0x00, 0x00], "Polar Electro Oy"),
            (ArraySlice("Garmin ".utf8) + [0x00, 0x20], "Garmin"),
            ([0x53, 0x75, 0x75, 0x6E, 0x74, 0x6F, 0x20, 0xC3, 0x96], "Suunto Ö"),
            ([0xFF, 0x41], "\u{FFFD}A"), // invalid UTF-8 repaired, not rejected: a name is for display only
        ]
        for (bytes, name) in named {
            var d = SensorDescription(bodySensorLocation: .chest)
            XCTAssertTrue(try d.take(bytes, of: GATTNumbers.manufacturerName))
            XCTAssertEqual(d, SensorDescription(bodySensorLocation: .chest, manufacturerName: name))
        }
        for blank: ArraySlice<UInt8> in [[], [0x00], [0x20, 0x00, 0x09, 0x0A]] {
            var d = SensorDescription(manufacturerName: "Wahoo")
            XCTAssertFalse(try d.take(blank, of: GATTNumbers.manufacturerName), "\(blank)")
            XCTAssertEqual(d, SensorDescription(manufacturerName: "Wahoo"), "a blank name does not erase a name heard before")
        }
    }

    func testAnotherCharacteristicSaysNothing() throws {
        var d = SensorDescription()
        for other in [GATTNumbers.heartRateMeasurement, GATTNumbers.batteryLevel, GATTNumbers.deviceName] {
            XCTAssertFalse(try d.take([1], of: other))
        }
        XCTAssertTrue(d.isEmpty)
    }

    func testEachDescribingCharacteristicBelongsToItsService() {
        XCTAssertEqual(SensorDescription.characteristics.map { [$0.service, $0.characteristic] },
                       [[0x180D, 0x2A38], [0x180A, 0x2A29]])
    }
}

import BlueZTransport
import SensorHub
import XCTest

/// Which of a strap's characteristics, as bluetoothd exported them, say what it is and may be read.
final class DescribingCharacteristicsTests: XCTestCase {
    let device = "/org/bluez/hci0/dev_F0_00_00_00_00_01"
    var tree = BlueZObjectTree()

    func add(_ path: String, _ interface: String, _ properties: [(String, DBusValue)]) {
        _ = tree.apply(signal: BlueZ.objectManager, member: "InterfacesAdded", path: "/", arguments: [
            .objectPath(path), .dictionary(key: "s", value: "a{sv}", [DBusDictEntry(key: .string(interface), value: .properties(properties))]),
        ])
    }

    func service(_ n: String, _ uuid: UInt16, device: String? = nil) -> String {
        let path = (device ?? self.device) + "/service" + n
        add(path, BlueZ.gattService, [("UUID", .string(BlueZ.uuid(uuid))), ("Primary", .bool(true))])
        return path
    }

    func characteristic(_ service: String, _ n: String, _ uuid: UInt16, _ flags: [String]) -> String {
        add(service + "/char" + n, BlueZ.gattCharacteristic, [("UUID", .string(BlueZ.uuid(uuid))), ("Flags", .strings(flags))])
        return service + "/char" + n
    }

    func readable() -> [String] {
        DescribingCharacteristics.readable(tree: tree, device: device).map { String(format: "%04X ", $0.characteristic) + $0.path }
    }

    func testBothWhereTheStrapHasThem() {
        let heartRate = service("000c", 0x180D)
        _ = characteristic(heartRate, "000d", 0x2A37, ["notify"])
        let location = characteristic(heartRate, "000f", 0x2A38, ["read"])
        let name = characteristic(service("0014", 0x180A), "0015", 0x2A29, ["read"])
        XCTAssertEqual(readable(), ["2A38 " + location, "2A29 " + name])
    }

    func testNoneWithoutThem() {
        _ = characteristic(service("000c", 0x180D), "000d", 0x2A37, ["notify"])
        _ = characteristic(service("0010", 0x180F), "0011", 0x2A19, ["read", "notify"])
        XCTAssertEqual(readable(), [])
    }

    func testOnlyWhatMayBeRead() {
        _ = characteristic(service("000c", 0x180D), "000f", 0x2A38, ["write"])
        let name = characteristic(service("0014", 0x180A), "0015", 0x2A29, ["read", "write"])
        XCTAssertEqual(readable(), ["2A29 " + name])
    }

    func testOnlyInTheServiceTheyBelongTo() {
        // A vendor's service that reuses the UUIDs is not where the strap describes itself;
        // neither is another device.
        let vendor = service("0020", 0x1234)
        _ = characteristic(vendor, "0021", 0x2A38, ["read"])
        _ = characteristic(vendor, "0022", 0x2A29, ["read"])
        let other = "/org/bluez/hci0/dev_F0_00_00_00_00_02"
        _ = characteristic(service("000c", 0x180D, device: other), "000f", 0x2A38, ["read"])
        XCTAssertEqual(readable(), [])
        let location = characteristic(service("000c", 0x180D), "000f", 0x2A38, ["read"])
        XCTAssertEqual(readable(), ["2A38 " + location])
    }
}

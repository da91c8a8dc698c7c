import BlueZTransport
import SensorHub
import XCTest

/// A connected strap's services as bluetoothd exports them: nothing is judged before
/// `ServicesResolved`, and after it the verdict names what is really there.
final class StrapServicesTests: XCTestCase {
    let device = "/org/bluez/hci0/dev_F0_00_00_00_00_01"
    var tree = BlueZObjectTree()

    func add(_ path: String, _ interface: String, _ properties: [(String, DBusValue)]) {
        _ = tree.apply(signal: BlueZ.objectManager, member: "InterfacesAdded", path: "/", arguments: [
            .objectPath(path), .dictionary(key: "s", value: "a{sv}", [DBusDictEntry(key: .string(interface), value: .properties(properties))]),
        ])
    }

    func resolved(_ done: Bool) {
        _ = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: device, arguments: [
            .string(BlueZ.device), .properties([("ServicesResolved", .bool(done))]), .strings([]),
        ])
    }

    func service(_ n: String, _ uuid: UInt16) -> String {
        add(device + "/service" + n, BlueZ.gattService, [("UUID", .string(BlueZ.uuid(uuid))), ("Primary", .bool(true))])
        return device + "/service" + n
    }

    func characteristic(_ service: String, _ n: String, _ uuid: UInt16) -> String {
        add(service + "/char" + n, BlueZ.gattCharacteristic, [("UUID", .string(BlueZ.uuid(uuid)))])
        return service + "/char" + n
    }

    override func setUp() {
        add(device, BlueZ.device, [("Address", .string("F0:00:00:00:00:01")), ("Connected", .bool(true)), ("ServicesResolved", .bool(false))])
    }

    func testNothingIsJudgedWhileBluetoothdResolves() {
        // bluetoothd exports what it found so far: the battery service before the heart-rate one.
        let battery = service("0010", 0x180F)
        _ = characteristic(battery, "0011", 0x2A19)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .resolving)
        let heartRate = service("000c", 0x180D)
        let measurement = characteristic(heartRate, "000d", 0x2A37)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .resolving)
        resolved(true)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .heartRate(measurement: measurement, battery: battery + "/char0011"))
    }

    func testResolvedWithoutHeartRateSaysWhatItOffers() {
        _ = characteristic(service("0010", 0x180F), "0011", 0x2A19)
        add(device + "/service0020", BlueZ.gattService, [("UUID", .string("6e400001-b5a3-f393-e0a9-e50e24dcca9e"))])
        resolved(true)
        XCTAssertEqual(StrapServices(tree: tree, device: device),
                       .noHeartRateService(offered: ["0x180F", "6e400001-b5a3-f393-e0a9-e50e24dcca9e"]))
    }

    func testResolvedBeforeItsServicesArriveIsNotYetAnAnswer() {
        // bluetoothd's ServicesResolved signal overtook the InterfacesAdded of the services (VM tests).
        resolved(true)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .resolving)
        let measurement = characteristic(service("000c", 0x180D), "000d", 0x2A37)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .heartRate(measurement: measurement, battery: nil))
    }

    func lists(_ uuids: [UInt16]) {
        _ = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: device, arguments: [
            .string(BlueZ.device), .properties([("UUIDs", .strings(uuids.map(BlueZ.uuid)))]), .strings([]),
        ])
    }

    func testAListedServiceNotExportedYetIsWaitedFor() {
        // Seen in the VM: resolved, Heart Rate exported, the battery service still on its way.
        lists([0x180D, 0x180F])
        let measurement = characteristic(service("000c", 0x180D), "000d", 0x2A37)
        resolved(true)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .resolving)
        let level = characteristic(service("0010", 0x180F), "0011", 0x2A19)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .heartRate(measurement: measurement, battery: level))
    }

    func testHeartRateListedButNotExportedYetIsNotJudged() {
        lists([0x180D, 0x180F])
        let level = characteristic(service("0010", 0x180F), "0011", 0x2A19)
        resolved(true)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .resolving)
        let measurement = characteristic(service("000c", 0x180D), "000d", 0x2A37)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .heartRate(measurement: measurement, battery: level))
    }

    func testHeartRateServiceWithoutMeasurement() {
        _ = characteristic(service("000c", 0x180D), "000e", 0x2A38)
        resolved(true)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .noMeasurement)
    }

    func testAStrapWithoutBatteryService() {
        let measurement = characteristic(service("000c", 0x180D), "000d", 0x2A37)
        resolved(true)
        XCTAssertEqual(StrapServices(tree: tree, device: device), .heartRate(measurement: measurement, battery: nil))
        resolved(false) // disconnected: bluetoothd clears it
        XCTAssertEqual(StrapServices(tree: tree, device: device), .resolving)
    }
}

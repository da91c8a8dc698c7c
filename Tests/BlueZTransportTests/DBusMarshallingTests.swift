import XCTest
@testable import BlueZTransport

/// Values go into a real libdbus message through the iterator API and come back equal.
final class DBusMarshallingTests: XCTestCase {
    private func roundTrip(_ values: [DBusValue], file: StaticString = #filePath, line: UInt = #line) {
        guard let message = BusMessage.methodCall(destination: "org.bluez", path: "/org/bluez/hci0", interface: "org.bluez.Adapter1",
                                                  member: "Test", arguments: values) else {
            return XCTFail("could not marshal \(values)", file: file, line: line)
        }
        XCTAssertEqual(message.arguments, values, file: file, line: line)
        XCTAssertEqual(message.kind, .methodCall)
        XCTAssertEqual(message.member, "Test")
    }

    func testBasicTypes() {
        roundTrip([.byte(0xFF), .bool(true), .bool(false), .int16(-79), .uint16(0x006B), .int32(-1), .uint32(4_000_000_000),
                   .int64(.min), .uint64(.max), .double(-0.5), .string("Polar H10 1A2B3C4D"), .string(""),
                   .objectPath("/org/bluez/hci0/dev_A0_9E_1A_12_34_56"), .signature("a{sv}")])
    }

    func testDiscoveryFilterAsBlueZTakesIt() {
        let filter = DBusValue.properties([("UUIDs", .strings([BlueZ.uuid(0x180D)])), ("Transport", .string("le")),
                                           ("DuplicateData", .bool(true))])
        XCTAssertEqual(filter.signature, "a{sv}")
        roundTrip([filter])
    }

    func testManufacturerDataAndEmptyContainers() {
        let manufacturer = DBusValue.dictionary(key: "q", value: "v", [DBusDictEntry(key: .uint16(0x006B), value: .variant(.bytes([0x27, 0, 72, 71])))])
        roundTrip([manufacturer, .bytes([]), .strings([]), .properties([]), .array(element: "a{sv}", [])])
        XCTAssertEqual(manufacturer.dictionaryEntries?.first?.value.bytesValue, [0x27, 0, 72, 71])
    }

    func testNestedVariantsAndStructs() {
        roundTrip([.variant(.variant(.int16(-60))), .structure([.string("a"), .uint32(7), .array(element: "(sy)", [.structure([.string("b"), .byte(1)])])])])
        XCTAssertEqual(DBusValue.variant(.variant(.int16(-60))).intValue, -60)
    }

    func testGetManagedObjectsShape() {
        let tree = DBusValue.dictionary(key: "o", value: "a{sa{sv}}", [
            DBusDictEntry(key: .objectPath("/org/bluez/hci0"), value: .dictionary(key: "s", value: "a{sv}", [
                DBusDictEntry(key: .string(BlueZ.adapter), value: .properties([("Powered", .bool(true)), ("Address", .string("00:01:02:03:04:05"))])),
            ])),
        ])
        roundTrip([tree])
        var objects = BlueZObjectTree()
        XCTAssertTrue(objects.load(managedObjects: [tree]))
        XCTAssertEqual(objects.adapters, ["hci0"])
        XCTAssertEqual(objects.properties("/org/bluez/hci0", BlueZ.adapter)?["Powered"]?.boolValue, true)
    }

    func testInvalidInputIsRefusedNotFatal() {
        // libdbus aborts the process on these; they must be refused before reaching it.
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "/org/bluez/hci0/dev_A0:9E", interface: "org.bluez.Device1", member: "Connect"))
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "relative", interface: "org.bluez.Device1", member: "Connect"))
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "/", interface: "nodots", member: "Connect"))
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "/", interface: "org.bluez.Device1", member: "9bad"))
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "/", interface: "a.b", member: "M", arguments: [.objectPath("//")]))
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "/", interface: "a.b", member: "M", arguments: [.array(element: "s", [.byte(1)])]))
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "/", interface: "a.b", member: "M",
                                           arguments: [.dictionary(key: "v", value: "s", [])]))
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "/", interface: "a.b", member: "M", arguments: [.string("nul\u{0}inside")]))
        XCTAssertNil(BusMessage.methodCall(destination: "org.bluez", path: "/", interface: "a.b", member: "M", arguments: [.signature("a{")]))
    }

    func testNoBusIsAnError() {
        XCTAssertThrowsError(try BusConnection(address: "unix:path=/nonexistent/sideline-test-bus")) { error in
            XCTAssertFalse("\(error)".isEmpty)
        }
        XCTAssertThrowsError(try BlueZClient(adapter: "hci0", address: "unix:path=/nonexistent/sideline-test-bus")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot reach the D-Bus system bus"), "\(error)")
        }
        XCTAssertThrowsError(try BlueZClient(adapter: "hci0/../x", address: nil))
    }
}

final class BlueZObjectTreeTests: XCTestCase {
    let device = "/org/bluez/hci0/dev_F0_00_00_00_0D_01"

    func testSignalsKeepTheTreeCurrent() {
        var tree = BlueZObjectTree()
        let added = tree.apply(signal: BlueZ.objectManager, member: "InterfacesAdded", path: "/", arguments: [
            .objectPath(device),
            .dictionary(key: "s", value: "a{sv}", [DBusDictEntry(key: .string(BlueZ.device),
                                                                 value: .properties([("Address", .string("F0:00:00:00:0D:01")), ("RSSI", .int16(-70))]))]),
        ])
        XCTAssertEqual(added, .added(path: device, interfaces: [BlueZ.device]))
        let char = device + "/service000c/char000d"
        _ = tree.apply(signal: BlueZ.objectManager, member: "InterfacesAdded", path: "/", arguments: [
            .objectPath(char),
            .dictionary(key: "s", value: "a{sv}", [DBusDictEntry(key: .string(BlueZ.gattCharacteristic),
                                                                 value: .properties([("UUID", .string("00002A37-0000-1000-8000-00805F9B34FB"))]))]),
        ])
        XCTAssertEqual(tree.characteristic(0x2A37, underDevice: device), char)
        XCTAssertNil(tree.characteristic(0x2A19, underDevice: device))
        XCTAssertNil(tree.characteristic(0x2A37, underDevice: "/org/bluez/hci0/dev_F0_00_00_00_0D_0"))

        let changed = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: char, arguments: [
            .string(BlueZ.gattCharacteristic), .properties([("Value", .bytes([0x06, 72]))]), .strings([]),
        ])
        XCTAssertEqual(changed, .changed(path: char, interface: BlueZ.gattCharacteristic, properties: ["Value"]))
        XCTAssertEqual(tree.properties(char, BlueZ.gattCharacteristic)?["Value"]?.bytesValue, [0x06, 72])

        _ = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: device, arguments: [
            .string(BlueZ.device), .properties([]), .strings(["RSSI"]),
        ])
        XCTAssertNil(tree.properties(device, BlueZ.device)?["RSSI"])
        XCTAssertEqual(tree.properties(device, BlueZ.device)?["Address"]?.stringValue, "F0:00:00:00:0D:01")

        let removed = tree.apply(signal: BlueZ.objectManager, member: "InterfacesRemoved", path: "/", arguments: [
            .objectPath(char), .strings([BlueZ.gattCharacteristic]),
        ])
        XCTAssertEqual(removed, .removed(path: char, interfaces: [BlueZ.gattCharacteristic]))
        XCTAssertNil(tree.objects[char])
    }

    func testMalformedSignalsAreIgnored() {
        var tree = BlueZObjectTree()
        XCTAssertNil(tree.apply(signal: BlueZ.objectManager, member: "InterfacesAdded", path: "/", arguments: []))
        XCTAssertNil(tree.apply(signal: BlueZ.objectManager, member: "InterfacesAdded", path: "/", arguments: [.int32(1), .string("x")]))
        XCTAssertNil(tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: device, arguments: [.string(BlueZ.device)]))
        XCTAssertNil(tree.apply(signal: "org.example.Other", member: "Whatever", path: "/", arguments: []))
        XCTAssertFalse(tree.load(managedObjects: [.string("nope")]))
    }

    func testNames() {
        XCTAssertEqual(BlueZ.uuid(0x180D), "0000180d-0000-1000-8000-00805f9b34fb")
        XCTAssertEqual(BlueZ.shortUUID("00002A37-0000-1000-8000-00805F9B34FB"), 0x2A37)
        XCTAssertNil(BlueZ.shortUUID("6e400001-b5a3-f393-e0a9-e50e24dcca9e"))
        XCTAssertEqual(BlueZ.devicePath(adapter: "hci0", address: "a0:9e:1a:12:34:56"), "/org/bluez/hci0/dev_A0_9E_1A_12_34_56")
        XCTAssertTrue(BlueZ.isAdapterName("hci12"))
        XCTAssertFalse(BlueZ.isAdapterName("hci"))
        XCTAssertFalse(BlueZ.isAdapterName("hci0/x"))
    }
}

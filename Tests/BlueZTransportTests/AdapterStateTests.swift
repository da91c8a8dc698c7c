import BlueZTransport
import XCTest

/// bluetoothd's adapter followed through the signals it sends when hci0 is pulled and
/// plugged back (InterfacesRemoved/Added) or powered off and on (PropertiesChanged).
final class AdapterStateTests: XCTestCase {
    let adapter = "/org/bluez/hci0"

    func added(_ powered: Bool) -> [DBusValue] {
        [.objectPath(adapter),
         .dictionary(key: "s", value: "a{sv}", [DBusDictEntry(key: .string(BlueZ.adapter),
                                                              value: .properties([("Address", .string("C0:00:00:00:00:01")), ("Powered", .bool(powered))]))])]
    }

    func powered(_ on: Bool) -> [DBusValue] { [.string(BlueZ.adapter), .properties([("Powered", .bool(on))]), .strings([])] }

    func testPulledPluggedAndPowerCycled() {
        var tree = BlueZObjectTree()
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .missing)

        // Plugged in: bluetoothd registers it unpowered, then powers it (AutoEnable).
        let plugged = tree.apply(signal: BlueZ.objectManager, member: "InterfacesAdded", path: "/", arguments: added(false))!
        XCTAssertTrue(AdapterState.concerns(plugged, adapterPath: adapter))
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .off)
        let on = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: adapter, arguments: powered(true))!
        XCTAssertTrue(AdapterState.concerns(on, adapterPath: adapter))
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .ready)

        // `bluetoothctl power off` and on again.
        _ = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: adapter, arguments: powered(false))
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .off)
        _ = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: adapter, arguments: powered(true))
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .ready)

        // A power-off asked for: PowerState says so while Powered is still true.
        let disabling = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: adapter, arguments: [
            .string(BlueZ.adapter), .properties([("PowerState", .string("on-disabling"))]), .strings([]),
        ])!
        XCTAssertTrue(AdapterState.concerns(disabling, adapterPath: adapter))
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .off)
        _ = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: adapter, arguments: [
            .string(BlueZ.adapter), .properties([("PowerState", .string("on"))]), .strings([]),
        ])
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .ready)

        // Pulled: the adapter's interfaces are removed.
        let pulled = tree.apply(signal: BlueZ.objectManager, member: "InterfacesRemoved", path: "/", arguments: [
            .objectPath(adapter), .strings([BlueZ.adapter, "org.bluez.GattManager1"]),
        ])!
        XCTAssertTrue(AdapterState.concerns(pulled, adapterPath: adapter))
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .missing)
    }

    func testOtherObjectsAndPropertiesDoNotConcernIt() {
        var tree = BlueZObjectTree()
        _ = tree.apply(signal: BlueZ.objectManager, member: "InterfacesAdded", path: "/", arguments: added(true))
        let discovering = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: adapter, arguments: [
            .string(BlueZ.adapter), .properties([("Discovering", .bool(true))]), .strings([]),
        ])!
        XCTAssertFalse(AdapterState.concerns(discovering, adapterPath: adapter))
        let otherAdapter = tree.apply(signal: BlueZ.properties, member: "PropertiesChanged", path: "/org/bluez/hci1", arguments: powered(false))!
        XCTAssertFalse(AdapterState.concerns(otherAdapter, adapterPath: adapter))
        let device = tree.apply(signal: BlueZ.objectManager, member: "InterfacesRemoved", path: "/", arguments: [
            .objectPath(adapter + "/dev_F0_00_00_00_00_01"), .strings([BlueZ.device]),
        ])!
        XCTAssertFalse(AdapterState.concerns(device, adapterPath: adapter))
        XCTAssertEqual(AdapterState(tree: tree, adapterPath: adapter), .ready)
    }
}

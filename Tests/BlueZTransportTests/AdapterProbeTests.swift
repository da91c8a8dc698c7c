import BlueZTransport
import Foundation
import XCTest

final class AdapterProbeTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("probe-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sys"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("proc"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(at: root) }

    func make(_ path: String, comm: String? = nil) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if let comm { try (comm + "\n").write(to: url.appendingPathComponent("comm"), atomically: true, encoding: .utf8) }
    }

    var probe: AdapterProbe {
        AdapterProbe(sysClassBluetooth: root.appendingPathComponent("sys").path, proc: root.appendingPathComponent("proc").path)
    }

    func testNoAdapterMeansSimulatedStraps() throws {
        XCTAssertEqual(probe, AdapterProbe(adapters: [], bluetoothdRunning: false))
        XCTAssertNil(probe.preferredSource)
        XCTAssertNil(AdapterProbe(sysClassBluetooth: root.appendingPathComponent("missing").path).preferredSource,
                     "a kernel without Bluetooth has no /sys/class/bluetooth at all")
    }

    func testAnAdapterWithoutBluetoothdIsTakenOnTheUserChannel() throws {
        for path in ["sys/hci10", "sys/hci1", "sys/hci1:64", "proc/1", "proc/self"] { try make(path) }
        try make("proc/77", comm: "dbus-daemon")
        XCTAssertEqual(probe.adapters, ["hci1", "hci10"], "connection entries like hci1:64 are not adapters")
        XCTAssertEqual(probe.preferredSource, "hci-user:hci1")
    }

    func testBluetoothdKeepsItsAdapter() throws {
        try make("sys/hci0")
        try make("proc/412", comm: "bluetoothd")
        XCTAssertEqual(probe.preferredSource, "bluez:hci0")
    }
}

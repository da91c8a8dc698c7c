import BLEHost
import BlueZTransport
import SensorCore
@testable import SensorHub
import TeamCore
import XCTest

/// The two Bluetooth sources, before either starts: both are set up from the one `BluetoothSetup`
/// the command line gave, and both put the same facade before their worker — what the caller asks
/// lands on the boards the worker reads, what the worker writes is what the caller is told.
final class BluetoothFacadeTests: XCTestCase {
    private var setup: BluetoothSetup {
        var setup = BluetoothSetup()
        setup.maxConnectionsPerController = 3
        setup.broadcastPolicy = .always
        setup.verbose = true
        setup.waitsForAdapter = true
        return setup
    }

    func testEitherHostIsSetUpFromTheWholeSetup() throws {
        let bluez = try setup.makeSource(specs: [.bluez(adapter: "hci1")])
        XCTAssertEqual((bluez as? BlueZDBusSource)?.settings.setup, setup)
        XCTAssertEqual((bluez as? BlueZDBusSource)?.adapter, "hci1")
        let hci = try setup.makeSource(specs: [.controller(try XCTUnwrap(TransportAddress("hci-tcp:127.0.0.1:9"))),
                                              .controller(try XCTUnwrap(TransportAddress("hci-user:hci2")))])
        XCTAssertEqual((hci as? BluetoothSource)?.settings.setup, setup)
        XCTAssertThrowsError(try setup.makeSource(specs: [.bluez(adapter: "hci1"), .bluez(adapter: "hci2")])) { error in
            XCTAssertEqual((error as? SensorSourceError)?.description, "--source bluez:hci1 cannot be combined with other sources; give it alone")
        }
    }

    func testBothFacadesReadAndWriteTheBoardsTheirWorkerShares() throws {
        let sources: [any BluetoothStrapSource] = [try setup.makeSource(specs: [.bluez(adapter: "hci0")]),
                                                   try setup.makeSource(specs: [.controller(try XCTUnwrap(TransportAddress("hci-user:hci0")))])]
        for source in sources {
            let name = "\(type(of: source))"
            let boards = source.boards
            try source.addStraps([StrapSlot(strapID: 1, address: "a0:9e:1a:12:34:56", name: "H10")])
            XCTAssertEqual(boards.inbox.take().map(\.address), [0xA09E_1A12_3456], name)
            source.setWanted(.only([0, 2]))
            XCTAssertEqual(boards.wanted.take(), .only([0, 2]), name)
            XCTAssertNil(source.problem(), name)
            boards.status.reset(count: 1)
            boards.status.set(0, "hci0 lost, retrying")
            XCTAssertEqual(source.problem(), "Bluetooth hci0 lost, retrying", name)
            boards.descriptions.note(BDAddress(value: 0xA09E_1A12_3456, type: 0), SensorDescription(bodySensorLocation: .chest, manufacturerName: "Polar"))
            XCTAssertEqual(source.takeStrapDescriptions(),
                           [StrapDescription(address: "A0:9E:1A:12:34:56", bodyLocation: "chest", manufacturer: "Polar")], name)
            XCTAssertEqual(source.takeStrapDescriptions(), [], "taken once: \(name)")
            XCTAssertTrue(source.counters === boards.counters, name)
            source.setDiscovery(true)
            XCTAssertTrue(boards.discovery.isActive, name)
            source.setDiscovery(false)
            XCTAssertFalse(boards.discovery.isActive, name)
            XCTAssertEqual(source.nearbyStraps(maxAgeSeconds: 10), [], name)
        }
    }
}

import SensorCore
@testable import SensorHub
import SPSCRing
import TeamCore
import XCTest

/// A stored strap address that is no Bluetooth address is one line the user can act on, the same
/// from either Bluetooth host, before anything is opened.
final class StrapSlotAddressTests: XCTestCase {
    let bad = StrapSlot(strapID: 1, address: "5A:1D:00:00:01", name: "five bytes")
    let expected = "strap address '5A:1D:00:00:01' is not a Bluetooth address like A0:9E:1A:12:34:56"

    func testBothHostsRefuseItAlikeBeforeOpeningAnything() {
        let ring = SPSCRing<SensorEvent>(capacity: 16)
        let sources: [any SensorSource] = [BluetoothSource(controllers: []), BlueZDBusSource(adapter: "hci0")]
        for source in sources {
            XCTAssertThrowsError(try source.start(straps: StrapTable([bad]), ring: ring, wake: {})) { error in
                XCTAssertEqual((error as? SensorSourceError)?.description, expected, "\(type(of: source))")
            }
        }
    }

    func testAStrapPairedWhileRunningIsCheckedAndABadOneQueuesNone() throws {
        let inbox = StrapInbox()
        let good = StrapSlot(strapID: 2, address: "a0:9e:1a:12:34:56", name: "H10")
        XCTAssertThrowsError(try inbox.add([good, bad])) { error in
            XCTAssertEqual((error as? SensorSourceError)?.description, expected)
        }
        XCTAssertTrue(inbox.take().isEmpty)
        try inbox.add([good])
        XCTAssertEqual(inbox.take().map(\.address), [0xA09E_1A12_3456])
    }

    /// The strap table tells addresses apart by their text; the worker by their value. Only the one
    /// way of writing an address is read, so two straps of a table are never one strap to a worker.
    func testOnlyTheOneWayOfWritingAnAddressIsRead() throws {
        XCTAssertEqual(try StrapSlot(strapID: 1, address: "0f:00:00:00:00:01", name: "").bluetoothAddress(), 0x0F00_0000_0001)
        XCTAssertThrowsError(try StrapSlot(strapID: 2, address: "+F:00:00:00:00:01", name: "").bluetoothAddress(),
                             "a sign is no hex digit, though Swift's integer parser takes one")
        XCTAssertThrowsError(try StrapSlot(strapID: 3, address: " 0F:00:00:00:00:01", name: "").bluetoothAddress())
    }
}

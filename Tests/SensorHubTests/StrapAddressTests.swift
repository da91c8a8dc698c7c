@testable import SensorHub
import SPSCRing
import TeamCore
import XCTest

/// A stored strap address that is no Bluetooth address is one line the user can act on, the same
/// from either Bluetooth host, before anything is opened.
final class StrapAddressTests: XCTestCase {
    let bad = StrapAddress(address: "5A:1D:00:00:01", name: "five bytes")
    let expected = "strap address '5A:1D:00:00:01' is not a Bluetooth address like A0:9E:1A:12:34:56"

    func testBothHostsRefuseItAlikeBeforeOpeningAnything() {
        let ring = SPSCRing<SensorEvent>(capacity: 16)
        let sources: [any SensorSource] = [BluetoothSource(controllers: []), BlueZDBusSource(adapter: "hci0")]
        for source in sources {
            XCTAssertThrowsError(try source.start(straps: [bad], ring: ring, wake: {})) { error in
                XCTAssertEqual((error as? SensorSourceError)?.description, expected, "\(type(of: source))")
            }
        }
    }

    func testAStrapPairedWhileRunningIsCheckedAndABadOneQueuesNone() throws {
        let inbox = StrapInbox()
        let good = StrapAddress(address: "a0:9e:1a:12:34:56", name: "H10")
        XCTAssertThrowsError(try inbox.add([good, bad])) { error in
            XCTAssertEqual((error as? SensorSourceError)?.description, expected)
        }
        XCTAssertTrue(inbox.take().isEmpty)
        try inbox.add([good])
        XCTAssertEqual(inbox.take().map(\.address), [0xA09E_1A12_3456])
    }
}

import BLEHost
import XCTest

/// Credits per link: what a controller reports done frees exactly that link's buffers.
final class ACLFlowControlTests: XCTestCase {
    func packet(_ handle: UInt16, _ n: UInt8) -> [UInt8] { [0x02, UInt8(handle & 0xFF), 0x20, 1, 0, n] }

    func drain(_ flow: inout ACLFlowControl) -> [[UInt8]] {
        var sent: [[UInt8]] = []
        while let p = flow.next() { sent.append(p) }
        return sent
    }

    func testACompletionEventOverFourLinksFreesExactlyTheirBuffers() throws {
        var flow = ACLFlowControl()
        flow.configure(maxPayload: 27, buffers: 4)
        for handle: UInt16 in [0x40, 0x41, 0x42, 0x43] { flow.enqueue(packet(handle, 1), handle: handle) }
        flow.enqueue(packet(0x40, 2), handle: 0x40)
        flow.enqueue(packet(0x41, 2), handle: 0x41)
        XCTAssertEqual(drain(&flow).count, 4, "four buffers, four packets")
        XCTAssertEqual(flow.waiting, 2)

        // 0x41 and 0x43 done, 0x40 and 0x42 not yet: reported in one event.
        let event: [UInt8] = [0x13, 0x11, 0x04, 0x40, 0x00, 0x00, 0x00, 0x41, 0x00, 0x01, 0x00,
                              0x42, 0x00, 0x00, 0x00, 0x43, 0x00, 0x01, 0x00]
        guard case .numberOfCompletedPackets(let completed) = try HCIEvent.decode(event[...]) else { return XCTFail() }
        completed.forEach { flow.completed(handle: $0, count: $1) }
        XCTAssertEqual(flow.freeBuffers, 2)
        XCTAssertEqual([0x40, 0x41, 0x42, 0x43].map { flow.packetsInFlight(handle: $0) }, [1, 0, 1, 0])
        XCTAssertEqual(drain(&flow), [packet(0x40, 2), packet(0x41, 2)], "the waiting packets go, in order")
        XCTAssertEqual(flow.freeBuffers, 0)
    }

    func testAReportCannotFreeMoreThanALinkHasInFlight() {
        var flow = ACLFlowControl()
        flow.configure(maxPayload: 27, buffers: 2)
        flow.enqueue(packet(0x40, 1), handle: 0x40)
        _ = drain(&flow)
        XCTAssertEqual(flow.completed(handle: 0x40, count: 65), 1)
        XCTAssertEqual(flow.completed(handle: 0x99, count: 3), 0, "a link never sent on")
        XCTAssertEqual(flow.freeBuffers, 2)
    }

    func testAClosedLinkReturnsItsBuffersAndDropsWhatWaits() {
        var flow = ACLFlowControl()
        flow.configure(maxPayload: 27, buffers: 2)
        for n: UInt8 in 1...3 { flow.enqueue(packet(0x40, n), handle: 0x40) }
        flow.enqueue(packet(0x41, 1), handle: 0x41)
        XCTAssertEqual(drain(&flow).count, 2)
        flow.linkClosed(handle: 0x40)
        XCTAssertEqual(drain(&flow), [packet(0x41, 1)])
        XCTAssertEqual(flow.completed(handle: 0x40, count: 2), 0, "flushed with the link: not credited twice")
        XCTAssertEqual(flow.freeBuffers, 1)
    }
}

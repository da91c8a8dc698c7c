import BLEHost
import Foundation
import HeartRateProtocol
import XCTest

/// A whole conversation with a strap, scripted as bytes: what a controller and the
/// strap's GATT server send in, what the host must send out (Core Spec Vol 4 Part E,
/// Vol 3 Parts A, F, G). The strap's database: Heart Rate 0x0001–0x0006 (2A37 notify
/// at 0x0003, CCCD 0x0004, 2A38 at 0x0006), Battery 0x0007–0x000A (2A19 read+notify at
/// 0x0009, CCCD 0x000A).
final class HostConversationTests: XCTestCase {
    final class Owner: HostEngineDelegate {
        var log: [String] = []
        var onReady: (HostEngine) -> Void = { _ in }
        func hostBecameReady(_ host: HostEngine) { log.append("ready"); onReady(host) }
        func host(_ host: HostEngine, failed failure: HostFailure) { log.append("failed \(failure.summary)") }
        func host(_ host: HostEngine, sawAdvertisement report: AdvertisingReport) {
            log.append("advert \(report.address) rssi \(report.rssi) connectable \(report.isConnectable)")
        }
        func host(_ host: HostEngine, connected handle: UInt16, to peer: BDAddress) { log.append("connected \(handle) \(peer)") }
        func host(_ host: HostEngine, failedToConnect peer: BDAddress, status: UInt8) { log.append("connect failed \(status)") }
        func host(_ host: HostEngine, subscribed handle: UInt16) { log.append("subscribed \(handle)") }
        func host(_ host: HostEngine, disconnected handle: UInt16, peer: BDAddress, reason: UInt8) { log.append("disconnected \(handle) \(reason)") }
        func host(_ host: HostEngine, heartRateMeasurement value: ArraySlice<UInt8>, handle: UInt16) {
            log.append("hrm \(handle) \(hex(Array(value)))")
        }
        func host(_ host: HostEngine, batteryLevel level: UInt8, handle: UInt16) { log.append("battery \(handle) \(level)") }
        func host(_ host: HostEngine, described d: SensorDescription, handle: UInt16) {
            log.append("described \(handle) \(d.bodySensorLocation.map { "\($0)" } ?? "-") \(d.manufacturerName ?? "-")")
        }
        func host(_ host: HostEngine, discardedMalformed what: String, handle: UInt16?) { log.append("malformed") }
    }

    static func bytes(_ text: String) -> [UInt8] { text.split(separator: " ").map { UInt8($0, radix: 16)! } }
    var out: [[UInt8]] = []
    let owner = Owner()
    var engine: HostEngine!

    override func setUp() {
        engine = HostEngine { [unowned self] in out.append($0) }
        engine.delegate = owner
        owner.onReady = { $0.setScanning(enabled: true, active: false) }
    }

    /// Feeds bytes (hex) and returns what the host sent in answer (hex, one string per packet).
    func feed(_ text: String, at ns: UInt64 = 0) -> [String] {
        out.removeAll()
        engine.receive(Self.bytes(text)[...], nowNs: ns)
        return out.map(hex)
    }

    /// An ATT PDU from the strap on handle 0x0040, and the ATT PDU the host answers with
    /// (after handing the controller's buffer back with Number of Completed Packets).
    func att(_ pdu: String) -> [String] {
        let p = Self.bytes(pdu)
        let l2cap = [UInt8(p.count), 0, 4, 0] + p
        let sent = feed("02 40 20 " + hex([UInt8(l2cap.count), 0] + l2cap))
        if !sent.isEmpty { _ = feed("04 13 05 01 40 00 \(hex([UInt8(sent.count)])) 00") }
        return sent.map { String($0.dropFirst(27)) } // the ATT PDU after ACL and L2CAP headers
    }

    func bringUp() {
        engine.start(nowNs: 0)
        XCTAssertEqual(out.map(hex), ["01 03 0C 00"], "Reset first, one command at a time")
        answerBringUp()
    }

    /// The controller's answers from Reset to ready (after `start`, or a reset in place).
    func answerBringUp() {
        XCTAssertEqual(feed("04 0E 04 01 03 0C 00"), ["01 01 0C 08 FF FF FF FF FF 1F 00 20"])
        XCTAssertEqual(feed("04 0E 04 01 01 0C 00"), ["01 01 20 08 27 0A 00 00 00 00 00 00"])
        XCTAssertEqual(feed("04 0E 04 01 01 20 00"), ["01 01 10 00"])
        XCTAssertEqual(feed("04 0E 0C 01 01 10 00 0B 00 00 0B 00 00 00 00"), ["01 09 10 00"])
        XCTAssertEqual(feed("04 0E 0A 01 09 10 00 06 05 04 03 02 01"), ["01 02 20 00"])
        // LE buffers: 27-byte payloads, 3 packets. Ready: passive scan, duplicates not filtered.
        XCTAssertEqual(feed("04 0E 07 01 02 20 00 1B 00 03"), ["01 0B 20 07 00 30 00 30 00 00 00"])
        XCTAssertEqual(feed("04 0E 04 01 0B 20 00"), ["01 0C 20 02 01 00"])
        XCTAssertEqual(feed("04 0E 04 01 0C 20 00"), [])
        XCTAssertTrue(engine.isReady)
        XCTAssertEqual(engine.localAddress?.description, "01:02:03:04:05:06")
    }

    func connect() {
        // A legacy ADV_IND from F0:00:00:00:00:01 listing 0x180D, RSSI -60.
        XCTAssertEqual(feed("04 3E 10 02 01 00 00 01 00 00 00 00 F0 04 03 03 0D 18 C4"), [])
        XCTAssertEqual(owner.log.last, "advert F0:00:00:00:00:01 rssi -60 connectable true")
        out.removeAll()
        XCTAssertTrue(engine.connect(to: BDAddress("F0:00:00:00:00:01")!, nowNs: 0))
        XCTAssertEqual(out.map(hex), ["01 0D 20 19 60 00 60 00 00 00 01 00 00 00 00 F0 00 18 00 28 00 00 00 F4 01 00 00 00 00"],
                       "scan 60 ms, public peer, 30–50 ms interval, no latency, 5 s supervision timeout")
        XCTAssertFalse(engine.connect(to: BDAddress("F0:00:00:00:00:02")!, nowNs: 0), "one connect at a time")
        XCTAssertEqual(feed("04 0F 04 00 01 0D 20"), [])
        // Connection Complete, handle 0x0040: the GATT client starts with Exchange MTU (247).
        XCTAssertEqual(feed("04 3E 13 01 00 40 00 00 00 01 00 00 00 00 F0 28 00 00 00 F4 01 00"),
                       ["02 40 20 07 00 03 00 04 00 02 F7 00"])
        _ = feed("04 13 05 01 40 00 01 00")
        XCTAssertEqual(owner.log.last, "connected 64 F0:00:00:00:00:01")
    }

    func testWholeConversationFromResetToNotifications() {
        bringUp()
        connect()
        XCTAssertEqual(att("03 17 00"), ["10 01 00 FF FF 00 28"], "primary services")
        XCTAssertEqual(att("11 06 01 00 06 00 0D 18 07 00 0A 00 0F 18"), ["10 0B 00 FF FF 00 28"])
        XCTAssertEqual(att("01 10 0B 00 0A"), ["08 01 00 06 00 03 28"], "heart rate characteristics")
        XCTAssertEqual(att("09 07 02 00 10 03 00 37 2A 05 00 02 06 00 38 2A"), ["08 06 00 06 00 03 28"])
        XCTAssertEqual(att("01 08 06 00 0A"), ["08 07 00 0A 00 03 28"], "battery characteristics")
        XCTAssertEqual(att("09 07 08 00 12 09 00 19 2A"), ["08 09 00 0A 00 03 28"])
        XCTAssertEqual(att("01 08 09 00 0A"), ["04 04 00 04 00"], "heart rate CCCD, bounded by the next declaration")
        XCTAssertEqual(att("05 01 04 00 02 29"), ["04 0A 00 0A 00"], "battery CCCD")
        XCTAssertEqual(att("05 01 0A 00 02 29"), ["12 04 00 01 00"], "enable heart rate notifications")
        XCTAssertEqual(att("13"), ["0A 09 00"], "read the battery")
        XCTAssertEqual(owner.log.last, "subscribed 64")
        XCTAssertEqual(att("0B 5A"), ["12 0A 00 01 00"], "follow the battery")
        XCTAssertEqual(owner.log.last, "battery 64 90")
        XCTAssertEqual(att("13"), ["0A 06 00"], "then read where it is worn (2A38, readable)")
        XCTAssertEqual(att("0B 01"), [], "no Device Information service: nothing more to ask")
        XCTAssertEqual(owner.log.last, "described 64 chest -")
        XCTAssertTrue(engine.connections[0x40]!.gatt.isReady)

        XCTAssertEqual(att("1B 03 00 16 48 00 04"), [])
        XCTAssertEqual(owner.log.last, "hrm 64 16 48 00 04")
        XCTAssertEqual(att("1B 09 00 55"), [])
        XCTAssertEqual(owner.log.last, "battery 64 85")
        XCTAssertEqual(att("1D 03 00 06 4B"), ["1E"], "an indication is confirmed")
        XCTAssertEqual(owner.log.last, "hrm 64 06 4B")
        XCTAssertEqual(att("0A 03 00"), ["01 0A 00 00 06"], "Sideline serves no attributes: Request Not Supported")
        XCTAssertEqual(att("02 17 00"), ["03 F7 00"], "the strap's own MTU exchange is answered")

        XCTAssertEqual(feed("04 05 04 00 40 00 08"), [])
        XCTAssertEqual(owner.log.last, "disconnected 64 8")
        XCTAssertEqual(engine.connectionCount, 0)
        XCTAssertFalse(owner.log.contains("malformed"))
    }

    /// A strap with a Device Information service (0x000B–0x000D, Manufacturer Name 2A29 at 0x000D)
    /// and no battery: heart rates first, then where it is worn, then who made it by "Read Using
    /// Characteristic UUID" within that service — one round trip, no discovery of its characteristics.
    func testTheStrapSaysWhereItIsWornAndWhoMadeIt() {
        bringUp()
        connect()
        XCTAssertEqual(att("03 17 00"), ["10 01 00 FF FF 00 28"])
        XCTAssertEqual(att("11 06 01 00 06 00 0D 18 0B 00 0D 00 0A 18"), ["10 0E 00 FF FF 00 28"])
        XCTAssertEqual(att("01 10 0E 00 0A"), ["08 01 00 06 00 03 28"], "only the heart rate service's characteristics")
        XCTAssertEqual(att("09 07 02 00 10 03 00 37 2A 05 00 02 06 00 38 2A"), ["08 06 00 06 00 03 28"])
        XCTAssertEqual(att("01 08 06 00 0A"), ["04 04 00 04 00"])
        XCTAssertEqual(att("05 01 04 00 02 29"), ["12 04 00 01 00"])
        XCTAssertEqual(att("13"), ["0A 06 00"], "subscribed; no battery: where it is worn")
        XCTAssertEqual(owner.log.last, "subscribed 64")
        XCTAssertEqual(att("0B 02"), ["08 0B 00 0D 00 29 2A"], "then the manufacturer name, by its UUID in 0x000B–0x000D")
        // "Polar Electro Oy" and a NUL of padding, at handle 0x000D.
        XCTAssertEqual(att("09 13 0D 00 50 6F 6C 61 72 20 45 6C 65 63 74 72 6F 20 4F 79 00"), [])
        XCTAssertEqual(owner.log.last, "described 64 wrist Polar Electro Oy")
        XCTAssertTrue(engine.connections[0x40]!.gatt.isReady)
        XCTAssertEqual(engine.connections[0x40]!.gatt.description,
                       SensorDescription(bodySensorLocation: .wrist, manufacturerName: "Polar Electro Oy"))
    }

    /// Refusals and nonsense in the optional reads cost the link nothing: it stays up, undescribed.
    func testAStrapThatRefusesToDescribeItselfKeepsItsLink() {
        bringUp()
        connect()
        XCTAssertEqual(att("03 17 00"), ["10 01 00 FF FF 00 28"])
        XCTAssertEqual(att("11 06 01 00 06 00 0D 18 0B 00 0D 00 0A 18"), ["10 0E 00 FF FF 00 28"])
        XCTAssertEqual(att("01 10 0E 00 0A"), ["08 01 00 06 00 03 28"])
        XCTAssertEqual(att("09 07 02 00 10 03 00 37 2A 05 00 02 06 00 38 2A"), ["08 06 00 06 00 03 28"])
        XCTAssertEqual(att("01 08 06 00 0A"), ["04 04 00 04 00"])
        XCTAssertEqual(att("05 01 04 00 02 29"), ["12 04 00 01 00"])
        XCTAssertEqual(att("13"), ["0A 06 00"])
        XCTAssertEqual(att("0B 09"), ["08 0B 00 0D 00 29 2A"], "location 9 is reserved: none")
        XCTAssertEqual(att("01 08 0B 00 0A"), [], "Attribute Not Found: no name")
        XCTAssertTrue(engine.connections[0x40]!.gatt.isReady)
        XCTAssertFalse(owner.log.contains { $0.hasPrefix("described") || $0 == "malformed" || $0.hasPrefix("disconnected") }, "\(owner.log)")
        XCTAssertEqual(att("1B 03 00 06 4B"), [])
        XCTAssertEqual(owner.log.last, "hrm 64 06 4B")
    }

    func testConnectionParameterRequestIsAnsweredAndApplied() {
        bringUp()
        connect()
        // L2CAP signalling on CID 5: Connection Parameter Update Request 400–500 ms (Polar H7), timeout 6 s.
        let sent = feed("02 40 20 10 00 0C 00 05 00 12 01 08 00 40 01 90 01 00 00 58 02")
        XCTAssertEqual(sent, ["02 40 20 0A 00 06 00 05 00 13 01 02 00 00 00",
                              "01 13 20 0E 40 00 40 01 90 01 00 00 58 02 00 00 00 00"])
    }

    func testACLWaitsForControllerBuffers() {
        bringUp()
        connect()
        // Three buffers, one in flight (MTU request, handed back in connect()). Three unanswered
        // strap requests → three error responses fill the buffers; the fourth waits for a completion.
        for expected in [1, 1, 1, 0] {
            XCTAssertEqual(feed("02 40 20 07 00 03 00 04 00 0A 03 00").count, expected)
        }
        XCTAssertEqual(feed("04 13 05 01 40 00 01 00"), ["02 40 20 09 00 05 00 04 00 01 0A 00 00 06"])
    }

    /// A second strap connected at handle 0x0041; its MTU request stays in the controller's buffers.
    func connectSecond() {
        XCTAssertTrue(engine.connect(to: BDAddress("F0:00:00:00:00:02")!, nowNs: 0))
        _ = feed("04 0F 04 00 01 0D 20")
        XCTAssertEqual(feed("04 3E 13 01 00 41 00 00 00 02 00 00 00 00 F0 28 00 00 00 F4 01 00"),
                       ["02 41 20 07 00 03 00 04 00 02 F7 00"])
    }

    /// A request from a strap the host must answer (Read Request: Sideline serves no attributes),
    /// on `handle`; returns how many packets the host sent at once (0 while it waits for a buffer).
    func unansweredRequest(handle: UInt8) -> Int { feed("02 \(hex([handle])) 20 07 00 03 00 04 00 0A 03 00").count }

    func testCompletionsForSeveralLinksInOneEventAreReadPairwise() {
        bringUp()
        connect()
        connectSecond()
        // Three buffers: 0x41's MTU request holds one; 0x40 fills the other two; one answer each waits.
        XCTAssertEqual([unansweredRequest(handle: 0x40), unansweredRequest(handle: 0x40)], [1, 1])
        XCTAssertEqual([unansweredRequest(handle: 0x41), unansweredRequest(handle: 0x40)], [0, 0])
        // Number Of Completed Packets, two handles, laid out handle, count, handle, count
        // (Core Spec Vol 4 Part E §7.7.19 as Linux's struct hci_comp_pkts_info and bumble read it):
        // 0x40 one packet, 0x41 one packet. Exactly two buffers come back: the two waiting answers go.
        XCTAssertEqual(feed("04 13 09 02 40 00 01 00 41 00 01 00").count, 2)
        XCTAssertEqual(unansweredRequest(handle: 0x40), 0, "no buffer is free until the controller says so")
        // A controller may not credit more than a link has in flight: 0x41 has one, 0x40 two.
        XCTAssertEqual(feed("04 13 09 02 40 00 00 00 41 00 05 00").count, 1, "0x41's one packet only")
        XCTAssertEqual(unansweredRequest(handle: 0x41), 0)
        XCTAssertEqual(feed("04 13 05 01 40 00 02 00").count, 1, "two of 0x40's: the waiting one goes, one buffer stays free")
        XCTAssertEqual(unansweredRequest(handle: 0x41), 1)
        XCTAssertFalse(owner.log.contains("malformed"))
    }

    func testACompletionEventWhoseLengthDisagreesWithItsCountIsDiscarded() {
        bringUp()
        connect()
        XCTAssertEqual(unansweredRequest(handle: 0x40), 1)
        // Says two handles, carries one pair: discarded, no buffer credited.
        XCTAssertEqual(feed("04 13 05 02 40 00 01 00"), [])
        XCTAssertTrue(owner.log.contains("malformed"))
    }

    func testACancelNeverConfirmedIsSentAgainThenTheControllerIsResetAndBroughtUp() {
        bringUp()
        XCTAssertTrue(engine.connect(to: BDAddress("F0:00:00:00:00:01")!, nowNs: 0))
        _ = feed("04 0F 04 00 01 0D 20")
        out.removeAll()
        engine.tick(nowNs: 4_100_000_000)
        XCTAssertEqual(out.map(hex), ["01 0E 20 00"], "LE Create Connection Cancel after 4 s")
        _ = feed("04 0E 04 01 0E 20 00")
        out.removeAll()
        engine.tick(nowNs: 6_000_000_000)
        XCTAssertEqual(out, [], "the cancel gets 2 s to end the connect")
        engine.tick(nowNs: 6_200_000_000)
        XCTAssertEqual(out.map(hex), ["01 0E 20 00"], "a controller that never ends it: the cancel once more")
        _ = feed("04 0E 04 01 0E 20 00")
        XCTAssertNotNil(engine.pendingConnect, "still no Connection Complete: no other connect may start")
        XCTAssertFalse(engine.connect(to: BDAddress("F0:00:00:00:00:02")!, nowNs: 6_300_000_000))
        out.removeAll()
        engine.tick(nowNs: 8_300_000_000)
        XCTAssertEqual(out, [])
        XCTAssertEqual(engine.pendingConnect?.isWedged, true, "only a reset frees it now; the owner resets when another strap waits")
        let why = HostFailure(summary: "resetting", detail: "it never ended a cancelled connect")
        engine.reset(why, nowNs: 8_300_000_000)
        XCTAssertEqual(owner.log.last, "connect failed 2")
        XCTAssertEqual(engine.phase, .resetting(why))
        XCTAssertEqual(out.map(hex), ["01 0C 20 02 00 00"], "scanning off while the links go")
        XCTAssertEqual(feed("04 0E 04 01 0C 20 00"), [])
        out.removeAll()
        engine.tick(nowNs: 8_400_000_000)
        XCTAssertEqual(out.map(hex), ["01 03 0C 00"], "quiet: Reset, and bring-up again")
        answerBringUp()
        XCTAssertEqual(owner.log.filter { $0 == "ready" }.count, 2)
        XCTAssertNil(engine.pendingConnect)
        XCTAssertTrue(engine.connect(to: BDAddress("F0:00:00:00:00:02")!, nowNs: 9_000_000_000))
    }

    func testACancelConfirmedByConnectionCompleteEndsTheConnect() {
        bringUp()
        XCTAssertTrue(engine.connect(to: BDAddress("F0:00:00:00:00:01")!, nowNs: 0))
        engine.tick(nowNs: 4_100_000_000)
        _ = feed("04 0E 04 01 0E 20 00")
        // LE Connection Complete, status 0x02 (Unknown Connection Identifier): the spec's end of a cancelled connect.
        _ = feed("04 3E 13 01 02 00 00 00 00 01 00 00 00 00 F0 00 00 00 00 00 00 00")
        XCTAssertEqual(owner.log.last, "connect failed 2")
        XCTAssertNil(engine.pendingConnect)
        engine.tick(nowNs: 20_000_000_000)
        XCTAssertEqual(engine.phase, .ready)
    }

    func testBringUpThatGetsNoAnswerFailsAfterFiveSeconds() {
        engine.start(nowNs: 1_000)
        engine.tick(nowNs: 5_000_000_000)
        XCTAssertEqual(engine.phase, .bringingUp)
        engine.tick(nowNs: 5_000_001_000)
        XCTAssertEqual(engine.phase, .failed(HostFailure(summary: "not answering", detail: "no answer to HCI Reset in 5 s")))
        XCTAssertEqual(owner.log, ["failed not answering"])
    }

    func testBytesThatAreNotHCIFailTheControllerInPlainWords() {
        engine.start(nowNs: 0)
        _ = feed("56 31 2E 30 0A")
        XCTAssertEqual(engine.phase, .failed(HostFailure(summary: "not an HCI controller",
                                                         detail: "it sent 0x56, which starts no HCI packet; is this an HCI H4 stream?")))
    }

    func testShutdownStopsScanningCancelsTheConnectAndDisconnectsEveryLinkBeforeItIsQuiet() {
        bringUp()
        connect()
        connectSecond()
        XCTAssertTrue(engine.connect(to: BDAddress("F0:00:00:00:00:03")!, nowNs: 0))
        XCTAssertEqual(feed("04 0F 04 00 01 0D 20"), [])
        out.removeAll()
        engine.shutDown()
        XCTAssertFalse(engine.connect(to: BDAddress("F0:00:00:00:00:04")!, nowNs: 0))
        // One command credit: each command goes when the one before is answered.
        XCTAssertEqual(out.map(hex), ["01 0C 20 02 00 00"], "scanning off")
        XCTAssertEqual(feed("04 0E 04 01 0C 20 00"), ["01 0E 20 00"], "the connect under way cancelled")
        XCTAssertEqual(feed("04 0E 04 01 0E 20 00"), ["01 06 04 03 40 00 13"], "then every link disconnected")
        XCTAssertEqual(feed("04 0F 04 00 01 06 04"), ["01 06 04 03 41 00 13"])
        XCTAssertEqual(feed("04 0F 04 00 01 06 04"), [])
        XCTAssertFalse(engine.isQuiet)
        _ = feed("04 3E 13 01 02 00 00 00 00 03 00 00 00 00 F0 00 00 00 00 00 00 00")
        _ = feed("04 05 04 00 40 00 16")
        XCTAssertFalse(engine.isQuiet, "0x41 still linked")
        _ = feed("04 05 04 00 41 00 16")
        XCTAssertTrue(engine.isQuiet)
        XCTAssertEqual(owner.log.suffix(3), ["connect failed 2", "disconnected 64 22", "disconnected 65 22"])
    }

    func testATTTransactionTimeoutDisconnects() {
        bringUp()
        connect()
        out.removeAll()
        engine.tick(nowNs: 31_000_000_000)
        XCTAssertEqual(out.map(hex), ["01 06 04 03 40 00 13"], "no answer in 30 s: disconnect")
        XCTAssertTrue(owner.log.contains("malformed"))
    }
}

private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined(separator: " ") }

// Worker cost per Heart Rate Measurement notification: the bytes a controller
// sends (H4 ACL → L2CAP → ATT notification) through HostEngine, decoded and
// pushed into the ring as the link manager does — plus the parse+push part alone.
import BLEHost
import Foundation
import HeartRateProtocol
import SensorHub
import SPSCRing
import TeamCore

/// What LinkManager does per notification: find the strap, decode, push (drops counted).
private final class NotificationSink: HostEngineDelegate {
    let ring: SPSCRing<SensorEvent>
    var strapByHandle: [UInt16: Int] = [:]
    var malformed = 0, drops = 0, subscribed = false
    init(ring: SPSCRing<SensorEvent>) { self.ring = ring }
    func hostBecameReady(_ host: HostEngine) {}
    func host(_ host: HostEngine, failed failure: HostFailure) { fatalError(failure.description) }
    func host(_ host: HostEngine, sawAdvertisement report: AdvertisingReport) {}
    func host(_ host: HostEngine, connected handle: UInt16, to peer: BDAddress) { strapByHandle[handle] = 0 }
    func host(_ host: HostEngine, failedToConnect peer: BDAddress, status: UInt8) {}
    func host(_ host: HostEngine, subscribed handle: UInt16) { subscribed = true }
    func host(_ host: HostEngine, disconnected handle: UInt16, peer: BDAddress, reason: UInt8) {}
    func host(_ host: HostEngine, heartRateMeasurement value: ArraySlice<UInt8>, handle: UInt16) {
        guard let i = strapByHandle[handle] else { return }
        let m: HeartRateMeasurement
        do { m = try HeartRateMeasurement.decode(value) } catch { malformed += 1; return }
        if !ring.push(SensorEvent(measurement: m, strap: StrapIndex(position: i), nowNs: 1)) { drops += 1 }
    }
    func host(_ host: HostEngine, batteryLevel level: UInt8, handle: UInt16) {}
    func host(_ host: HostEngine, discardedMalformed what: String, handle: UInt16?) { malformed += 1 }
}

private func event(_ code: UInt8, _ parameters: [UInt8]) -> [UInt8] { [0x04, code, UInt8(parameters.count)] + parameters }
private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
private func attPacket(handle: UInt16, _ pdu: [UInt8]) -> [UInt8] {
    [0x02] + le16(handle) + le16(UInt16(pdu.count + 4)) + le16(UInt16(pdu.count)) + le16(4) + pdu
}

/// A host engine brought up, connected (handle 0x0040) and subscribed to a strap
/// whose Heart Rate Measurement value handle is 3, answering its GATT requests by script.
private func subscribedEngine(sink: NotificationSink) -> HostEngine {
    var outbox: [[UInt8]] = []
    let engine = HostEngine { outbox.append($0) }
    engine.delegate = sink
    engine.start(nowNs: 0)
    func completeCommands() {
        while let command = outbox.first, command[0] == 0x01 {
            outbox.removeFirst()
            let opcode = UInt16(command[1]) | UInt16(command[2]) << 8
            let parameters: [UInt8] = switch opcode {
            case HCICommand.Opcode.readLocalVersion: [0, 0x0B, 0, 0, 0x0B, 0, 0, 0, 0]
            case HCICommand.Opcode.readBDAddr: [0, 1, 2, 3, 4, 5, 6]
            case HCICommand.Opcode.leReadBufferSize: [0] + le16(251) + [8]
            default: [0]
            }
            engine.receive(event(0x0E, [1] + le16(opcode) + parameters)[...], nowNs: 0)
        }
    }
    completeCommands()
    // In typed parts: Debian's Swift 6.2.3 (the arm64 build) gives up type-checking one long sum.
    let connection: [UInt8] = [0x01, 0x00] + le16(0x40) + [0x00, 0x00, 1, 2, 3, 4, 5, 6]
    let timing: [UInt8] = le16(40) + le16(0) + le16(500) + [0]
    engine.receive(event(0x3E, connection + timing)[...], nowNs: 0)
    // Answer the GATT client until it subscribes.
    for _ in 0..<20 where !sink.subscribed {
        completeCommands()
        guard let packet = outbox.first else { break }
        outbox.removeFirst()
        guard packet[0] == 0x02 else { continue }
        engine.receive(event(0x13, [1] + le16(0x40) + le16(1))[...], nowNs: 0) // flow control credit back
        let pdu = Array(packet[9...])
        let start = pdu.count >= 3 ? UInt16(pdu[1]) | UInt16(pdu[2]) << 8 : 0
        let reply: [UInt8] = switch pdu[0] {
        case ATT.Opcode.exchangeMTURequest: [0x03] + le16(23)
        case 0x10 where start == 1: [0x11, 6] + le16(1) + le16(5) + le16(0x180D)
        case 0x08 where start == 1: [0x09, 7] + le16(2) + [0x10] + le16(3) + le16(0x2A37)
        case 0x04: [0x05, 1] + le16(4) + le16(0x2902)
        case 0x12: [0x13]
        default: [0x01, pdu[0]] + le16(start) + [0x0A] // attribute not found
        }
        engine.receive(attPacket(handle: 0x40, reply)[...], nowNs: 0)
    }
    precondition(sink.subscribed, "scripted strap did not get subscribed")
    return engine
}

func benchBLEWorker(rounds: Int) {
    let count = 2_000_000
    // A typical strap notification: contact detected, uint8 rate, two RR intervals.
    let value: [UInt8] = [0x16, 72, 0x00, 0x04, 0x10, 0x04]
    let packet = attPacket(handle: 0x40, [0x1B] + le16(3) + value)
    var fullNs: [Double] = [], parseNs: [Double] = []
    for _ in 0..<rounds {
        let ring = SPSCRing<SensorEvent>(capacity: 8192)
        let sink = NotificationSink(ring: ring)
        let engine = subscribedEngine(sink: sink)
        var checksum: UInt64 = 0
        var start = nowNs()
        for i in 0..<count {
            engine.receive(packet[...], nowNs: UInt64(i))
            if i & 4095 == 4095 { while let e = ring.pop() { checksum &+= UInt64(e.bpm) } }
        }
        fullNs.append(Double(nowNs() - start) / Double(count))
        precondition(sink.malformed == 0 && sink.drops == 0, "benchmark notifications were rejected")
        while let e = ring.pop() { checksum &+= UInt64(e.bpm) }
        precondition(checksum == UInt64(count) * 72, "events lost")

        let slice = value[...]
        start = nowNs()
        for i in 0..<count {
            guard let m = try? HeartRateMeasurement.decode(slice) else { fatalError("decode") }
            _ = ring.push(SensorEvent(measurement: m, strap: 0, nowNs: UInt64(i)))
            if i & 4095 == 4095 { while ring.pop() != nil {} }
        }
        parseNs.append(Double(nowNs() - start) / Double(count))
        while ring.pop() != nil {}
    }
    print("Bluetooth worker: \(count) notifications (uint8 rate, contact, 2 RR), median of \(rounds)")
    report("  H4 bytes → HostEngine (L2CAP, ATT) → decode → ring push", median(fullNs), unit: "ns/notification")
    report("  decode + ring push only", median(parseNs), unit: "ns/notification")
}

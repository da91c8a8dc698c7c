import BLEHost

/// An LE controller in memory, and the radio around it, on virtual time: a `ByteTransport`
/// (NIOEmbedded-style) that speaks the HCI a heart-rate host needs — reset and bring-up,
/// scanning and advertising reports, LE Create Connection and its cancel, connection
/// complete, ACL with ATT to each `VirtualStrap`'s GATT server, Number Of Completed Packets
/// for several links in one event, disconnection. No sockets, no threads, no wall clock:
/// the test moves time with `advance(to:)` and the host reads what is due.
///
/// Faults real controllers show are switches in `Behaviour` (a Reset never answered, a
/// cancel never confirmed, bytes that are not HCI). Everything is written from the spec's
/// byte layouts (Core Spec Vol 4 Part E §7), independently of the host's own encoders.
///
/// `@unchecked Sendable`: a test builds it, hands it to an opener closure, and drives it
/// and the host from its one thread; nothing touches it concurrently.
public final class VirtualController: ByteTransport, @unchecked Sendable {
    public struct Behaviour {
        /// false: the controller accepts the transport and never answers HCI Reset (nor anything after).
        public var answersReset = true
        /// false: LE Create Connection Cancel is acknowledged and the connect goes on pending
        /// (bumble 0.0.236 and some real controllers); every later connect gets Command Disallowed.
        public var confirmsCancel = true
        /// Set: every time the transport is opened the controller sends these bytes and nothing else.
        public var garbage: [UInt8]?
        public var aclBuffers = 3
        /// true: every Number Of Completed Packets count is doubled (a confused controller; a host
        /// that trusts the count would think buffers free that are not).
        public var overstatesCompletions = false
        public var aclMaxPayload = 27
        /// Packets leave the controller at connection events of this period: links whose packets
        /// leave together are reported in one Number Of Completed Packets event.
        public var connectionEventNs: UInt64 = 7_500_000
        /// From a command or packet to the controller's answer.
        public var latencyNs: UInt64 = 300_000
        public init() {}
    }

    public var behaviour: Behaviour
    public let straps: [VirtualStrap]
    public let pollDescriptor: Int32 = -1
    public private(set) var nowNs: UInt64 = 0
    public private(set) var isOpen = true
    /// When the host opened the transport (the first time at 0).
    public private(set) var openedAtNs: [UInt64] = [0]
    /// Pulled out (or the emulator stopped): reads fail, opening fails, every link is gone.
    public private(set) var isUnplugged = false
    /// Every command received, by opcode, in order, with when.
    public private(set) var commands: [UInt16] = []
    public private(set) var commandTimesNs: [UInt64] = []
    /// ACL packets the host sent while every buffer was taken (must stay 0).
    public private(set) var bufferOverruns = 0
    /// The largest number of links one Number Of Completed Packets event reported.
    public private(set) var mostLinksInOneCompletion = 0
    /// LE Create Connection commands refused because another was pending (must stay 0: one at a time).
    public private(set) var connectsWhilePending = 0
    public private(set) var isScanning = false

    private var outbox: [UInt8] = []
    private var timers: [(atNs: UInt64, order: Int, run: () -> Void)] = []
    private var timerOrder = 0
    private var pendingConnect: UInt64?
    private var links: [UInt16: VirtualStrap] = [:]
    private var nextHandle: UInt16 = 0x0040
    private var buffered: [(handle: UInt16, doneAtNs: UInt64)] = []
    private var inbound: [UInt8] = []
    private var generation = 0

    public init(straps: [VirtualStrap], behaviour: Behaviour = Behaviour()) {
        self.straps = straps
        self.behaviour = behaviour
        for strap in straps { scheduleAdvertising(strap) }
        opened()
    }

    /// Opens the transport again (an opener's `open`): the controller keeps its state, as an
    /// emulator or a dongle does when the host reconnects; bytes in flight are gone.
    public func reopen() throws -> VirtualController {
        guard !isOpen else { throw TransportError("already open", label: "virtual") }
        guard !isUnplugged else { throw TransportError("cannot connect (Connection refused)", label: "virtual") }
        isOpen = true
        openedAtNs.append(nowNs)
        outbox.removeAll()
        inbound.removeAll()
        opened()
        return self
    }

    private func opened() {
        if let garbage = behaviour.garbage { outbox += garbage }
    }

    /// The straps linked through this controller (not another on the same radio), in the straps' order.
    public var connectedStraps: [VirtualStrap] { straps.filter { strap in links.values.contains { $0 === strap } } }
    /// An LE Create Connection is pending (not completed, not ended by a cancel).
    public var hasPendingConnect: Bool { pendingConnect != nil }
    public var resets: Int { commands.filter { $0 == 0x0C03 }.count }

    /// The controller goes away: the straps lose their links (supervision timeout), the host's reads fail.
    public func unplug() {
        isUnplugged = true
        powerCycle(strapReason: 0x08)
    }

    /// Back, freshly powered: no links, no scanning, until a host brings it up.
    public func plugIn() { isUnplugged = false }

    private func powerCycle(strapReason: UInt8) {
        for (_, strap) in links { strap.disconnected(reason: strapReason) }
        links.removeAll()
        buffered.removeAll()
        pendingConnect = nil
        isScanning = false
        generation += 1
        for strap in straps { scheduleAdvertising(strap) }
    }

    // MARK: time

    /// Runs the radio up to `nowNs`: advertisements, connects, notifications, completions.
    public func advance(to target: UInt64) {
        while let next = timers.indices.min(by: { (timers[$0].atNs, timers[$0].order) < (timers[$1].atNs, timers[$1].order) }),
              timers[next].atNs <= target {
            let timer = timers.remove(at: next)
            nowNs = max(nowNs, timer.atNs)
            timer.run()
        }
        nowNs = max(nowNs, target)
    }

    private func after(_ delayNs: UInt64, _ run: @escaping () -> Void) {
        timerOrder += 1
        timers.append((nowNs + delayNs, timerOrder, run))
    }

    private func emit(_ bytes: [UInt8]) { if isOpen { outbox += bytes } }
    private func answer(_ bytes: [UInt8]) { after(behaviour.latencyNs) { [weak self] in self?.emit(bytes) } }

    // MARK: ByteTransport

    public func read(into buffer: inout [UInt8]) throws -> Int {
        guard isOpen else { throw TransportError("closed", label: "virtual") }
        if isUnplugged { throw TransportError("the controller closed the connection", label: "virtual") }
        let n = min(buffer.count, outbox.count)
        buffer.replaceSubrange(0..<n, with: outbox[0..<n])
        outbox.removeFirst(n)
        return n
    }

    public func write(_ bytes: [UInt8]) throws {
        guard isOpen, !isUnplugged else { throw TransportError("write failed (Broken pipe)", label: "virtual") }
        inbound += bytes
        while let packet = nextPacket() {
            if behaviour.garbage != nil { continue } // a thing that is no controller ignores the host
            switch packet.first {
            case 0x01: command(Array(packet.dropFirst()))
            case 0x02: acl(Array(packet.dropFirst()))
            default: break
            }
        }
    }

    public func close() { isOpen = false }

    private func nextPacket() -> [UInt8]? {
        guard let indicator = inbound.first else { return nil }
        let length: Int
        switch indicator {
        case 0x01 where inbound.count >= 4: length = 4 + Int(inbound[3])
        case 0x02 where inbound.count >= 5: length = 5 + (Int(inbound[3]) | Int(inbound[4]) << 8)
        default: return nil
        }
        guard inbound.count >= length else { return nil }
        defer { inbound.removeFirst(length) }
        return Array(inbound[0..<length])
    }

    // MARK: commands

    private func commandComplete(_ opcode: UInt16, _ parameters: [UInt8]) {
        answer([0x04, 0x0E, UInt8(3 + parameters.count), 0x01] + le16(opcode) + parameters)
    }

    private func commandStatus(_ opcode: UInt16, _ status: UInt8) {
        answer([0x04, 0x0F, 0x04, status, 0x01] + le16(opcode))
    }

    private func command(_ packet: [UInt8]) {
        guard packet.count >= 3 else { return }
        let opcode = UInt16(packet[0]) | UInt16(packet[1]) << 8
        let parameters = Array(packet.dropFirst(3))
        commands.append(opcode)
        commandTimesNs.append(nowNs)
        if !behaviour.answersReset { return } // wedged from the start: nothing is answered
        switch opcode {
        case 0x0C03: // Reset: every link and the pending connect end, scanning stops
            powerCycle(strapReason: 0x16)
            commandComplete(opcode, [0x00])
        case 0x1001: // Read Local Version Information: 5.0
            commandComplete(opcode, [0x00, 0x09, 0x00, 0x00, 0x09, 0xFF, 0xFF, 0x00, 0x00])
        case 0x1009: // Read BD_ADDR
            commandComplete(opcode, [0x00, 0x06, 0x05, 0x04, 0x03, 0x02, 0xC0])
        case 0x2002: // LE Read Buffer Size
            commandComplete(opcode, [0x00] + le16(UInt16(behaviour.aclMaxPayload)) + [UInt8(behaviour.aclBuffers)])
        case 0x200C: // LE Set Scan Enable
            isScanning = parameters.first == 1
            commandComplete(opcode, [0x00])
        case 0x200D: // LE Create Connection
            guard pendingConnect == nil, parameters.count >= 12 else {
                if pendingConnect != nil { connectsWhilePending += 1 }
                return commandStatus(opcode, 0x0C)
            }
            pendingConnect = parameters[6..<12].reversed().reduce(0) { $0 << 8 | UInt64($1) }
            commandStatus(opcode, 0x00)
        case 0x200E: // LE Create Connection Cancel
            guard let peer = pendingConnect else { return commandComplete(opcode, [0x0C]) }
            commandComplete(opcode, [0x00])
            if behaviour.confirmsCancel {
                pendingConnect = nil
                answer(connectionComplete(status: 0x02, handle: 0, peer: peer))
            }
        case 0x0406: // Disconnect
            let handle = parameters.count >= 2 ? (UInt16(parameters[0]) | UInt16(parameters[1]) << 8) & 0x0FFF : 0
            guard let strap = links[handle] else { return commandStatus(opcode, 0x02) }
            commandStatus(opcode, 0x00)
            after(behaviour.latencyNs * 2) { [weak self] in self?.linkEnded(handle, strap: strap, hostReason: 0x16) }
        case 0x2013: // LE Connection Update: accepted, nothing to report that the host needs
            commandStatus(opcode, 0x00)
        default: // event masks, scan parameters, parameter request replies
            commandComplete(opcode, [0x00])
        }
    }

    private func connectionComplete(status: UInt8, handle: UInt16, peer: UInt64) -> [UInt8] {
        let address = (0..<6).map { UInt8(truncatingIfNeeded: peer >> (8 * UInt64($0))) }
        // In parts: Debian's Swift 6.2.3 (the arm64 build) gives up type-checking it as one sum.
        let head: [UInt8] = [0x04, 0x3E, 0x13, 0x01, status] + le16(handle) + [0x00, 0x00]
        let timing: [UInt8] = le16(24) + le16(0) + le16(500) + [0x00]
        return head + address + timing
    }

    private func linkEnded(_ handle: UInt16, strap: VirtualStrap, hostReason: UInt8) {
        guard links[handle] === strap else { return }
        links[handle] = nil
        buffered.removeAll { $0.handle == handle } // flushed: the host gets its buffers back from the disconnection
        strap.disconnected(reason: hostReason)
        emit([0x04, 0x05, 0x04, 0x00] + le16(handle) + [hostReason])
    }

    /// The strap went out of range while connected: the link ends by supervision timeout (reason 0x08),
    /// with whatever the host had sent on it still in the controller's buffers.
    public func loseLink(to strap: VirtualStrap) {
        guard let handle = links.first(where: { $0.value === strap })?.key else { return }
        linkEnded(handle, strap: strap, hostReason: 0x08)
    }

    /// Packets the host sent on the strap's link that the controller has not completed yet.
    public func packetsBuffered(for strap: VirtualStrap) -> Int {
        guard let handle = links.first(where: { $0.value === strap })?.key else { return 0 }
        return buffered.filter { $0.handle == handle }.count
    }

    // MARK: radio

    /// The strap's advertisements, one per interval at its phase, for as long as this power cycle
    /// lasts; none while it is connected (to this controller or another on the same radio).
    private func scheduleAdvertising(_ strap: VirtualStrap) {
        let generation = self.generation
        let interval = strap.advertisingIntervalNs
        let next = (nowNs / interval + 1) * interval + strap.phaseNs % interval
        after(next - nowNs) { [weak self, weak strap] in
            guard let self, let strap, self.generation == generation else { return }
            if strap.present, !strap.isConnected { self.advertised(strap) }
            self.scheduleAdvertising(strap)
        }
    }

    private func advertised(_ strap: VirtualStrap) {
        if isScanning {
            let address = (0..<6).map { UInt8(truncatingIfNeeded: strap.address >> (8 * UInt64($0))) }
            let data = strap.advertisingData(nowNs: nowNs)
            let report: [UInt8] = [0x02, 0x01, 0x00, 0x00] + address + [UInt8(data.count)] + data + [0xC4] // ADV_IND, public, -60 dBm
            emit([0x04, 0x3E, UInt8(report.count)] + report)
        }
        guard pendingConnect == strap.address, strap.acceptsConnections else { return }
        pendingConnect = nil
        let handle = nextHandle
        nextHandle = nextHandle == 0x0EFF ? 0x0040 : nextHandle + 1
        links[handle] = strap
        strap.connected(handle, nowNs: nowNs)
        emit(connectionComplete(status: 0x00, handle: handle, peer: strap.address))
        scheduleNotifications(strap, handle: handle)
    }

    private func scheduleNotifications(_ strap: VirtualStrap, handle: UInt16) {
        after(10_000_000) { [weak self, weak strap] in
            guard let self, let strap, self.links[handle] === strap else { return }
            if let pdu = strap.notificationDue(nowNs: self.nowNs) { self.sendATT(pdu, handle: handle) }
            self.scheduleNotifications(strap, handle: handle)
        }
    }

    // MARK: ACL

    private func acl(_ packet: [UInt8]) {
        guard packet.count >= 4 else { return }
        let handle = (UInt16(packet[0]) | UInt16(packet[1]) << 8) & 0x0FFF
        if buffered.count >= behaviour.aclBuffers { bufferOverruns += 1 }
        let event = behaviour.connectionEventNs
        let done = ((nowNs + behaviour.latencyNs) / event + 1) * event
        buffered.append((handle, done))
        after(done - nowNs) { [weak self] in self?.reportCompleted() }
        // Whole L2CAP frames only: the host's requests fit one packet of 27 bytes.
        guard let strap = links[handle], packet[2] & 0x30 != 0x10, packet.count >= 8, packet[6] == 0x04, packet[7] == 0x00 else { return }
        if let reply = strap.answer(Array(packet.dropFirst(8)), nowNs: nowNs) {
            after(behaviour.connectionEventNs) { [weak self] in
                guard let self, self.links[handle] === strap else { return }
                self.sendATT(reply, handle: handle)
            }
        }
    }

    private func sendATT(_ pdu: [UInt8], handle: UInt16) {
        let l2cap = le16(UInt16(pdu.count)) + le16(0x0004) + pdu
        emit([0x02] + le16(handle | 0x2000) + le16(UInt16(l2cap.count)) + l2cap)
    }

    /// Every packet sent by now, reported in one event, link by link (handle, count pairs).
    private func reportCompleted() {
        let done = buffered.filter { $0.doneAtNs <= nowNs }
        guard !done.isEmpty else { return }
        buffered.removeAll { $0.doneAtNs <= nowNs }
        var counts: [(handle: UInt16, count: UInt16)] = []
        for packet in done {
            if let i = counts.firstIndex(where: { $0.handle == packet.handle }) { counts[i].count += 1 } else { counts.append((packet.handle, 1)) }
        }
        mostLinksInOneCompletion = max(mostLinksInOneCompletion, counts.count)
        let factor: UInt16 = behaviour.overstatesCompletions ? 2 : 1
        emit([0x04, 0x13, UInt8(1 + 4 * counts.count), UInt8(counts.count)] + counts.flatMap { le16($0.handle) + le16($0.count * factor) })
    }
}

import HeartRateProtocol

/// What a host engine reports to its owner (the link manager), on the owner's thread.
public protocol HostEngineDelegate: AnyObject {
    func hostBecameReady(_ host: HostEngine)
    /// The controller cannot be used (bring-up failed, hardware error, broken framing).
    func host(_ host: HostEngine, failed reason: String)
    func host(_ host: HostEngine, sawAdvertisement report: AdvertisingReport)
    func host(_ host: HostEngine, connected handle: UInt16, to peer: BDAddress)
    func host(_ host: HostEngine, failedToConnect peer: BDAddress, status: UInt8)
    func host(_ host: HostEngine, subscribed handle: UInt16)
    func host(_ host: HostEngine, disconnected handle: UInt16, peer: BDAddress, reason: UInt8)
    /// A Heart Rate Measurement value, still encoded (a slice valid only during the call).
    func host(_ host: HostEngine, heartRateMeasurement value: ArraySlice<UInt8>, handle: UInt16)
    func host(_ host: HostEngine, batteryLevel level: UInt8, handle: UInt16)
    /// Bytes that broke a rule (counted, logged; never fatal for other links).
    func host(_ host: HostEngine, discardedMalformed what: String, handle: UInt16?)
}

/// One controller's host: bring-up, scanning, one LE Create Connection at a
/// time, ACL flow control, and per-connection L2CAP/ATT/GATT. Pure and single
/// threaded: bytes in through `receive`, time in through `tick`, bytes out
/// through `send`. The owner decides whom to connect and when.
public final class HostEngine {
    public struct Configuration: Sendable {
        public var connectionParameters = HCICommand.ConnectionParameters.straps
        /// A connect not completed by then is cancelled (the strap went away mid-attempt).
        public var connectTimeoutNs: UInt64 = 4_000_000_000
        public var attTransactionTimeoutNs: UInt64 = 30_000_000_000
        public init() {}
    }

    public struct Connection {
        public let handle: UInt16
        public let peer: BDAddress
        public internal(set) var gatt: GATTClient
        var packetsInFlight = 0
    }

    public weak var delegate: HostEngineDelegate?
    public let configuration: Configuration
    private let send: ([UInt8]) -> Void

    public private(set) var isReady = false
    public private(set) var localAddress: BDAddress?
    public private(set) var hciVersion: UInt8?
    public private(set) var connections: [UInt16: Connection] = [:]
    /// Kept apart from `connections`: reassembly calls back into code that reads `connections`.
    private var reassemblers: [UInt16: L2CAPReassembler] = [:]
    /// The connect in progress: one at a time per controller (a second is rejected, and some kernels leak it).
    public private(set) var pendingConnect: (peer: BDAddress, sinceNs: UInt64, cancelSentNs: UInt64?)?

    private var commandCredits = 1
    private var commandQueue: [[UInt8]] = []
    private var aclMaxPayload = 27
    private var aclCredits = 0
    private var aclQueue: [(handle: UInt16, packet: [UInt8])] = []
    private var framer = H4Framer()
    private var wantScan = (enabled: false, active: false)
    private var scanState = (enabled: false, active: false)
    private var failed = false

    public init(configuration: Configuration = Configuration(), send: @escaping ([UInt8]) -> Void) {
        self.configuration = configuration
        self.send = send
    }

    // MARK: inputs

    /// Starts controller bring-up: Reset, event masks, version, address, buffer sizes.
    public func start() {
        for command in [HCICommand.reset(), HCICommand.setEventMask(), HCICommand.leSetEventMask(),
                        HCICommand.readLocalVersion(), HCICommand.readBDAddr(), HCICommand.leReadBufferSize()] {
            enqueue(command)
        }
    }

    /// Feeds bytes read from the transport.
    public func receive(_ bytes: ArraySlice<UInt8>, nowNs: UInt64) {
        guard !failed else { return }
        framer.append(bytes)
        do throws(H4Framer.FramingError) {
            try framer.drain { type, packet in
                switch type {
                case .event: handleEvent(packet, nowNs: nowNs)
                case .acl: handleACL(packet, nowNs: nowNs)
                default: break // SCO/ISO/commands from a controller: not ours
                }
            }
        } catch {
            fail("H4 framing lost (indicator byte \(error)); the transport is not an HCI H4 stream")
        }
    }

    /// Checks timeouts: a connect that hangs, an ATT request that is never answered.
    public func tick(nowNs: UInt64) {
        if let pending = pendingConnect {
            if let cancelled = pending.cancelSentNs {
                // Some controllers never confirm a cancel: give up on it after 2 s.
                if nowNs &- cancelled > 2_000_000_000 {
                    pendingConnect = nil
                    delegate?.host(self, failedToConnect: pending.peer, status: 0x02)
                }
            } else if nowNs &- pending.sinceNs > configuration.connectTimeoutNs {
                pendingConnect?.cancelSentNs = nowNs
                enqueue(HCICommand.leCreateConnectionCancel())
            }
        }
        for (handle, connection) in connections where connection.gatt.hasTimedOut(nowNs: nowNs) {
            delegate?.host(self, discardedMalformed: "ATT transaction timed out", handle: handle)
            connections[handle]?.gatt = GATTClient() // stop timing; the disconnect follows
            disconnect(handle: handle)
        }
    }

    // MARK: requests from the owner

    public func setScanning(enabled: Bool, active: Bool) {
        wantScan = (enabled, active)
        applyScan()
    }

    /// Starts connecting to `peer`; false while another connect is pending or the controller is not ready.
    @discardableResult
    public func connect(to peer: BDAddress, nowNs: UInt64) -> Bool {
        guard isReady, pendingConnect == nil else { return false }
        pendingConnect = (peer, nowNs, nil)
        enqueue(HCICommand.leCreateConnection(to: peer, parameters: configuration.connectionParameters))
        return true
    }

    public func disconnect(handle: UInt16) {
        enqueue(HCICommand.disconnect(handle: handle))
    }

    public var connectionCount: Int { connections.count }

    // MARK: HCI commands with flow control

    private func enqueue(_ command: [UInt8]) {
        commandQueue.append(command)
        pumpCommands()
    }

    private func pumpCommands() {
        while commandCredits > 0, !commandQueue.isEmpty {
            commandCredits -= 1
            send(commandQueue.removeFirst())
        }
    }

    private func fail(_ reason: String) {
        guard !failed else { return }
        failed = true
        delegate?.host(self, failed: reason)
    }

    private func applyScan() {
        guard isReady, wantScan != scanState else { return }
        if scanState.enabled { enqueue(HCICommand.leSetScanEnable(false)) }
        if wantScan.enabled {
            enqueue(HCICommand.leSetScanParameters(active: wantScan.active))
            enqueue(HCICommand.leSetScanEnable(true))
        }
        scanState = wantScan
    }

    // MARK: events

    private func handleEvent(_ packet: ArraySlice<UInt8>, nowNs: UInt64) {
        let event: HCIEvent
        do { event = try HCIEvent.decode(packet) } catch {
            delegate?.host(self, discardedMalformed: error.description, handle: nil)
            return
        }
        switch event {
        case .commandComplete(let credits, let opcode, let parameters):
            commandCredits = Int(credits)
            commandCompleted(opcode: opcode, parameters: parameters)
            pumpCommands()
        case .commandStatus(let status, let credits, let opcode):
            commandCredits = Int(credits)
            if opcode == HCICommand.Opcode.leCreateConnection, status != 0, let pending = pendingConnect {
                pendingConnect = nil
                delegate?.host(self, failedToConnect: pending.peer, status: status)
            }
            pumpCommands()
        case .disconnectionComplete(let status, let handle, let reason):
            guard status == 0, let connection = connections.removeValue(forKey: handle) else { return }
            reassemblers[handle] = nil
            aclCredits += connection.packetsInFlight // the controller flushed them
            aclQueue.removeAll { $0.handle == handle }
            delegate?.host(self, disconnected: handle, peer: connection.peer, reason: reason)
            pumpACL()
        case .numberOfCompletedPackets(let pairs):
            var i = pairs.startIndex
            let count = pairs.count / 4
            for n in 0..<count {
                let h = i + n * 2
                let handle = (UInt16(pairs[h]) | UInt16(pairs[h + 1]) << 8) & 0x0FFF
                let c = i + count * 2 + n * 2
                let completed = Int(UInt16(pairs[c]) | UInt16(pairs[c + 1]) << 8)
                aclCredits += completed
                connections[handle]?.packetsInFlight -= completed
            }
            i = pairs.endIndex
            pumpACL()
        case .hardwareError(let code):
            fail("controller hardware error 0x\(String(code, radix: 16)); reset or replug the adapter")
        case .leConnectionComplete(let complete):
            connectionCompleted(complete, nowNs: nowNs)
        case .leAdvertisingReports(let reports):
            do {
                try reports.forEach { report in delegate?.host(self, sawAdvertisement: report) }
            } catch {
                delegate?.host(self, discardedMalformed: error.description, handle: nil)
            }
        case .leConnectionUpdateComplete:
            break
        case .leRemoteConnectionParameterRequest(let handle, let parameters):
            enqueue(parameters.isWithinSpecLimits
                    ? HCICommand.leRemoteConnectionParameterRequestReply(handle: handle, parameters)
                    : HCICommand.leRemoteConnectionParameterRequestNegativeReply(handle: handle))
        case .other:
            break
        }
    }

    private func commandCompleted(opcode: UInt16, parameters: ArraySlice<UInt8>) {
        let status = parameters.first ?? 0xFF
        var r = ByteReader(parameters.dropFirst(), what: "command complete 0x\(String(opcode, radix: 16))")
        switch opcode {
        case HCICommand.Opcode.reset:
            if status != 0 { fail("controller refused HCI Reset (status 0x\(String(status, radix: 16)))") }
        case HCICommand.Opcode.readLocalVersion:
            hciVersion = try? r.uint8()
        case HCICommand.Opcode.readBDAddr:
            if let bytes = try? r.slice(6) { localAddress = BDAddress(littleEndian: bytes, at: bytes.startIndex, type: 0) }
        case HCICommand.Opcode.leReadBufferSize:
            guard status == 0, let length = try? r.uint16(), let total = try? r.uint8() else {
                fail("controller has no LE support (LE Read Buffer Size failed)")
                return
            }
            if length == 0 || total == 0 {
                enqueue(HCICommand.readBufferSize()) // LE shares the BR/EDR buffers
            } else {
                becomeReady(maxPayload: Int(length), packets: Int(total))
            }
        case HCICommand.Opcode.readBufferSize:
            guard status == 0, let length = try? r.uint16(), (try? r.uint8()) != nil, let total = try? r.uint16() else {
                fail("controller reports no ACL buffers")
                return
            }
            becomeReady(maxPayload: Int(length), packets: Int(total))
        case HCICommand.Opcode.leCreateConnectionCancel:
            break // the Connection Complete (status 0x02) follows, or the tick gives up
        default:
            break // scan and mask commands: a refusal shows up as silence, handled by the owner
        }
    }

    private func becomeReady(maxPayload: Int, packets: Int) {
        aclMaxPayload = maxPayload
        aclCredits = packets
        isReady = true
        delegate?.hostBecameReady(self)
        applyScan()
    }

    private func connectionCompleted(_ complete: HCIEvent.LEConnectionComplete, nowNs: UInt64) {
        let pending = pendingConnect
        if let pending, pending.peer.sameDevice(as: complete.peer) || complete.status != 0 { pendingConnect = nil }
        guard complete.status == 0 else {
            delegate?.host(self, failedToConnect: pending?.peer ?? complete.peer, status: complete.status)
            return
        }
        var connection = Connection(handle: complete.handle, peer: complete.peer,
                                    gatt: GATTClient(transactionTimeoutNs: configuration.attTransactionTimeoutNs))
        let events = connection.gatt.start(nowNs: nowNs)
        connections[complete.handle] = connection
        reassemblers[complete.handle] = L2CAPReassembler()
        delegate?.host(self, connected: complete.handle, to: complete.peer)
        perform(events, handle: complete.handle)
    }

    // MARK: ACL, L2CAP, ATT

    private func sendL2CAP(handle: UInt16, channel: UInt16, _ payload: [UInt8]) {
        for packet in L2CAP.aclPackets(handle: handle, channel: channel, payload: payload, maxACLPayload: aclMaxPayload) {
            aclQueue.append((handle, packet))
        }
        pumpACL()
    }

    private func pumpACL() {
        while aclCredits > 0, !aclQueue.isEmpty {
            let next = aclQueue.removeFirst()
            aclCredits -= 1
            connections[next.handle]?.packetsInFlight += 1
            send(next.packet)
        }
    }

    private func handleACL(_ packet: ArraySlice<UInt8>, nowNs: UInt64) {
        guard packet.count >= 2 else { return }
        let handle = (UInt16(packet[packet.startIndex]) | UInt16(packet[packet.startIndex + 1]) << 8) & 0x0FFF
        guard connections[handle] != nil else { return } // late data of a closed link
        do throws(L2CAPReassembler.Failure) {
            try reassemblers[handle]!.accept(packet) { channel, payload in
                handleL2CAP(handle: handle, channel: channel, payload, nowNs: nowNs)
            }
        } catch {
            delegate?.host(self, discardedMalformed: "L2CAP fragment: \(error)", handle: handle)
        }
    }

    private func handleL2CAP(handle: UInt16, channel: UInt16, _ payload: ArraySlice<UInt8>, nowNs: UInt64) {
        switch channel {
        case L2CAP.attChannel:
            handleATT(handle: handle, payload, nowNs: nowNs)
        case L2CAP.signallingChannel:
            if case .respond(let response, let update) = L2CAPSignalling.reply(to: payload) {
                sendL2CAP(handle: handle, channel: L2CAP.signallingChannel, response)
                if let update { enqueue(HCICommand.leConnectionUpdate(handle: handle, update)) }
            }
        case L2CAP.securityChannel:
            if let reply = SecurityManager.reply(to: payload) { sendL2CAP(handle: handle, channel: L2CAP.securityChannel, reply) }
        default:
            break // dynamic channels are never opened by us
        }
    }

    private func handleATT(handle: UInt16, _ pdu: ArraySlice<UInt8>, nowNs: UInt64) {
        guard let opcode = pdu.first, let connection = connections[handle] else { return }
        switch opcode {
        case ATT.Opcode.handleValueNotification, ATT.Opcode.handleValueIndication:
            if opcode == ATT.Opcode.handleValueIndication { sendL2CAP(handle: handle, channel: L2CAP.attChannel, ATT.confirmation) }
            guard pdu.count >= 3 else {
                delegate?.host(self, discardedMalformed: "ATT notification without a handle", handle: handle)
                return
            }
            let attribute = UInt16(pdu[pdu.startIndex + 1]) | UInt16(pdu[pdu.startIndex + 2]) << 8
            let value = pdu[(pdu.startIndex + 3)...]
            if attribute == connection.gatt.heartRateValueHandle {
                delegate?.host(self, heartRateMeasurement: value, handle: handle)
            } else if attribute == connection.gatt.batteryValueHandle {
                if let level = try? BatteryLevel.decode(value) {
                    delegate?.host(self, batteryLevel: level, handle: handle)
                } else {
                    delegate?.host(self, discardedMalformed: "battery level notification", handle: handle)
                }
            }
        case ATT.Opcode.exchangeMTURequest:
            sendL2CAP(handle: handle, channel: L2CAP.attChannel, ATT.exchangeMTUResponse())
        case let op where ATT.isRequestNeedingResponse(op):
            sendL2CAP(handle: handle, channel: L2CAP.attChannel, ATT.errorResponse(request: op))
        case let op where op & 0x40 != 0:
            break // an ATT command (no response expected)
        default:
            let events = connections[handle]!.gatt.handleResponse(pdu, nowNs: nowNs)
            perform(events, handle: handle)
        }
    }

    private func perform(_ events: [GATTClient.Event], handle: UInt16) {
        for event in events {
            switch event {
            case .send(let pdu): sendL2CAP(handle: handle, channel: L2CAP.attChannel, pdu)
            case .heartRateSubscribed: delegate?.host(self, subscribed: handle)
            case .batteryLevel(let level): delegate?.host(self, batteryLevel: level, handle: handle)
            case .failed(let why):
                delegate?.host(self, discardedMalformed: "GATT: \(why)", handle: handle)
                disconnect(handle: handle)
            }
        }
    }
}

import HeartRateProtocol

/// What a host engine reports to its owner (the link manager), on the owner's thread.
public protocol HostEngineDelegate: AnyObject {
    func hostBecameReady(_ host: HostEngine)
    /// The controller cannot be used (bring-up failed or timed out, hardware error, not HCI at all).
    func host(_ host: HostEngine, failed failure: HostFailure)
    func host(_ host: HostEngine, sawAdvertisement report: AdvertisingReport)
    func host(_ host: HostEngine, connected handle: UInt16, to peer: BDAddress)
    func host(_ host: HostEngine, failedToConnect peer: BDAddress, status: UInt8)
    func host(_ host: HostEngine, subscribed handle: UInt16)
    func host(_ host: HostEngine, disconnected handle: UInt16, peer: BDAddress, reason: UInt8)
    /// A Heart Rate Measurement value, still encoded (a slice valid only during the call).
    func host(_ host: HostEngine, heartRateMeasurement value: ArraySlice<UInt8>, handle: UInt16)
    func host(_ host: HostEngine, batteryLevel level: UInt8, handle: UInt16)
    /// What the strap said of itself (body sensor location, manufacturer), once per connection.
    func host(_ host: HostEngine, described description: SensorDescription, handle: UInt16)
    /// Bytes that broke a rule (counted, logged; never fatal for other links).
    func host(_ host: HostEngine, discardedMalformed what: String, handle: UInt16?)
}

extension HostEngineDelegate {
    /// Owners that do not keep what straps say of themselves ignore it.
    public func host(_ host: HostEngine, described description: SensorDescription, handle: UInt16) {}
}

/// One controller's host: bring-up, scanning, one LE Create Connection at a
/// time, ACL flow control, and per-connection L2CAP/ATT/GATT. Pure and single
/// threaded: bytes in through `receive`, time in through `tick`, bytes out
/// through `send`. The owner decides whom to connect and when.
///
/// Its life (`Phase`): bring-up, bounded in time; ready; a reset in place when the
/// controller wedges; an orderly shutdown that lets every strap go; or failed, for the
/// owner to reopen. Lifecycle in `HostEngine+Lifecycle.swift`, links in `HostEngine+Links.swift`.
public final class HostEngine {
    public struct Configuration: Sendable {
        public var connectionParameters = HCICommand.ConnectionParameters.straps
        /// A connect not completed by then is cancelled (the strap went away mid-attempt).
        public var connectTimeoutNs: UInt64 = 4_000_000_000
        /// How long a cancel may go unconfirmed before it is sent again, and again before the
        /// controller is reset: some never end a cancelled connect (see `HostEngine+Lifecycle`).
        public var cancelTimeoutNs: UInt64 = 2_000_000_000
        public var attTransactionTimeoutNs: UInt64 = 30_000_000_000
        /// Reset to ready; a controller that takes longer is not answering.
        public var bringUpTimeoutNs: UInt64 = 5_000_000_000
        /// How long links get to close before a reset, and before the owner closes the transport.
        public var quiesceTimeoutNs: UInt64 = 1_000_000_000
        public init() {}
    }

    public enum Phase: Equatable, Sendable {
        /// Created; `start` begins bring-up.
        case idle
        case bringingUp
        case ready
        /// Letting links go, then Reset and bring-up again, on the same transport.
        case resetting(HostFailure)
        /// Letting links go before the owner closes the transport; `isQuiet` says when done.
        case shuttingDown
        /// Unusable; the owner closes the transport and may open it again.
        case failed(HostFailure)
    }

    public struct Connection {
        public let handle: UInt16
        public let peer: BDAddress
        public internal(set) var gatt: GATTClient
    }

    /// The connect under way (one per controller: a second is rejected, and some kernels leak it).
    public struct PendingConnect: Sendable {
        public let peer: BDAddress
        public let sinceNs: UInt64
        /// When the last LE Create Connection Cancel went, and how many have gone.
        public internal(set) var cancelSentNs: UInt64?
        public internal(set) var cancelsSent = 0
        /// Cancelled twice and still not ended: only a reset frees the controller (see `HostEngine+Lifecycle`).
        public internal(set) var isWedged = false
    }

    public weak var delegate: HostEngineDelegate?
    public let configuration: Configuration
    let send: ([UInt8]) -> Void

    public internal(set) var phase = Phase.idle
    public internal(set) var localAddress: BDAddress?
    public internal(set) var hciVersion: UInt8?
    public internal(set) var connections: [UInt16: Connection] = [:]
    /// Kept apart from `connections`: reassembly calls back into code that reads `connections`.
    var reassemblers: [UInt16: L2CAPReassembler] = [:]
    public internal(set) var pendingConnect: PendingConnect?
    /// Links a Disconnect was sent for, so it goes once.
    var disconnecting: Set<UInt16> = []

    var commandCredits = 1
    var commandQueue: [[UInt8]] = []
    /// Commands sent and not yet answered by Command Complete or Command Status.
    var commandsUnanswered = 0
    var acl = ACLFlowControl()
    var framer = H4Framer()
    var wantScan = (enabled: false, active: false)
    var scanState = (enabled: false, active: false)
    /// Bring-up's deadline, or the quiet period's before a reset.
    var deadlineNs: UInt64 = 0

    public init(configuration: Configuration = Configuration(), send: @escaping ([UInt8]) -> Void) {
        self.configuration = configuration
        self.send = send
    }

    public var isReady: Bool { phase == .ready }
    public var connectionCount: Int { connections.count }

    // MARK: inputs

    /// Feeds bytes read from the transport.
    public func receive(_ bytes: ArraySlice<UInt8>, nowNs: UInt64) {
        if case .failed = phase { return }
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
            fail(HostFailure(summary: "not an HCI controller", detail: "\(error); is this an HCI H4 stream?"))
        }
    }

    /// Checks timeouts: bring-up, a connect that hangs, a cancel never confirmed, an ATT request never answered.
    public func tick(nowNs: UInt64) {
        switch phase {
        case .bringingUp: checkBringUp(nowNs: nowNs)
        case .resetting: if isQuiet || nowNs >= deadlineNs { restart(nowNs: nowNs) }
        case .ready: checkPendingConnect(nowNs: nowNs)
        case .idle, .shuttingDown, .failed: break
        }
        guard isReady else { return }
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
        pendingConnect = PendingConnect(peer: peer, sinceNs: nowNs)
        enqueue(HCICommand.leCreateConnection(to: peer, parameters: configuration.connectionParameters))
        return true
    }

    public func disconnect(handle: UInt16) {
        guard connections[handle] != nil, disconnecting.insert(handle).inserted else { return }
        enqueue(HCICommand.disconnect(handle: handle))
    }

    // MARK: HCI commands with flow control

    func enqueue(_ command: [UInt8]) {
        commandQueue.append(command)
        pumpCommands()
    }

    func pumpCommands() {
        while commandCredits > 0, !commandQueue.isEmpty {
            commandCredits -= 1
            commandsUnanswered += 1
            send(commandQueue.removeFirst())
        }
    }

    /// A Command Complete or Command Status: the controller's credits, and one command answered
    /// (opcode 0 only hands out credits).
    private func commandAnswered(opcode: UInt16, credits: UInt8) {
        commandCredits = Int(credits)
        if opcode != 0 { commandsUnanswered = max(0, commandsUnanswered - 1) }
    }

    func applyScan() {
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
            commandAnswered(opcode: opcode, credits: credits)
            commandCompleted(opcode: opcode, parameters: parameters, nowNs: nowNs)
            pumpCommands()
        case .commandStatus(let status, let credits, let opcode):
            commandAnswered(opcode: opcode, credits: credits)
            if opcode == HCICommand.Opcode.leCreateConnection, status != 0, let pending = pendingConnect {
                pendingConnect = nil
                delegate?.host(self, failedToConnect: pending.peer, status: status)
            }
            if opcode == HCICommand.Opcode.disconnect, status != 0 {
                // Refused (unknown handle, link already going): let a later request try again.
                disconnecting.removeAll()
            }
            pumpCommands()
        case .disconnectionComplete(let status, let handle, let reason):
            guard status == 0 else { return }
            linkClosed(handle: handle, reason: reason)
        case .numberOfCompletedPackets(let completed):
            completed.forEach { handle, count in acl.completed(handle: handle, count: count) }
            pumpACL()
        case .hardwareError(let code):
            fail(HostFailure(summary: "hardware error", detail: "the controller reported hardware error 0x\(String(code, radix: 16)); reset or replug the adapter"))
        case .leConnectionComplete(let complete):
            connectionCompleted(complete, nowNs: nowNs)
        case .leAdvertisingReports(let reports):
            guard isReady else { return }
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

    private func commandCompleted(opcode: UInt16, parameters: ArraySlice<UInt8>, nowNs: UInt64) {
        let status = parameters.first ?? 0xFF
        var r = ByteReader(parameters.dropFirst(), what: "command complete 0x\(String(opcode, radix: 16))")
        switch opcode {
        case HCICommand.Opcode.reset:
            if status != 0 { fail(HostFailure(summary: "refused reset", detail: "the controller refused HCI Reset (status 0x\(String(status, radix: 16)))")) }
        case HCICommand.Opcode.readLocalVersion:
            hciVersion = try? r.uint8()
        case HCICommand.Opcode.readBDAddr:
            if let bytes = try? r.slice(6) { localAddress = BDAddress(littleEndian: bytes, at: bytes.startIndex, type: 0) }
        case HCICommand.Opcode.leReadBufferSize:
            guard status == 0, let length = try? r.uint16(), let total = try? r.uint8() else {
                fail(HostFailure(summary: "no Bluetooth LE", detail: "the controller has no LE support (LE Read Buffer Size failed)"))
                return
            }
            if length == 0 || total == 0 {
                enqueue(HCICommand.readBufferSize()) // LE shares the BR/EDR buffers
            } else {
                becomeReady(maxPayload: Int(length), packets: Int(total))
            }
        case HCICommand.Opcode.readBufferSize:
            guard status == 0, let length = try? r.uint16(), (try? r.uint8()) != nil, let total = try? r.uint16() else {
                fail(HostFailure(summary: "no ACL buffers", detail: "the controller reports no ACL buffers"))
                return
            }
            becomeReady(maxPayload: Int(length), packets: Int(total))
        case HCICommand.Opcode.leCreateConnectionCancel:
            break // the Connection Complete (status 0x02) follows, or the tick escalates
        default:
            break // scan and mask commands: a refusal shows up as silence, handled by the owner
        }
    }
}

/// HCI commands the host sends (Core Spec Vol 4 Part E §7), H4-framed.
public enum HCICommand {
    public enum Opcode {
        public static let disconnect: UInt16 = 0x0406
        public static let setEventMask: UInt16 = 0x0C01
        public static let reset: UInt16 = 0x0C03
        public static let readLocalVersion: UInt16 = 0x1001
        public static let readBufferSize: UInt16 = 0x1005
        public static let readBDAddr: UInt16 = 0x1009
        public static let leSetEventMask: UInt16 = 0x2001
        public static let leReadBufferSize: UInt16 = 0x2002
        public static let leSetScanParameters: UInt16 = 0x200B
        public static let leSetScanEnable: UInt16 = 0x200C
        public static let leCreateConnection: UInt16 = 0x200D
        public static let leCreateConnectionCancel: UInt16 = 0x200E
        public static let leConnectionUpdate: UInt16 = 0x2013
        public static let leRemoteConnectionParameterRequestReply: UInt16 = 0x2020
        public static let leRemoteConnectionParameterRequestNegativeReply: UInt16 = 0x2021
    }

    /// `[0x01][opcode LE][length][parameters]`
    public static func packet(_ opcode: UInt16, _ parameters: [UInt8] = []) -> [UInt8] {
        [0x01, UInt8(truncatingIfNeeded: opcode), UInt8(truncatingIfNeeded: opcode >> 8), UInt8(truncatingIfNeeded: parameters.count)] + parameters
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }

    public static func reset() -> [UInt8] { packet(Opcode.reset) }
    public static func readLocalVersion() -> [UInt8] { packet(Opcode.readLocalVersion) }
    public static func readBDAddr() -> [UInt8] { packet(Opcode.readBDAddr) }
    public static func readBufferSize() -> [UInt8] { packet(Opcode.readBufferSize) }
    public static func leReadBufferSize() -> [UInt8] { packet(Opcode.leReadBufferSize) }

    /// The controller's default events plus LE Meta (bit 61).
    public static func setEventMask() -> [UInt8] {
        packet(Opcode.setEventMask, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F, 0x00, 0x20])
    }

    /// Connection Complete, Advertising Report, Connection Update Complete,
    /// Remote Connection Parameter Request, Enhanced Connection Complete, Extended Advertising Report.
    public static func leSetEventMask() -> [UInt8] {
        let mask: UInt64 = 1 << 0 | 1 << 1 | 1 << 2 | 1 << 5 | 1 << 9 | 1 << 11
        return packet(Opcode.leSetEventMask, (0..<8).map { UInt8(truncatingIfNeeded: mask >> (8 * UInt64($0))) })
    }

    /// Passive scanning hears broadcasts far more often on onboard chips; active asks for scan responses (names).
    public static func leSetScanParameters(active: Bool, intervalSlots: UInt16 = 0x0030, windowSlots: UInt16 = 0x0030) -> [UInt8] {
        packet(Opcode.leSetScanParameters, [active ? 1 : 0] + le16(intervalSlots) + le16(windowSlots) + [0x00, 0x00])
    }

    /// Duplicate filtering off: broadcast heart rates change in place and every report counts.
    public static func leSetScanEnable(_ enable: Bool) -> [UInt8] {
        packet(Opcode.leSetScanEnable, [enable ? 1 : 0, 0x00])
    }

    public struct ConnectionParameters: Sendable, Equatable {
        /// 1.25 ms units.
        public var intervalMin: UInt16
        public var intervalMax: UInt16
        public var latency: UInt16
        /// 10 ms units.
        public var supervisionTimeout: UInt16
        public init(intervalMin: UInt16, intervalMax: UInt16, latency: UInt16, supervisionTimeout: UInt16) {
            self.intervalMin = intervalMin; self.intervalMax = intervalMax
            self.latency = latency; self.supervisionTimeout = supervisionTimeout
        }
        /// 30–50 ms interval, no latency, 5 s supervision timeout (≥ 4 s keeps straps at the edge of range).
        public static let straps = ConnectionParameters(intervalMin: 24, intervalMax: 40, latency: 0, supervisionTimeout: 500)

        /// The limits of Core Spec Vol 6 Part B §4.5.1 / Vol 3 Part A §4.20.
        public var isWithinSpecLimits: Bool {
            intervalMin >= 6 && intervalMax <= 3200 && intervalMin <= intervalMax && latency <= 499
                && (10...3200).contains(supervisionTimeout)
                && UInt32(supervisionTimeout) * 4 > (1 + UInt32(latency)) * UInt32(intervalMax)
        }

        var bytes: [UInt8] { le16(intervalMin) + le16(intervalMax) + le16(latency) + le16(supervisionTimeout) }
    }

    public static func leCreateConnection(to peer: BDAddress, parameters: ConnectionParameters = .straps) -> [UInt8] {
        // In parts: as one sum, Swift 6.2's type checker gives up on it (Debian's swiftlang, the arm64 build).
        let scanIntervalAndWindow: [UInt8] = le16(0x0060) + le16(0x0060)
        let filterPolicyPeerAndOwnAddressType: [UInt8] = [0x00, peer.type] + peer.littleEndianBytes + [0x00]
        let connectionEventLengths: [UInt8] = le16(0) + le16(0)
        return packet(Opcode.leCreateConnection,
                      scanIntervalAndWindow + filterPolicyPeerAndOwnAddressType + parameters.bytes + connectionEventLengths)
    }

    public static func leCreateConnectionCancel() -> [UInt8] { packet(Opcode.leCreateConnectionCancel) }

    public static func leConnectionUpdate(handle: UInt16, _ parameters: ConnectionParameters) -> [UInt8] {
        packet(Opcode.leConnectionUpdate, le16(handle) + parameters.bytes + le16(0) + le16(0))
    }

    public static func leRemoteConnectionParameterRequestReply(handle: UInt16, _ parameters: ConnectionParameters) -> [UInt8] {
        packet(Opcode.leRemoteConnectionParameterRequestReply, le16(handle) + parameters.bytes + le16(0) + le16(0))
    }

    /// Reason 0x3B: unacceptable connection parameters.
    public static func leRemoteConnectionParameterRequestNegativeReply(handle: UInt16) -> [UInt8] {
        packet(Opcode.leRemoteConnectionParameterRequestNegativeReply, le16(handle) + [0x3B])
    }

    /// Reason 0x13: remote user terminated connection.
    public static func disconnect(handle: UInt16, reason: UInt8 = 0x13) -> [UInt8] {
        packet(Opcode.disconnect, le16(handle) + [reason])
    }
}

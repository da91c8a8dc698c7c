import HeartRateProtocol

/// HCI events the host understands (Core Spec Vol 4 Part E §7.7), decoded from
/// the bytes after the H4 indicator. Advertising reports are not decoded here
/// but walked in place (`AdvertisingReports`), as one event may batch several.
public enum HCIEvent: Equatable {
    case commandComplete(credits: UInt8, opcode: UInt16, returnParameters: ArraySlice<UInt8>)
    case commandStatus(status: UInt8, credits: UInt8, opcode: UInt16)
    case disconnectionComplete(status: UInt8, handle: UInt16, reason: UInt8)
    case numberOfCompletedPackets(CompletedPackets)
    case hardwareError(code: UInt8)
    case leConnectionComplete(LEConnectionComplete)
    case leAdvertisingReports(AdvertisingReports)
    case leConnectionUpdateComplete(status: UInt8, handle: UInt16)
    case leRemoteConnectionParameterRequest(handle: UInt16, HCICommand.ConnectionParameters)
    /// Anything else: legal, and not needed.
    case other(code: UInt8)

    public struct LEConnectionComplete: Equatable, Sendable {
        public var status: UInt8
        public var handle: UInt16
        public var role: UInt8
        public var peer: BDAddress
        public var interval: UInt16
        public var latency: UInt16
        public var supervisionTimeout: UInt16
    }

    public enum Code {
        public static let disconnectionComplete: UInt8 = 0x05
        public static let commandComplete: UInt8 = 0x0E
        public static let commandStatus: UInt8 = 0x0F
        public static let hardwareError: UInt8 = 0x10
        public static let numberOfCompletedPackets: UInt8 = 0x13
        public static let leMeta: UInt8 = 0x3E
    }

    public enum LESubevent {
        public static let connectionComplete: UInt8 = 0x01
        public static let advertisingReport: UInt8 = 0x02
        public static let connectionUpdateComplete: UInt8 = 0x03
        public static let remoteConnectionParameterRequest: UInt8 = 0x06
        public static let enhancedConnectionComplete: UInt8 = 0x0A
        public static let extendedAdvertisingReport: UInt8 = 0x0D
    }

    /// `packet` is `[event code][length][parameters]`.
    public static func decode(_ packet: ArraySlice<UInt8>) throws(ProtocolError) -> HCIEvent {
        var r = ByteReader(packet, what: "HCI event")
        let code = try r.uint8()
        let length = Int(try r.uint8())
        guard r.remaining == length else { throw .badLength(what: "HCI event 0x\(String(code, radix: 16))", length: length) }
        switch code {
        case Code.commandComplete:
            let credits = try r.uint8()
            let opcode = try r.uint16()
            return .commandComplete(credits: credits, opcode: opcode, returnParameters: r.rest())
        case Code.commandStatus:
            let status = try r.uint8()
            let credits = try r.uint8()
            return .commandStatus(status: status, credits: credits, opcode: try r.uint16())
        case Code.disconnectionComplete:
            let status = try r.uint8()
            let handle = try r.uint16() & 0x0FFF
            return .disconnectionComplete(status: status, handle: handle, reason: try r.uint8())
        case Code.numberOfCompletedPackets:
            let count = Int(try r.uint8())
            guard r.remaining == count * 4 else { throw .badLength(what: "Number Of Completed Packets", length: length) }
            return .numberOfCompletedPackets(CompletedPackets(entries: try r.slice(count * 4)))
        case Code.hardwareError:
            return .hardwareError(code: try r.uint8())
        case Code.leMeta:
            return try decodeLEMeta(&r)
        default:
            return .other(code: code)
        }
    }

    private static func decodeLEMeta(_ r: inout ByteReader) throws(ProtocolError) -> HCIEvent {
        let subevent = try r.uint8()
        switch subevent {
        case LESubevent.connectionComplete, LESubevent.enhancedConnectionComplete:
            let status = try r.uint8()
            let handle = try r.uint16() & 0x0FFF
            let role = try r.uint8()
            let peerType = try r.uint8()
            let peerBytes = try r.slice(6)
            if subevent == LESubevent.enhancedConnectionComplete { try r.skip(12) } // local and peer RPAs
            let interval = try r.uint16()
            let latency = try r.uint16()
            let timeout = try r.uint16()
            return .leConnectionComplete(LEConnectionComplete(
                status: status, handle: handle, role: role,
                peer: BDAddress(littleEndian: peerBytes, at: peerBytes.startIndex, type: peerType),
                interval: interval, latency: latency, supervisionTimeout: timeout))
        case LESubevent.advertisingReport, LESubevent.extendedAdvertisingReport:
            return .leAdvertisingReports(AdvertisingReports(bytes: r.rest(), extended: subevent == LESubevent.extendedAdvertisingReport))
        case LESubevent.connectionUpdateComplete:
            let status = try r.uint8()
            return .leConnectionUpdateComplete(status: status, handle: try r.uint16() & 0x0FFF)
        case LESubevent.remoteConnectionParameterRequest:
            let handle = try r.uint16() & 0x0FFF
            let p = HCICommand.ConnectionParameters(intervalMin: try r.uint16(), intervalMax: try r.uint16(),
                                                    latency: try r.uint16(), supervisionTimeout: try r.uint16())
            return .leRemoteConnectionParameterRequest(handle: handle, p)
        default:
            return .other(code: Code.leMeta)
        }
    }
}

/// The entries of one Number Of Completed Packets event (Core Spec Vol 4 Part E §7.7.19).
/// Pairwise — handle, count, handle, count — as Linux (`struct hci_comp_pkts_info`) and
/// bumble lay them out; real controllers report several links in one event under load.
public struct CompletedPackets: Equatable {
    /// `4 × n` bytes: per entry a connection handle and a packet count, each 16-bit little-endian.
    public let entries: ArraySlice<UInt8>

    /// Calls `body(handle, count)` per entry, in order.
    public func forEach(_ body: (UInt16, Int) -> Void) {
        var i = entries.startIndex
        while i + 4 <= entries.endIndex {
            let handle = (UInt16(entries[i]) | UInt16(entries[i + 1]) << 8) & 0x0FFF
            body(handle, Int(entries[i + 2]) | Int(entries[i + 3]) << 8)
            i += 4
        }
    }
}

/// One advertising report: who, how loud, and the advertising data (a slice of the event).
public struct AdvertisingReport: Equatable {
    /// Legacy: 0 ADV_IND … 4 SCAN_RSP. Extended: the event-type bit field.
    public var eventType: UInt16
    public var address: BDAddress
    public var rssi: Int8
    public var data: ArraySlice<UInt8>

    /// Whether the advertiser accepts connections.
    public var isConnectable: Bool
}

/// The reports of one LE Advertising Report or Extended Advertising Report event.
/// Controllers (RTL8761B among them) batch several per event: every one is walked.
public struct AdvertisingReports: Equatable {
    public let bytes: ArraySlice<UInt8>
    public let extended: Bool

    /// Calls `body` per report; a malformed tail ends the walk with an error after the good ones.
    public func forEach(_ body: (AdvertisingReport) -> Void) throws(ProtocolError) {
        var r = ByteReader(bytes, what: extended ? "extended advertising report" : "advertising report")
        let count = Int(try r.uint8())
        for _ in 0..<count {
            if extended {
                let eventType = try r.uint16()
                let addressType = try r.uint8()
                let addressBytes = try r.slice(6)
                try r.skip(4) // primary PHY, secondary PHY, SID, TX power
                let rssi = Int8(bitPattern: try r.uint8())
                try r.skip(9) // periodic interval, direct address type and address
                let length = Int(try r.uint8())
                let data = try r.slice(length)
                body(AdvertisingReport(eventType: eventType,
                                       address: BDAddress(littleEndian: addressBytes, at: addressBytes.startIndex, type: addressType),
                                       rssi: rssi, data: data, isConnectable: eventType & 0x01 != 0))
            } else {
                // Per report: type, address type, address, length, data, RSSI (as controllers and BlueZ lay them out).
                let eventType = try r.uint8()
                let addressType = try r.uint8()
                let addressBytes = try r.slice(6)
                let length = Int(try r.uint8())
                let data = try r.slice(length)
                let rssi = Int8(bitPattern: try r.uint8())
                body(AdvertisingReport(eventType: UInt16(eventType),
                                       address: BDAddress(littleEndian: addressBytes, at: addressBytes.startIndex, type: addressType),
                                       rssi: rssi, data: data, isConnectable: eventType == 0x00 || eventType == 0x01))
            }
        }
    }
}

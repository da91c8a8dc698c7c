import HeartRateProtocol

/// L2CAP on LE (Core Spec Vol 3 Part A): basic frames `[length][channel id][payload]`
/// carried in ACL packets, first fragment flagged "start", the rest "continuation".
public enum L2CAP {
    public static let attChannel: UInt16 = 0x0004
    public static let signallingChannel: UInt16 = 0x0005
    public static let securityChannel: UInt16 = 0x0006

    /// ACL packets for one L2CAP frame, each payload at most `maxACLPayload` bytes.
    public static func aclPackets(handle: UInt16, channel: UInt16, payload: [UInt8], maxACLPayload: Int) -> [[UInt8]] {
        let frame = HCICommand.le16(UInt16(payload.count)) + HCICommand.le16(channel) + payload
        var packets: [[UInt8]] = []
        var offset = 0
        let chunk = max(maxACLPayload, 1)
        while offset < frame.count {
            let end = min(offset + chunk, frame.count)
            let boundary: UInt16 = offset == 0 ? 0x2000 : 0x1000 // first non-flushable start / continuation
            packets.append([0x02] + HCICommand.le16(handle | boundary) + HCICommand.le16(UInt16(end - offset)) + frame[offset..<end])
            offset = end
        }
        return packets
    }
}

/// Reassembles one connection's incoming L2CAP frames from ACL fragments.
/// A frame that arrives whole (the usual case) is handed out as a slice of the
/// ACL packet without copying; only fragmented frames use the buffer.
public struct L2CAPReassembler {
    private var buffer: [UInt8] = []
    private var expected = 0

    public init() { buffer.reserveCapacity(512) }

    public enum Failure: Error, Equatable { case continuationWithoutStart, startDuringFrame, malformed }

    /// `acl` is the bytes after the H4 indicator. Calls `body(channel, payload)` for each complete frame.
    public mutating func accept(_ acl: ArraySlice<UInt8>, _ body: (UInt16, ArraySlice<UInt8>) -> Void) throws(Failure) {
        guard acl.count >= 4 else { throw .malformed }
        let s = acl.startIndex
        let boundary = (UInt16(acl[s + 1]) >> 4) & 0x3
        let length = Int(acl[s + 2]) | Int(acl[s + 3]) << 8
        guard acl.count == 4 + length else { throw .malformed }
        let data = acl[(s + 4)...]
        if boundary == 0x1 { // continuation
            guard expected > 0 else { throw .continuationWithoutStart }
            buffer.append(contentsOf: data)
        } else {
            if expected > 0 { buffer.removeAll(keepingCapacity: true); expected = 0; throw .startDuringFrame }
            guard data.count >= 4 else { throw .malformed }
            let frameLength = Int(data[data.startIndex]) | Int(data[data.startIndex + 1]) << 8
            if data.count == 4 + frameLength {
                body(UInt16(data[data.startIndex + 2]) | UInt16(data[data.startIndex + 3]) << 8, data[(data.startIndex + 4)...])
                return
            }
            guard data.count < 4 + frameLength else { throw .malformed }
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: data)
            expected = 4 + frameLength
        }
        if buffer.count > expected { buffer.removeAll(keepingCapacity: true); expected = 0; throw .malformed }
        if buffer.count == expected {
            let channel = UInt16(buffer[2]) | UInt16(buffer[3]) << 8
            body(channel, buffer[4...])
            buffer.removeAll(keepingCapacity: true)
            expected = 0
        }
    }
}

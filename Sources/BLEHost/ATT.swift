/// Attribute Protocol PDUs (Core Spec Vol 3 Part F §3.4), client side.
public enum ATT {
    public enum Opcode {
        public static let errorResponse: UInt8 = 0x01
        public static let exchangeMTURequest: UInt8 = 0x02
        public static let exchangeMTUResponse: UInt8 = 0x03
        public static let findInformationRequest: UInt8 = 0x04
        public static let findInformationResponse: UInt8 = 0x05
        public static let readByTypeRequest: UInt8 = 0x08
        public static let readByTypeResponse: UInt8 = 0x09
        public static let readRequest: UInt8 = 0x0A
        public static let readResponse: UInt8 = 0x0B
        public static let readByGroupTypeRequest: UInt8 = 0x10
        public static let readByGroupTypeResponse: UInt8 = 0x11
        public static let writeRequest: UInt8 = 0x12
        public static let writeResponse: UInt8 = 0x13
        public static let handleValueNotification: UInt8 = 0x1B
        public static let handleValueIndication: UInt8 = 0x1D
        public static let handleValueConfirmation: UInt8 = 0x1E
    }

    public enum ErrorCode {
        public static let attributeNotFound: UInt8 = 0x0A
        public static let requestNotSupported: UInt8 = 0x06
    }

    /// The MTU Sideline offers; the link uses the smaller of both sides' values.
    public static let clientMTU: UInt16 = 247
    public static let defaultMTU: UInt16 = 23

    static func le16(_ v: UInt16) -> [UInt8] { HCICommand.le16(v) }

    public static func exchangeMTU(_ mtu: UInt16 = clientMTU) -> [UInt8] { [Opcode.exchangeMTURequest] + le16(mtu) }
    public static func exchangeMTUResponse(_ mtu: UInt16 = clientMTU) -> [UInt8] { [Opcode.exchangeMTUResponse] + le16(mtu) }
    public static func readByGroupType(start: UInt16, end: UInt16, type: UInt16) -> [UInt8] {
        [Opcode.readByGroupTypeRequest] + le16(start) + le16(end) + le16(type)
    }
    public static func readByType(start: UInt16, end: UInt16, type: UInt16) -> [UInt8] {
        [Opcode.readByTypeRequest] + le16(start) + le16(end) + le16(type)
    }
    public static func findInformation(start: UInt16, end: UInt16) -> [UInt8] {
        [Opcode.findInformationRequest] + le16(start) + le16(end)
    }
    public static func read(handle: UInt16) -> [UInt8] { [Opcode.readRequest] + le16(handle) }
    public static func write(handle: UInt16, value: [UInt8]) -> [UInt8] { [Opcode.writeRequest] + le16(handle) + value }
    public static let confirmation: [UInt8] = [Opcode.handleValueConfirmation]

    /// A server-side request Sideline does not serve (it has no GATT database of its own).
    public static func errorResponse(request: UInt8, handle: UInt16 = 0, code: UInt8 = ErrorCode.requestNotSupported) -> [UInt8] {
        [Opcode.errorResponse, request] + le16(handle) + [code]
    }

    /// Whether an opcode is a request the peer expects an answer to (not a command, not a response).
    public static func isRequestNeedingResponse(_ opcode: UInt8) -> Bool {
        switch opcode {
        case 0x02, 0x04, 0x06, 0x08, 0x0A, 0x0C, 0x0E, 0x10, 0x12, 0x16, 0x18, 0x20: true
        default: false
        }
    }
}

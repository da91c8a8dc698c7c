/// The LE signalling channel (CID 5, Core Spec Vol 3 Part A §4). A central only
/// has to answer: Connection Parameter Update requests (Polar H7s ask for long
/// intervals, and refusing them kills the link after ~30 s) and anything else
/// with Command Reject.
public enum L2CAPSignalling {
    public static let commandReject: UInt8 = 0x01
    public static let connectionParameterUpdateRequest: UInt8 = 0x12
    public static let connectionParameterUpdateResponse: UInt8 = 0x13

    public enum Reply: Equatable {
        /// Send `response` on CID 5; when `update` is set, also ask the controller for those parameters.
        case respond(response: [UInt8], update: HCICommand.ConnectionParameters?)
        case ignore
    }

    /// What to answer to one signalling frame.
    public static func reply(to payload: ArraySlice<UInt8>) -> Reply {
        guard payload.count >= 4 else { return .ignore }
        let s = payload.startIndex
        let code = payload[s], identifier = payload[s + 1]
        let length = Int(payload[s + 2]) | Int(payload[s + 3]) << 8
        guard payload.count == 4 + length else { return .respond(response: reject(identifier), update: nil) }
        switch code {
        case connectionParameterUpdateRequest:
            guard length == 8 else { return .respond(response: reject(identifier), update: nil) }
            func u16(_ i: Int) -> UInt16 { UInt16(payload[s + 4 + i]) | UInt16(payload[s + 5 + i]) << 8 }
            let requested = HCICommand.ConnectionParameters(intervalMin: u16(0), intervalMax: u16(2), latency: u16(4), supervisionTimeout: u16(6))
            let accepted = requested.isWithinSpecLimits
            let response = [connectionParameterUpdateResponse, identifier, 2, 0, accepted ? 0 : 1, 0]
            return .respond(response: response, update: accepted ? requested : nil)
        case let c where c & 1 == 1 && c != commandReject:
            return .ignore // a response; we send no requests
        case commandReject:
            return .ignore
        default:
            return .respond(response: reject(identifier), update: nil)
        }
    }

    /// Command Reject, reason 0x0000 "command not understood".
    static func reject(_ identifier: UInt8) -> [UInt8] { [commandReject, identifier, 2, 0, 0, 0] }
}

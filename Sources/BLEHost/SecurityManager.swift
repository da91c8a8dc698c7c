/// The Security Manager channel (CID 6, Core Spec Vol 3 Part H). Heart-rate
/// straps need no pairing, and a kiosk must never prompt: every Pairing Request
/// or Security Request gets Pairing Failed, reason Pairing Not Supported.
public enum SecurityManager {
    public static let pairingRequest: UInt8 = 0x01
    public static let pairingFailed: UInt8 = 0x05
    public static let securityRequest: UInt8 = 0x0B
    public static let pairingNotSupported: UInt8 = 0x05

    /// The answer to an SMP PDU, if it needs one.
    public static func reply(to payload: ArraySlice<UInt8>) -> [UInt8]? {
        guard let code = payload.first, code == pairingRequest || code == securityRequest else { return nil }
        return [pairingFailed, pairingNotSupported]
    }
}

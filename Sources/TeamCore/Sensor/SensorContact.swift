/// Skin contact as a Heart Rate Measurement reports it (flags bits 1–2).
public enum SensorContact: UInt8, Sendable, Codable, BitwiseCopyable {
    /// The strap does not report contact at all.
    case notSupported = 0
    /// The strap reports that it is not touching skin (e.g. taken off, dry electrodes).
    case notDetected = 1
    case detected = 2
}

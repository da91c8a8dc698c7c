import HeartRateProtocol

/// Decoding never traps; what decodes re-encodes to bytes that decode to the same
/// value — except RR intervals beyond the nine kept (a large MTU allows more),
/// which are counted in `rrDropped` and not re-encoded.
func fuzzOne(_ bytes: [UInt8]) {
    // Decode from a slice that does not start at index 0, as the host engine hands them out.
    let padded = [0xEE] + bytes
    guard let m = try? HeartRateMeasurement.decode(padded[1...]) else { return }
    let again = try? HeartRateMeasurement.decode(m.encode())
    check(again?.rrIntervals1024 == m.rrIntervals1024 && again?.heartRate == m.heartRate && again?.contact == m.contact
          && again?.energyExpendedKJ == m.energyExpendedKJ && again?.hasRRField == m.hasRRField && again?.isUInt16 == m.isUInt16
          && again?.rrDropped == 0 && m.rrCount + m.rrDropped == (m.hasRRField ? (bytes.count - 1 - (m.isUInt16 ? 2 : 1) - (m.energyExpendedKJ == nil ? 0 : 2)) / 2 : 0),
          "round trip \(bytes) → \(m) → \(String(describing: again))")
}

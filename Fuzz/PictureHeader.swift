import PlayerPhotos

/// A picture's header is read or refused, never a trap; what is read has a positive size and at
/// least one scan, and the limits judge it without trapping either.
func fuzzOne(_ bytes: [UInt8]) {
    guard let header = try? PictureHeader(reading: bytes) else { return }
    check(header.width > 0 && header.height > 0 && header.scans >= 1 && (1...4).contains(header.components),
          "\(header) from \(bytes.prefix(64))")
    _ = try? PhotoLimits.picture.check(header)
    _ = PhotoLimits.decodeBytes(header)
}

import HeartRateProtocol

/// Never traps; valid UTF-8 comes back unchanged once trailing NUL padding is trimmed.
func fuzzOne(_ bytes: [UInt8]) {
    let padded = [0xEE] + bytes
    let name = ManufacturerName.decode(padded[1...])
    var trimmed = bytes[...]
    while trimmed.last == 0 { trimmed = trimmed.dropLast() }
    if let text = String(validating: trimmed, as: UTF8.self) {
        check(name == text && ManufacturerName.encode(name) == Array(trimmed), "manufacturer name \(bytes) → \(name)")
    }
}

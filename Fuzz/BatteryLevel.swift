import HeartRateProtocol

func fuzzOne(_ bytes: [UInt8]) {
    let padded = [0xEE] + bytes
    guard let level = try? BatteryLevel.decode(padded[1...]) else { return }
    check(level <= 100 && bytes == [level], "battery \(bytes) → \(level)")
}

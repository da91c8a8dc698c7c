import HeartRateProtocol

func fuzzOne(_ bytes: [UInt8]) {
    let padded = [0xEE] + bytes
    guard let broadcast = try? PolarBroadcast.decode(padded[1...]) else { return }
    check(broadcast.frameCounter < 8, "frame counter \(broadcast.frameCounter)")
    check(broadcast.encode() == Array(bytes.prefix(4)), "round trip \(bytes) → \(broadcast.encode())")
}

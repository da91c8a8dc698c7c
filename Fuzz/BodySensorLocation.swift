import HeartRateProtocol

func fuzzOne(_ bytes: [UInt8]) {
    let padded = [0xEE] + bytes
    guard let location = try? BodySensorLocation.decode(padded[1...]) else { return }
    check((try? BodySensorLocation.decode(location.encode())) == location, "body sensor location \(bytes)")
}

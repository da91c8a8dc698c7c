import HeartRateProtocol

/// Decoding never traps; walking the structures agrees with the full decode;
/// a decoded advertisement re-encodes to bytes that decode to the same value.
func fuzzOne(_ bytes: [UInt8]) {
    let padded = [0xEE] + bytes
    let slice = padded[1...]
    _ = PolarBroadcast.find(inAdvertisement: slice)
    _ = AdvertisingData.manufacturerPayload(company: GATTNumbers.polarCompanyID, in: slice)
    guard let data = try? AdvertisingData.decode(slice) else { return }
    let again = try? AdvertisingData.decode(data.encode())
    var expected = data
    if let name = data.localName, name.utf8.count > 254 {
        // Too long for one structure (repaired invalid UTF-8 grows): sent as a shortened name.
        check(again?.localName.map { name.hasPrefix($0) && $0.utf8.count <= 254 } == true && again?.localNameComplete == false,
              "shortened name \(bytes)")
        expected.localName = again?.localName
        expected.localNameComplete = false
    }
    check(again == expected, "round trip \(bytes) → \(data) → \(String(describing: again))")
}

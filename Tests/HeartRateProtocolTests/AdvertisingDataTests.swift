import Foundation
import HeartRateProtocol
import XCTest

final class AdvertisingDataTests: XCTestCase {
    /// A Polar H10's advertisement as captured by a scanner: flags, name, 0x180D, Polar data.
    let polarH10: [UInt8] = [
        0x02, 0x01, 0x06,
        0x0F, 0x09] + Array("Polar H10 12345".utf8).prefix(14) + [
        0x03, 0x03, 0x0D, 0x18,
        0x02, 0x0A, 0xF8,
        0x07, 0xFF, 0x6B, 0x00, 0x3F, 0x00, 0x48, 0x4A,
    ]

    func testDecodesEveryFieldSidelineUses() throws {
        let ad = try AdvertisingData.decode(polarH10)
        XCTAssertEqual(ad.flags, 0x06)
        XCTAssertEqual(ad.localName, "Polar H10 1234")
        XCTAssertTrue(ad.localNameComplete)
        XCTAssertEqual(ad.services16, [0x180D])
        XCTAssertTrue(ad.servicesComplete)
        XCTAssertEqual(ad.txPowerDBm, -8)
        XCTAssertEqual(ad.manufacturerData, [.init(companyID: 0x006B, payload: [0x3F, 0x00, 0x48, 0x4A])])
        XCTAssertTrue(AdvertisingData.lists(service: 0x180D, in: polarH10[...]))
        XCTAssertFalse(AdvertisingData.lists(service: 0x180F, in: polarH10[...]))
    }

    func testShortNameIncompleteListAndServiceData() throws {
        let bytes: [UInt8] = [0x05, 0x02, 0x0F, 0x18, 0x0D, 0x18, 0x04, 0x08, 0x48, 0x52, 0x4D, 0x04, 0x16, 0x0F, 0x18, 0x55]
        let ad = try AdvertisingData.decode(bytes)
        XCTAssertEqual(ad.localName, "HRM")
        XCTAssertFalse(ad.localNameComplete)
        XCTAssertEqual(ad.services16, [0x180F, 0x180D])
        XCTAssertFalse(ad.servicesComplete)
        XCTAssertEqual(ad.serviceData, [.init(uuid16: 0x180F, payload: [0x55])])
        XCTAssertEqual(ad.encode(), bytes)
    }

    func testZeroLengthEndsDataAndOverlongStructureIsAnError() throws {
        XCTAssertEqual(try AdvertisingData.decode([0x02, 0x01, 0x06, 0x00, 0xAA, 0xBB]).flags, 0x06)
        XCTAssertThrowsError(try AdvertisingData.decode([0x05, 0x09, 0x41])) { XCTAssertEqual($0 as? ProtocolError, .badLength(what: "advertising data structure", length: 5)) }
        XCTAssertThrowsError(try AdvertisingData.decode([0x02, 0x03, 0x0D])) // odd UUID list
        XCTAssertThrowsError(try AdvertisingData.decode([0x01, 0x01])) // flags without a byte
    }

    func testPolarBroadcastFromCapture() throws {
        let b = try XCTUnwrap(PolarBroadcast.find(inAdvertisement: polarH10[...]))
        XCTAssertTrue(b.batteryOK)
        XCTAssertTrue(b.contact)
        XCTAssertEqual(b.frameCounter, 7) // 0x3F: bits 2-4 = 0b111
        XCTAssertTrue(b.broadcastBit)
        XCTAssertEqual(b.fastAverageHR, 0x48)
        XCTAssertEqual(b.slowAverageHR, 0x4A)
        XCTAssertEqual(b.heartRate, 74)
    }

    func testPolarBroadcastWithThreeBytesUsesFastAsSlow() throws {
        let b = try PolarBroadcast.decode([0x21, 0x00, 0x50])
        XCTAssertFalse(b.contact)
        XCTAssertEqual(b.frameCounter, 0)
        XCTAssertEqual(b.heartRate, 0x50)
        XCTAssertEqual(b.encode(), [0x21, 0x00, 0x50])
        XCTAssertThrowsError(try PolarBroadcast.decode([0x21, 0x00]))
        XCTAssertNil(PolarBroadcast.find(inAdvertisement: [0x04, 0xFF, 0x6B, 0x00, 0x21][...]))
        XCTAssertNil(PolarBroadcast.find(inAdvertisement: [0x06, 0xFF, 0x59, 0x00, 0x21, 0x00, 0x50][...])) // another company
    }

    func testRoundTripProperties() throws {
        var random = TestRandom(seed: 3)
        for _ in 0..<3000 {
            var ad = AdvertisingData()
            if Bool.random(using: &random) { ad.flags = UInt8.random(in: 0...255, using: &random) }
            ad.services16 = (0..<Int.random(in: 0...4, using: &random)).map { _ in UInt16.random(in: 0...UInt16.max, using: &random) }
            ad.servicesComplete = !ad.services16.isEmpty && Bool.random(using: &random)
            if Bool.random(using: &random) { ad.localName = "Strap \(Int.random(in: 0...999, using: &random))"; ad.localNameComplete = Bool.random(using: &random) }
            if Bool.random(using: &random) { ad.txPowerDBm = Int8.random(in: -127...20, using: &random) }
            if Bool.random(using: &random) {
                let p = PolarBroadcast(batteryOK: Bool.random(using: &random), contact: Bool.random(using: &random),
                                       frameCounter: UInt8.random(in: 0...7, using: &random),
                                       fastAverageHR: UInt8.random(in: 0...255, using: &random),
                                       slowAverageHR: Bool.random(using: &random) ? UInt8.random(in: 0...255, using: &random) : nil)
                ad.manufacturerData = [.init(companyID: 0x006B, payload: p.encode())]
                XCTAssertEqual(PolarBroadcast.find(inAdvertisement: ad.encode()[...]), p)
            }
            XCTAssertEqual(try AdvertisingData.decode(ad.encode()), ad)
        }
    }

    func testRandomBytesNeverTrap() {
        var random = TestRandom(seed: 11)
        for _ in 0..<20000 {
            let bytes = random.bytes(maxCount: 31)
            _ = try? AdvertisingData.decode(bytes)
            _ = AdvertisingData.lists(service: 0x180D, in: bytes[...])
            _ = PolarBroadcast.find(inAdvertisement: bytes[...])
            _ = try? PolarBroadcast.decode(bytes)
            _ = try? BatteryLevel.decode(bytes)
            _ = try? BodySensorLocation.decode(bytes)
            _ = ManufacturerName.decode(bytes)
        }
    }

    /// Fuzz finding (Fuzz/AdvertisingData): an empty complete 16-bit UUID list (length 1, type 0x03)
    /// decoded as "complete" but was not re-encoded, so the round trip lost it.
    func testEmptyCompleteServiceListRoundTrips() throws {
        let input: [UInt8] = [2, 90, 6, 7, 9, 3, 2, 13, 8, 24, 7, 2, 83, 2, 1, 3]
        let data = try AdvertisingData.decode(input)
        XCTAssertTrue(data.servicesComplete)
        XCTAssertEqual(data.services16, [])
        XCTAssertEqual(try AdvertisingData.decode(data.encode()), data)
    }

    /// Lists merged from several structures can exceed one structure's 254 bytes: encoded in several.
    func testLongServiceListSplitsAcrossStructures() throws {
        var data = AdvertisingData()
        data.services16 = (0..<300).map { UInt16($0) }
        let bytes = data.encode()
        XCTAssertEqual(try AdvertisingData.decode(bytes), data)
        XCTAssertEqual(bytes[0], 255)
    }

    /// Fuzz finding (Fuzz/AdvertisingData): a complete name of invalid UTF-8 is repaired on decode
    /// (U+FFFD, three bytes each) and grew past one structure's 254 bytes; the encoder wrapped the
    /// length byte and wrote a corrupt advertisement. Now it sends the shortened local name.
    func testNameTooLongForOneStructureIsShortenedAtACharacterBoundary() throws {
        let data = try AdvertisingData.decode([201, AdvertisingData.DataType.completeLocalName] + [UInt8](repeating: 0xFF, count: 200))
        XCTAssertEqual(data.localName?.utf8.count, 600)
        let bytes = data.encode()
        XCTAssertEqual(Array(bytes.prefix(2)), [253, AdvertisingData.DataType.shortLocalName])
        let again = try AdvertisingData.decode(bytes)
        XCTAssertEqual(again.localName, String(repeating: "\u{FFFD}", count: 84))
        XCTAssertFalse(again.localNameComplete)
    }

    /// The fuzzer's input itself (base64): decodes, and re-encodes to a valid advertisement.
    func testFuzzCrashInputReencodesValidly() throws {
        let input = [UInt8](Data(base64Encoded: "Cv////////8vAAMKCAgICAgI7vf39/oICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICP////////8vAAML//+m//+m//8BFhYWFhYWFoUWFhYsFiYWFhYXFhYWFhYWFhYWFhYWFhYWFhYCAAAAAAAAABYWFhYWFhYWAQAWFhaFFhYWLBYmFxYWFxYW5RYWFhZaBgcWAgICAloGBxYCAQYHFhYWFhYWFhaFFhYWLBYmFhYWFxYWFhYWFhYWFhYWFhYWFhYWAgAAAAAAAAAWFhYWFhYWFgEAFhYWhRYWFiwWJhYWFhcWFuUWFhYWFhYWFhYWFhYWFhYACv////////8vAAMAAAM=")!)
        let data = try AdvertisingData.decode(input)
        let again = try AdvertisingData.decode(data.encode())
        XCTAssertEqual(again.manufacturerData, data.manufacturerData)
        XCTAssertEqual(again.serviceData, data.serviceData)
        XCTAssertTrue(data.localName!.hasPrefix(again.localName!))
    }
}

import ClubProtocol
import Foundation
import TeamCore
import XCTest

final class CanonicalBytesTests: XCTestCase {
    func testKeysAreSortedAndThereIsNoWhitespace() throws {
        struct Value: Codable { var zebra = 1; var apple = "a/b"; var mango: [Int] = [1, 2] }
        let text = String(decoding: try CanonicalJSON.encode(Value()), as: UTF8.self)
        XCTAssertEqual(text, #"{"apple":"a/b","mango":[1,2],"zebra":1}"#)
    }

    func testTheHashIsSHA256HexOfTheBytes() {
        // FIPS 180-2's example: SHA-256("abc").
        XCTAssertEqual(CanonicalJSON.sha256Hex(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertTrue(CanonicalJSON.isSHA256Hex(CanonicalJSON.sha256Hex(Data())))
        XCTAssertFalse(CanonicalJSON.isSHA256Hex(String(repeating: "A", count: 64)))
    }

    func testABundleDecodedAndEncodedAgainGivesTheSameBytesAndHash() throws {
        for seed in 0..<60 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let bundle = RandomBundles.make(&rng)
            let bytes = try bundle.canonicalBytes()
            let again = try CanonicalJSON.decode(SessionBundle.self, from: bytes)
            XCTAssertEqual(again, bundle, "seed \(seed)")
            XCTAssertEqual(try again.canonicalBytes(), bytes, "seed \(seed)")
            XCTAssertEqual(try again.contentHash(), CanonicalJSON.sha256Hex(bytes))
            XCTAssertTrue(CanonicalJSON.isCanonical(bytes, as: SessionBundle.self))
        }
    }

    func testTheSameJSONFormattedOtherwiseIsNotCanonical() throws {
        var rng = SeededGenerator(seed: 7)
        let bytes = try RandomBundles.make(&rng).canonicalBytes()
        let object = try JSONSerialization.jsonObject(with: bytes)
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted])
        XCTAssertFalse(CanonicalJSON.isCanonical(pretty, as: SessionBundle.self))
        XCTAssertNotEqual(CanonicalJSON.sha256Hex(pretty), CanonicalJSON.sha256Hex(bytes))
    }

    func testAChangedReadingChangesTheHash() throws {
        var rng = SeededGenerator(seed: 11)
        var bundle = RandomBundles.make(&rng, maxPlayers: 3)
        while bundle.participants.first?.samples.count ?? 0 == 0 { bundle = RandomBundles.make(&rng, maxPlayers: 3) }
        let before = try bundle.contentHash()
        bundle.participants[0].samples.bpm[0] = (bundle.participants[0].samples.bpm[0] + 1) % 256
        XCTAssertNotEqual(try bundle.contentHash(), before)
    }
}

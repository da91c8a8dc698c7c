import ClubProtocol
import Foundation
import TeamCore
import XCTest

final class DeltaAndGzipTests: XCTestCase {
    func testDeltaCodingRoundTripsAnyColumn() {
        for seed in 0..<200 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let n = Int.random(in: 0...300, using: &rng)
            let values: [Int64] = (0..<n).map { _ in
                switch Int.random(in: 0...3, using: &rng) {
                case 0: Int64.random(in: .min ... .max, using: &rng)
                case 1: Int64.random(in: -5...5, using: &rng)
                default: Int64.random(in: 0...10_000_000, using: &rng)
                }
            }
            XCTAssertEqual(DeltaCoding.decode(DeltaCoding.encode(values)), values, "seed \(seed)")
        }
    }

    func testSortedTimesBecomeSmallNonNegativeDeltas() {
        XCTAssertEqual(DeltaCoding.encode([1000, 2000, 2000, 3500]), [1000, 1000, 0, 1500])
        XCTAssertEqual(DeltaCoding.decode([1000, 1000, 0, 1500]), [1000, 2000, 2000, 3500])
        XCTAssertEqual(DeltaCoding.encode([]), [])
    }

    func testGzipRoundTripsAndShrinksABundle() throws {
        var rng = SeededGenerator(seed: 3)
        let bytes = try RandomBundles.make(&rng, maxPlayers: 6, maxReadings: 2000).canonicalBytes()
        let packed = Gzip.compress(bytes)
        XCTAssertLessThan(packed.count, bytes.count / 2)
        XCTAssertEqual(packed.prefix(2), Data([0x1F, 0x8B]), "a gzip header")
        XCTAssertEqual(try Gzip.decompress(packed, limit: bytes.count), bytes)
        XCTAssertEqual(try Gzip.decompress(Gzip.compress(Data()), limit: 0), Data())
    }

    func testGzipRefusesTruncatedTrailingGarbageAndBombs() {
        let packed = Gzip.compress(Data(repeating: 0x41, count: 1_000_000))
        XCTAssertLessThan(packed.count, 5_000)
        XCTAssertThrowsError(try Gzip.decompress(packed, limit: 999_999)) { XCTAssertTrue("\($0)".contains("more than")) }
        XCTAssertThrowsError(try Gzip.decompress(packed.prefix(packed.count - 5), limit: 2_000_000))
        XCTAssertThrowsError(try Gzip.decompress(packed + Data([1, 2, 3]), limit: 2_000_000))
        XCTAssertThrowsError(try Gzip.decompress(Data("{\"not\":\"gzip\"}".utf8), limit: 1000))
        XCTAssertThrowsError(try Gzip.decompress(Data(), limit: 1000))
    }

    func testTheInflaterTakesAStreamInAnyPiecesAndStopsAtItsLimit() throws {
        var rng = SeededGenerator(seed: 5)
        let bytes = try RandomBundles.make(&rng, maxPlayers: 4, maxReadings: 3000).canonicalBytes()
        let packed = Gzip.compress(bytes)
        for piece in [1, 7, 1000, packed.count] {
            let inflater = try Gzip.Inflater(limit: bytes.count)
            var covered = 0
            var start = 0
            while start < packed.count {
                let added = try inflater.feed(packed.subdata(in: start..<min(packed.count, start + piece)))
                XCTAssertEqual(added.lowerBound, covered, "pieces of \(piece): each range follows the last")
                covered = added.upperBound
                start += piece
            }
            XCTAssertEqual(try inflater.finish(), bytes, "pieces of \(piece)")
        }
        // A bomb fed a byte at a time stops at the limit, its output never past it.
        let bomb = Gzip.compress(Data(repeating: 0x30, count: 4_000_000))
        let inflater = try Gzip.Inflater(limit: 100_000)
        XCTAssertThrowsError(try bomb.forEach { _ = try inflater.feed(Data([$0])) }) { XCTAssertTrue(($0 as? Gzip.Failure)?.isTooLarge == true, "\($0)") }
        XCTAssertLessThanOrEqual(inflater.output.count, 100_000)
        // A stream cut short is not finished.
        let cut = try Gzip.Inflater(limit: bytes.count)
        try cut.feed(packed.prefix(packed.count / 2))
        XCTAssertThrowsError(try cut.finish())
    }

    func testABundlesShapeBoundsItsValuesStringsAndTokensWhateverItsPieces() throws {
        var rng = SeededGenerator(seed: 8)
        let bytes = try RandomBundles.make(&rng, maxPlayers: 6, maxReadings: 2000).canonicalBytes()
        XCTAssertNil(BundleShape.problem(bytes), "a bundle the kiosk makes fits")
        var whole = BundleShape()
        whole.scan(bytes)
        var pieces = BundleShape()
        stride(from: 0, to: bytes.count, by: 13).forEach { pieces.scan(bytes.subdata(in: $0..<min(bytes.count, $0 + 13))) }
        XCTAssertEqual(pieces.values, whole.values, "the count does not depend on where the pieces break")
        XCTAssertEqual(pieces.stringBytes, whole.stringBytes)

        let limits = BundleShape.Limits(values: 10, stringBytes: 8, tokenBytes: 4)
        XCTAssertNil(BundleShape.problem(Data(#"{"a":[1,2,3],"b":"x,y"}"#.utf8), limits: limits), "a comma inside a string is text")
        XCTAssertEqual(BundleShape.problem(Data("[0,0,0,0,0,0,0,0,0,0,0]".utf8), limits: limits)?.contains("values"), true)
        XCTAssertEqual(BundleShape.problem(Data(#"["abcdefgh","i"]"#.utf8), limits: limits)?.contains("bytes of text"), true)
        XCTAssertEqual(BundleShape.problem(Data("[12345]".utf8), limits: limits)?.contains("longer than 4"), true)
        XCTAssertEqual(BundleShape.problem(Data("[1, 2]".utf8), limits: limits)?.contains("whitespace"), true)
        XCTAssertNil(BundleShape.problem(Data(#"["a\"b, c"]"#.utf8), limits: limits), "an escaped quote does not end a string")
        // Ten million readings: refused by the values alone.
        let readings = Data(("[" + String(repeating: "0,", count: 5_000_000) + "0]").utf8)
        XCTAssertEqual(BundleShape.problem(readings)?.contains("values"), true)
    }
}

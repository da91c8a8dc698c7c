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
}

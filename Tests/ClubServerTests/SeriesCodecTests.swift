import ClubProtocol
import Foundation
import XCTest
@testable import ClubStorage

final class SeriesCodecTests: XCTestCase {
    func testColumnsRoundTripThroughTheStoredForm() throws {
        var state: UInt64 = 17
        func next(_ range: ClosedRange<Int64>) -> Int64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound &+ Int64(bitPattern: (state >> 11) % UInt64(range.upperBound - range.lowerBound + 1))
        }
        for _ in 0..<100 {
            let n = Int(next(0...500))
            let samples = SampleColumns(tMsDeltas: (0..<n).map { _ in next(0...1 << 40) }, bpm: (0..<n).map { _ in Int(next(0...255)) },
                                        contact: (0..<n).map { _ in Int(next(0...2)) }, strap: (0..<n).map { _ in Int(next(0...159)) },
                                        energyKJ: (0..<n).map { _ in next(0...1) == 0 ? nil : Int(next(0...65_535)) })
            XCTAssertEqual(try SeriesCodec.decodeSamples(SeriesCodec.encode(samples)), samples)
            let m = Int(next(0...500))
            let rr = RRColumns(tMsDeltas: (0..<m).map { _ in next(0...3_000) }, rr1024: (0..<m).map { _ in Int(next(1...65_535)) })
            XCTAssertEqual(try SeriesCodec.decodeRR(SeriesCodec.encode(rr)), rr)
        }
    }

    func testASecondOfReadingIsAFewBytes() {
        let n = 5_400
        let samples = SampleColumns(tMsDeltas: Array(repeating: 1000, count: n), bpm: Array(repeating: 150, count: n),
                                    contact: Array(repeating: 2, count: n), strap: Array(repeating: 3, count: n),
                                    energyKJ: Array(repeating: nil, count: n))
        XCTAssertLessThanOrEqual(SeriesCodec.encode(samples).count, n * 6 + 8)
    }

    func testTruncatedOrForeignBytesAreRefused() {
        let good = SeriesCodec.encode(RRColumns(tMsDeltas: [800, 810], rr1024: [820, 830]))
        XCTAssertThrowsError(try SeriesCodec.decodeRR(good.dropLast()))
        XCTAssertThrowsError(try SeriesCodec.decodeRR(good + Data([0])))
        XCTAssertThrowsError(try SeriesCodec.decodeRR(Data([9, 1, 1, 1])))
        XCTAssertThrowsError(try SeriesCodec.decodeSamples(Data([1, 0xFF, 0xFF, 0xFF, 0x7F])))
        XCTAssertThrowsError(try SeriesCodec.decodeSamples(Data()))
    }
}

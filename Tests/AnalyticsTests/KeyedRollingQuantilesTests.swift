import XCTest
@testable import Analytics

/// The counted windows (`KeyedRollingQuantiles`) against the sorted windows they stand in for
/// (`RollingQuantiles.centred`): the same outputs, bit for bit, on strap-like series (whole and half
/// 1/1024 s), on series full of ties or all equal, at both ends of the key range and just beyond it,
/// with values that have no key mixed in (alone, in runs, at the ends), for every window size around
/// the edges and for ranges computed on their own.
final class KeyedRollingQuantilesTests: XCTestCase {
    /// 125/256 ms, the keys' unit; 1/1024 s is two of them.
    private static let unit = 125.0 / 256

    func testKeysStandForTheirValuesExactly() {
        for key in [0, 1, 2, 3, 125, 1_024, 2_048, 65_534, 65_535] {
            let value = Double(key) * Self.unit
            XCTAssertEqual(KeyedRollingQuantiles.value(key).bitPattern, value.bitPattern, "key \(key)")
            XCTAssertEqual(KeyedRollingQuantiles.key(value), key, "value \(value)")
        }
        for rr1024 in [1, 300, 1_024, 2_047, 32_767] { // RRInterval.milliseconds' own arithmetic
            XCTAssertEqual(KeyedRollingQuantiles.key(Double(rr1024) * 1000 / 1024), 2 * rr1024)
        }
        let keyless: [Double] = [-0.0, -Self.unit, Self.unit / 2, Self.unit.nextUp, Self.unit.nextDown, 700.1, 683.59375.nextUp,
                                 65_536 * Self.unit, 1e300, -1e300, .infinity, -.infinity, .nan,
                                 .leastNonzeroMagnitude, 0.1, 1]
        for value in keyless {
            XCTAssertEqual(KeyedRollingQuantiles.key(value), -1, "value \(value)")
        }
    }

    func testEqualToTheSortedWindowOnStrapLikeSeries() {
        var rng = SplitMix(state: 107)
        for count in [1, 2, 3, 4, 15, 45, 46, 47, 90, 91, 92, 93, 136, 137, 181, 182, 183, 500, 5_000] {
            for kind in 0..<9 {
                let values: [Double] = (0..<count).map { k in
                    switch kind {
                    case 0: Double(rng.next() % 5) * 2 * Self.unit // ties everywhere
                    case 1: (700 + 80 * rng.gaussian()).rounded() * 2 * Self.unit // whole 1/1024 s, as straps send
                    case 2: abs(40 * rng.gaussian()).rounded() * Self.unit // |dRR|-like, halves too
                    case 3: 300 * Self.unit // all equal
                    case 4: Double(k % 65_536) * Self.unit // rising: every value enters at the top
                    case 5: Double(rng.next() % 2 == 0 ? 0 : 65_535) * Self.unit // the two ends of the keys
                    case 6: Double(65_535 - Int(rng.next() % 3)) * Self.unit // the top of the keys, and ties
                    case 7: Double(rng.next() % 65_536) * Self.unit // spread over every summary word
                    default: Double(count - k) * Self.unit // falling
                    }
                }
                assertSameEverywhere(values, rng: &rng, "count \(count), kind \(kind)")
            }
        }
    }

    /// Values without a key, alone or in runs, anywhere: their windows go to the sorted window,
    /// the others are counted, and the two kinds of stretch meet at every distance.
    func testEqualToTheSortedWindowWithValuesThatHaveNoKey() {
        var rng = SplitMix(state: 34)
        for count in [1, 2, 3, 46, 91, 92, 140, 182, 400, 2_000] {
            for density in [1, 7, 60, 150, 400] {
                let values: [Double] = (0..<count).map { _ in
                    let keyed = (500 + 60 * rng.gaussian()).rounded() * Self.unit
                    guard rng.next() % UInt64(density) == 0 else { return keyed }
                    switch rng.next() % 6 {
                    case 0: return keyed / 1.024 // a mean, an arbitrary double
                    case 1: return keyed.nextUp
                    case 2: return keyed + Self.unit / 4 // a midpoint of midpoints
                    case 3: return 70_000 // beyond the keys' 32 s
                    case 4: return -0.0
                    default: return (300 + 60 * rng.gaussian()).rounded() * Self.unit / 2
                    }
                }
                assertSameEverywhere(values, rng: &rng, "count \(count), one in \(density) without a key")
            }
        }
        // The means at index 0 and 1, as the detector's series have them.
        var rr = (0..<1_000).map { _ in (800 + 30 * rng.gaussian()).rounded() * 2 * Self.unit }
        rr[0] = rr.reduce(0, +) / 999
        rr[1] = abs(rr[1] - rr[0])
        assertSameEverywhere(rr, rng: &rng, "means at the start")
    }

    /// The detector's own series of a strap-exact 2-hour recording: |dRR| and |mRR| over 91 beats.
    func testEqualToTheSortedWindowOnTheDetectorsSeriesOfAStrapSession() {
        let rr = RollingQuantilesTests.sessionLikeRR(seed: 7).map { ($0 * 1.024).rounded() * 1000 / 1024 }
        let absD = [abs(rr[1] - rr[0])] + zip(rr.dropFirst(), rr).map { abs($0 - $1) }
        let median = RollingQuantiles.centred(rr, width: 11, quantiles: [0.5])[0]
        let absM = zip(rr, median).map { (r: Double, m: Double) -> Double in
            let d = r - m
            return abs(d < 0 ? 2 * d : d)
        }
        XCTAssertGreaterThan(absD.filter { KeyedRollingQuantiles.key($0) >= 0 }.count, absD.count - 3, "|dRR| is counted, not sorted")
        var rng = SplitMix(state: 1)
        for (name, series) in [("|dRR|", absD), ("|mRR|", absM)] {
            assertSame(series, half: 45, range: 0..<series.count, 0.25, 0.75, name)
            for _ in 0..<20 {
                let a = Int(rng.next() % UInt64(series.count)), b = Int(rng.next() % UInt64(series.count))
                assertSame(series, half: 45, range: min(a, b)..<max(a, b) + 1, 0.25, 0.75, "\(name) \(min(a, b))…\(max(a, b))")
            }
        }
    }

    /// One structure used again and again (as the detector does, pass after pass) stays whole: every
    /// count and bit is back to zero after each call.
    func testOneStructureReusedGivesTheSameAsAFreshOne() {
        var rng = SplitMix(state: 5)
        let reused = KeyedRollingQuantiles()
        for trial in 0..<40 {
            let count = 50 + Int(rng.next() % 600)
            let values = (0..<count).map { _ in Double(rng.next() % UInt64(1 + trial * 40)) * Self.unit }
            let range = Int(rng.next() % UInt64(count / 2))..<count - Int(rng.next() % UInt64(count / 2))
            let q0 = [0.25, 0.5, 0, 1][trial % 4], q1 = [0.75, -1, 1, 0.1][trial % 4]
            XCTAssertEqual(outputs(values, half: 45, range: range, q0, q1, with: reused),
                           outputs(values, half: 45, range: range, q0, q1, with: KeyedRollingQuantiles()), "trial \(trial)")
        }
    }

    /// The whole series, some ranges on their own, and several window sizes and quantiles.
    private func assertSameEverywhere(_ values: [Double], rng: inout SplitMix, _ label: String,
                                      file: StaticString = #filePath, line: UInt = #line) {
        let count = values.count
        for (width, q0, q1) in [(91, 0.25, 0.75), (11, 0.5, -1), (3, 0.1, 0.9), (33, 0.0, 1.0), (181, 0.3, 0.6), (1, 0.5, -1)] {
            assertSame(values, half: width / 2, range: 0..<count, q0, q1, "\(label), width \(width)", file: file, line: line)
            guard count > 4 else { continue }
            for _ in 0..<3 {
                let a = Int(rng.next() % UInt64(count)), b = Int(rng.next() % UInt64(count))
                assertSame(values, half: width / 2, range: min(a, b)..<max(a, b) + 1, q0, q1,
                           "\(label), width \(width), range \(min(a, b))…\(max(a, b))", file: file, line: line)
            }
        }
    }

    /// The counted and the sorted windows' outputs over `range`, compared bit for bit (`q1` < 0: one quantile only).
    private func assertSame(_ values: [Double], half: Int, range: Range<Int>, _ q0: Double, _ q1: Double, _ label: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        let counted = outputs(values, half: half, range: range, q0, q1, with: KeyedRollingQuantiles())
        let sorted = outputs(values, half: half, range: range, q0, q1, with: nil)
        XCTAssertEqual(counted, sorted, label, file: file, line: line)
    }

    /// Bit patterns of the outputs over `range`: counted by `keyed`, or by the sorted window if nil.
    private func outputs(_ values: [Double], half: Int, range: Range<Int>, _ q0: Double, _ q1: Double,
                         with keyed: KeyedRollingQuantiles?) -> [[UInt64]] {
        let n = values.count
        let window = UnsafeMutablePointer<Double>.allocate(capacity: 2 * half + 2)
        let out0 = UnsafeMutablePointer<Double>.allocate(capacity: n), out1 = UnsafeMutablePointer<Double>.allocate(capacity: n)
        defer { window.deallocate(); out0.deallocate(); out1.deallocate() }
        values.withUnsafeBufferPointer { v in
            if let keyed {
                keyed.reserve(n)
                keyed.centred(v.baseAddress!, count: n, half: half, range: range, window: window, q0, out0, q1, q1 < 0 ? nil : out1)
            } else {
                RollingQuantiles.centred(v.baseAddress!, count: n, half: half, range: range, window: window, q0, out0, q1, q1 < 0 ? nil : out1)
            }
        }
        return [range.map { out0[$0].bitPattern }] + (q1 < 0 ? [] : [range.map { out1[$0].bitPattern }])
    }
}

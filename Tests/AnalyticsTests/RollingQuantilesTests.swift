import Foundation
import XCTest
@testable import Analytics

/// The rolling quantiles' three-level search against the counting it replaced
/// (`CountingRollingQuantiles`, kept verbatim): the same places, so the same sorted windows and
/// the same outputs, bit for bit — on random series full of ties, on series that only rise or only
/// fall (every shift the longest one way), on the detector's own series of a session-like
/// recording, and on real RR series.
final class RollingQuantilesTests: XCTestCase {
    /// The lower bound against a plain count, for every size up to past two top-level blocks and
    /// keys below, between, on and above the values (ties included).
    func testLowerBoundIsTheNumberOfValuesBelow() {
        var rng = SplitMix(state: 34)
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: 200)
        defer { buffer.deallocate() }
        for count in 0...200 {
            for trial in 0..<4 {
                let values = (0..<count).map { _ in trial % 2 == 0 ? Double(rng.next() % 9) : rng.gaussian() }.sorted()
                for (k, x) in values.enumerated() { buffer[k] = x }
                let keys = values + [-.infinity, .infinity, -1, 0, 4, 4.5, 8, 9] + (0..<8).map { _ in rng.gaussian() }
                for key in keys {
                    XCTAssertEqual(RollingQuantiles.lowerBound(key, buffer, count), values.filter { $0 < key }.count,
                                   "count \(count), key \(key)")
                }
            }
        }
    }

    /// The 91-beat window's unrolled search against a plain count: random and tie-heavy sorted windows,
    /// keys below, between, on and above every value, the sentinel +∞ after the 91 values.
    func testLowerBound91IsTheNumberOfValuesBelow() {
        var rng = SplitMix(state: 91)
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: 92)
        defer { buffer.deallocate() }
        for trial in 0..<400 {
            let values = (0..<91).map { _ in
                switch trial % 4 {
                case 0: Double(rng.next() % 9)
                case 1: Double(rng.next() % 3) - 1
                case 2: rng.gaussian()
                default: Double(trial % 91) // all equal
                }
            }.sorted()
            for (k, x) in values.enumerated() { buffer[k] = x }
            buffer[91] = .infinity
            let keys = values + values.map { $0.nextUp } + values.map { $0.nextDown }
                + [-.infinity, -.greatestFiniteMagnitude, .greatestFiniteMagnitude, -1, 0, 4.5, 100]
            for key in keys {
                XCTAssertEqual(RollingQuantiles.lowerBound91(key, buffer), values.filter { $0 < key }.count, "trial \(trial), key \(key)")
            }
        }
    }

    func testEqualToCountingOnRandomSeries() {
        var rng = SplitMix(state: 2026)
        for count in [1, 2, 3, 15, 16, 17, 45, 46, 90, 91, 92, 93, 181, 182, 500, 5_000] {
            for kind in 0..<5 {
                let values: [Double] = (0..<count).map { k in
                    switch kind {
                    case 0: Double(rng.next() % 5) // ties everywhere
                    case 1: rng.gaussian() * 50
                    case 2: (700 + 80 * rng.gaussian()).rounded(.down) / 1.024 // whole 1/1024 s, as straps send
                    case 3: Double(k) // rising: every value enters at the top
                    default: rng.next() % 3 == 0 ? -0.0 : Double(count - k) // falling, with signed zeros
                    }
                }
                for (width, q0, q1) in [(91, 0.25, 0.75), (11, 0.5, -1), (3, 0.1, 0.9), (33, 0.0, 1.0), (181, 0.3, 0.6), (1, 0.5, -1)] {
                    assertSame(values, half: width / 2, range: 0..<count, q0, q1, "count \(count), kind \(kind), width \(width)")
                    guard count > 4 else { continue }
                    for _ in 0..<3 {
                        let a = Int(rng.next() % UInt64(count)), b = Int(rng.next() % UInt64(count))
                        assertSame(values, half: width / 2, range: min(a, b)..<max(a, b) + 1, q0, q1,
                                   "count \(count), kind \(kind), width \(width), range \(min(a, b))…\(max(a, b))")
                    }
                }
            }
        }
    }

    /// The detector's windows on a 2-hour session-like recording: |dRR| and |mRR| over 91 beats,
    /// the RR median over 11.
    func testEqualToCountingOnTheDetectorsSeriesOfASession() {
        let rr = Self.sessionLikeRR(seed: 42)
        let absD = [abs(rr[1] - rr[0])] + zip(rr.dropFirst(), rr).map { abs($0 - $1) }
        assertSame(absD, half: 45, range: 0..<absD.count, 0.25, 0.75, "|dRR|")
        let median = RollingQuantiles.centred(rr, width: 11, quantiles: [0.5])[0]
        assertSame(rr, half: 5, range: 0..<rr.count, 0.5, -1, "RR")
        // The difference named and typed: Debian's Swift 6.2.3 (the arm64 test bundle's) gave up type-checking it inline.
        let absM = zip(rr, median).map { (r: Double, m: Double) -> Double in
            let d = r - m
            return abs(d < 0 ? 2 * d : d)
        }
        assertSame(absM, half: 45, range: 0..<absM.count, 0.25, 0.75, "|mRR|")
    }

    /// pyhrv's sample NN series (real recordings, whole ms; the end-to-end HRV tests' data), where
    /// the test tooling is installed (`deploy/scripts/venv.sh`).
    func testEqualToCountingOnRealSeries() throws {
        let series = try Self.pyhrvSeries()
        for (name, rr) in series {
            let absD = [0] + zip(rr.dropFirst(), rr).map { abs($0 - $1) }
            assertSame(absD, half: 45, range: 0..<absD.count, 0.25, 0.75, "\(name) |dRR|")
            assertSame(rr, half: 5, range: 0..<rr.count, 0.5, -1, "\(name) RR")
            assertSame(rr, half: 45, range: 0..<rr.count, 0.25, 0.75, "\(name) RR, 91")
        }
    }

    /// Outputs of the new and the old implementation over `range`, compared bit for bit
    /// (`q1` < 0: one quantile only).
    private func assertSame(_ values: [Double], half: Int, range: Range<Int>, _ q0: Double, _ q1: Double, _ label: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        let n = values.count
        func run(_ f: (UnsafePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>?) -> Void)
            -> [[UInt64]] {
            let window = UnsafeMutablePointer<Double>.allocate(capacity: 2 * half + 2)
            let out0 = UnsafeMutablePointer<Double>.allocate(capacity: n), out1 = UnsafeMutablePointer<Double>.allocate(capacity: n)
            defer { window.deallocate(); out0.deallocate(); out1.deallocate() }
            values.withUnsafeBufferPointer { f($0.baseAddress!, window, out0, q1 < 0 ? nil : out1) }
            return [range.map { out0[$0].bitPattern }] + (q1 < 0 ? [] : [range.map { out1[$0].bitPattern }])
        }
        let new = run { v, w, o0, o1 in RollingQuantiles.centred(v, count: n, half: half, range: range, window: w, q0, o0, q1, o1) }
        let old = run { v, w, o0, o1 in CountingRollingQuantiles.centred(v, count: n, half: half, range: range, window: w, q0, o0, q1, o1) }
        XCTAssertEqual(new, old, label, file: file, line: line)
    }

    /// 22 000 beats of a 2-hour session at a high, drifting rate, whole 1/1024 s, a missed beat in 500
    /// (`IncrementalCorrectionTests`' session-like series).
    static func sessionLikeRR(seed: UInt64) -> [Double] {
        var rng = SplitMix(state: seed)
        var rr: [Double] = [], t = 0.0
        while rr.count < 22_000 {
            let hr = 150 + 25 * sin(t / 60_000)
            var x = 60_000 / hr * (1 + 0.03 * sin(2 * .pi * 0.25 * t / 1000) + 0.01 * rng.gaussian())
            if rng.next() % 500 == 0 { x *= 2 }
            t += x
            rr.append((x * 1.024).rounded(.down) / 1.024)
        }
        return rr
    }

    /// pyhrv's `SampleNNISeries{Long,Short}.npy` (little-endian int64, one dimension) from the test
    /// tooling's virtual environment — `SIDELINE_VENV`, else the package's `.venv`; skipped where
    /// it is not installed.
    static func pyhrvSeries() throws -> [(String, [Double])] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let venv = ProcessInfo.processInfo.environment["SIDELINE_VENV"].map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent(".venv")
        let lib = venv.appendingPathComponent("lib")
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        guard let files = pythons.lazy.map({ lib.appendingPathComponent("\($0)/site-packages/pyhrv/files") })
            .first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw XCTSkip("pyhrv is not installed in \(venv.path) (deploy/scripts/venv.sh, or SIDELINE_VENV): no real series here")
        }
        return try ["Long", "Short"].map { name in
            let data = try Data(contentsOf: files.appendingPathComponent("SampleNNISeries\(name).npy"))
            let headerLength = Int(data[8]) | Int(data[9]) << 8
            let header = String(decoding: data[10..<10 + headerLength], as: UTF8.self)
            guard header.contains("'<i8'") else { throw XCTSkip("unexpected dtype in \(name): \(header)") }
            let body = data[(10 + headerLength)...]
            let values = stride(from: body.startIndex, to: body.endIndex, by: 8).map { at in
                Double(body[at..<at + 8].enumerated().reduce(Int64(0)) { $0 | Int64($1.element) << (8 * Int64($1.offset)) })
            }
            return (name, values)
        }
    }
}

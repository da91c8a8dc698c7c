import XCTest
@testable import Analytics

/// The fast Lipponen–Tarvainen (sliding sorted windows, later passes recomputing only
/// the windows whose inputs changed) against the straightforward implementation it
/// replaced (`ReferenceLipponenTarvainen`): identical artefact indices on every pass and
/// bit-identical corrected peaks, on long random series with artefacts of every kind.
final class IncrementalCorrectionTests: XCTestCase {
    /// A random RR series (ms): drifting heart rate, respiratory arrhythmia, noise, and
    /// artefacts at random beats — missed, extra, ectopic, isolated spikes, runs of them.
    static func noisyRR(count: Int, artefactRate: Double, seed: UInt64) -> [Double] {
        var rng = SplitMix(state: seed)
        var rr: [Double] = []
        rr.reserveCapacity(count + count / 10)
        var t = 0.0, base = 700.0
        while rr.count < count {
            base = min(1400, max(300, base + 4 * rng.gaussian()))
            let x = base + 25 * sin(2 * .pi * 0.25 * t / 1000) + 10 * rng.gaussian()
            t += x
            guard Double.random(in: 0..<1, using: &rng) < artefactRate else { rr.append(x); continue }
            switch rng.next() % 6 {
            case 0: rr.append(2 * x) // missed
            case 1: rr.append(0.4 * x); rr.append(0.6 * x) // extra
            case 2: rr.append(0.7 * x); rr.append(1.3 * x) // ectopic and its pause
            case 3: rr.append(x * Double.random(in: 0.3...3, using: &rng)) // anything
            case 4: for _ in 0..<Int(rng.next() % 5) + 2 { rr.append(x * Double.random(in: 0.5...1.8, using: &rng)) } // a bad run
            default: rr.append(x.rounded()) // a tie-prone value
            }
        }
        return rr
    }

    private func assertSameCleaning(_ peaks: [Double], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let fast = LipponenTarvainen.clean(peaks: peaks)
        let reference = ReferenceLipponenTarvainen.clean(peaks: peaks)
        XCTAssertEqual(fast.passes, reference.passes, "passes differ: \(label)", file: file, line: line)
        XCTAssertEqual(fast.peaks.map(\.bitPattern), reference.peaks.map(\.bitPattern), "peaks differ: \(label)", file: file, line: line)
    }

    func testCleaningEqualsTheStraightforwardImplementationOnLongRandomSeries() {
        var passesSeen = Set<Int>(), corrected = 0
        for (i, rate) in [0.0, 0.002, 0.01, 0.03, 0.08].enumerated() {
            for seed in 0..<4 as Range<UInt64> {
                let count = [22_000, 9_000, 3_000, 1_200][Int(seed)]
                let peaks = TestData.peaks(Self.noisyRR(count: count, artefactRate: rate, seed: seed * 31 + UInt64(i)))
                assertSameCleaning(peaks, "rate \(rate), seed \(seed)")
                let passes = ReferenceLipponenTarvainen.clean(peaks: peaks).passes
                passesSeen.insert(passes.count)
                corrected += passes.reduce(0) { $0 + $1.count }
            }
        }
        // The comparison must have exercised later passes, not only first ones.
        XCTAssertTrue(passesSeen.contains { $0 >= 3 }, "passes seen: \(passesSeen)")
        XCTAssertGreaterThan(corrected, 1000)
    }

    /// `noisyRR` as a strap sends it: whole 1/1024 s, in ms as `RRInterval.milliseconds` makes them — the
    /// series whose 91-beat windows are counted over keys (`KeyedRollingQuantiles`), not sorted.
    static func strapRR(count: Int, artefactRate: Double, seed: UInt64) -> [Double] {
        noisyRR(count: count, artefactRate: artefactRate, seed: seed).map { max(1, ($0 * 1.024).rounded()) * 1000 / 1024 }
    }

    /// The same on strap-exact series, with the correction's midpoints (and midpoints of those) in
    /// later passes: counted windows, sorted ones where a value has no key, and the copies between.
    func testCleaningEqualsTheStraightforwardImplementationOnStrapExactSeries() {
        var passesSeen = Set<Int>(), corrected = 0
        for (i, rate) in [0.0, 0.005, 0.03, 0.08].enumerated() {
            for seed in 0..<3 as Range<UInt64> {
                let peaks = TestData.peaks(Self.strapRR(count: [20_000, 6_000, 2_000][Int(seed)], artefactRate: rate, seed: 700 + 13 * seed + UInt64(i)))
                assertSameCleaning(peaks, "strap-exact, rate \(rate), seed \(seed)")
                let passes = ReferenceLipponenTarvainen.clean(peaks: peaks).passes
                passesSeen.insert(passes.count)
                corrected += passes.reduce(0) { $0 + $1.count }
            }
        }
        XCTAssertTrue(passesSeen.contains { $0 >= 3 }, "passes seen: \(passesSeen)")
        XCTAssertGreaterThan(corrected, 1000)
    }

    /// Stronger than equal artefacts: every moving-window value of every later pass equals
    /// that of a detection from scratch on the same peaks (a stale window often leaves the
    /// classes unchanged, so the classes alone would hide it). On arbitrary doubles and on
    /// strap-exact series.
    func testEveryPassesWindowsEqualAFreshDetection() {
        var laterPasses = 0, copied = 0
        for (i, rate) in [0.002, 0.01, 0.04, 0.1, 0.002, 0.01, 0.04, 0.1].enumerated() {
            let detector = ArtefactDetector()
            let rr = i < 4 ? Self.noisyRR(count: 6_000, artefactRate: rate, seed: 900 + UInt64(i))
                : Self.strapRR(count: 6_000, artefactRate: rate, seed: 900 + UInt64(i))
            var peaks = TestData.peaks(rr)
            var found = detector.detect(peaks)
            for pass in 1..<6 where found.count > 0 {
                peaks = LipponenTarvainen.correct(found, peaks: peaks)
                found = detector.detect(peaks)
                let fresh = ArtefactDetector()
                XCTAssertEqual(found, fresh.detect(peaks), "run \(i), rate \(rate), pass \(pass)")
                for (k, (a, b)) in zip(detector.lastWindows, fresh.lastWindows).enumerated() {
                    XCTAssertEqual(a.count, b.count)
                    let differs = a.indices.first { a[$0].bitPattern != b[$0].bitPattern }
                    XCTAssertNil(differs, "series \(k), run \(i), rate \(rate), pass \(pass): first difference at beat \(differs ?? -1)")
                }
                laterPasses += 1
                copied += detector.copiedLastPass
            }
        }
        XCTAssertGreaterThanOrEqual(laterPasses, 16)
        XCTAssertGreaterThan(copied, 10_000, "later passes copied what they could")
    }

    /// The reach argument of `ArtefactDetector` (a later pass copies a value only where every peak it
    /// reads is, bit for bit, one of a run of the previous pass's) on edits no correction makes: beats
    /// removed, inserted and moved anywhere (both ends too, several side by side), a peak repeated, the
    /// first peak −0 for 0 (equal, not the same bits), the tail shifted so nothing after a beat matches.
    /// Every series of the reusing detector, and what it finds, equals a fresh detection, on
    /// strap-exact and on arbitrary series, short (every window clipped) and long.
    func testAReusingDetectorEqualsAFreshOneAfterArbitraryEdits() {
        var rng = SplitMix(state: 2026)
        var compared = 0, copiedAny = false
        for round in 0..<24 {
            let count = [300, 2_000, 97, 5_000][round % 4]
            let seed = 3_000 + UInt64(round)
            let rr = round % 2 == 0 ? Self.strapRR(count: count, artefactRate: 0.01, seed: seed)
                : Self.noisyRR(count: count, artefactRate: 0.01, seed: seed)
            var peaks = TestData.peaks(rr)
            let detector = ArtefactDetector()
            _ = detector.detect(peaks)
            for edit in 0..<6 {
                let before = peaks
                for _ in 0..<Int(rng.next() % 5) + 1 {
                    let k = Int(rng.next() % UInt64(peaks.count))
                    switch rng.next() % 8 {
                    case 0 where peaks.count > 8: peaks.remove(at: k)
                    case 1: peaks.insert(k == 0 ? peaks[0] - 700 : peaks[k - 1] + (peaks[k] - peaks[k - 1]) / 2, at: k)
                    case 2 where k > 0 && k < peaks.count - 1: peaks[k] = peaks[k - 1] + (peaks[k + 1] - peaks[k - 1]) * 0.3
                    case 3: peaks.insert(peaks[k], at: k) // the same peak twice
                    case 4 where peaks[0] == 0: peaks[0] = -peaks[0] // 0 ↔ −0
                    case 5: for j in k..<peaks.count { peaks[j] += 1000.0 / 1024 } // nothing after k matches
                    case 6 where peaks.count > 20: peaks.removeLast(Int(rng.next() % 5) + 1)
                    case 7 where k + 3 < peaks.count: // three side by side moved
                        for j in k..<k + 3 { peaks[j] += (peaks[j + 1] - peaks[j]) * 0.25 }
                    default: peaks.insert(peaks[peaks.count - 1] + 800, at: peaks.count)
                    }
                }
                let found = detector.detect(peaks)
                let fresh = ArtefactDetector()
                XCTAssertEqual(found, fresh.detect(peaks), "round \(round), edit \(edit)")
                for (k, (a, b)) in zip(detector.lastWindows, fresh.lastWindows).enumerated() {
                    XCTAssertEqual(a.count, b.count)
                    let differs = a.indices.first { a[$0].bitPattern != b[$0].bitPattern }
                    XCTAssertNil(differs, "series \(k), round \(round), edit \(edit): first difference at beat \(differs ?? -1)")
                }
                // Something must have been reused, or the comparison proves nothing about the copies.
                copiedAny = copiedAny || detector.copiedLastPass > 0
                if count == 5_000, peaks.count > 4_000, zip(before, peaks).prefix(2_000).allSatisfy({ $0.bitPattern == $1.bitPattern }) {
                    XCTAssertGreaterThan(detector.copiedLastPass, 1_000, "round \(round), edit \(edit): an unchanged half copied")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, 144)
        XCTAssertTrue(copiedAny)
    }

    /// `correct`'s insertion sort steps over sorted stretches four beats at a time: on peaks out of order
    /// anywhere (not only beside the moved ones: a public caller may pass any), with neighbours moved
    /// together, it still gives the reference's fully sorted peaks, bit for bit.
    func testCorrectionSortsPeaksOutOfOrderAnywhere() {
        var rng = SplitMix(state: 4242)
        for round in 0..<40 {
            var peaks = TestData.peaks(Self.noisyRR(count: [9, 33, 200, 1_000][round % 4], artefactRate: 0, seed: 60 + UInt64(round)))
            for _ in 0..<Int(rng.next() % 4) { peaks.swapAt(Int(rng.next() % UInt64(peaks.count)), Int(rng.next() % UInt64(peaks.count))) }
            var moved = Set<Int>()
            for _ in 0..<Int(rng.next() % 6) + 1 {
                let j = Int(rng.next() % UInt64(peaks.count))
                moved.insert(j)
                if rng.next() % 2 == 0 { moved.insert(j + 1) } // two neighbours moved together
            }
            var artefacts = ArtefactIndices()
            artefacts.ectopic = moved.filter { $0 % 2 == 0 }.sorted()
            artefacts.longShort = moved.filter { $0 % 2 == 1 }.sorted()
            let fast = LipponenTarvainen.correct(artefacts, peaks: peaks)
            let reference = ReferenceLipponenTarvainen.correct(artefacts, peaks: peaks)
            XCTAssertEqual(fast.map(\.bitPattern), reference.map(\.bitPattern), "round \(round)")
            XCTAssertEqual(fast, fast.sorted(), "round \(round)")
        }
    }

    func testFirstPassEqualsTheStraightforwardImplementation() {
        for seed in 0..<6 as Range<UInt64> {
            let peaks = TestData.peaks(Self.noisyRR(count: 5_000, artefactRate: 0.02, seed: 100 + seed))
            XCTAssertEqual(LipponenTarvainen.findArtefacts(peaks: peaks), ReferenceLipponenTarvainen.findArtefacts(peaks: peaks))
        }
    }

    func testShortAndConstantSeries() {
        for count in 0..<140 {
            assertSameCleaning(TestData.peaks(Self.noisyRR(count: count, artefactRate: 0.1, seed: UInt64(count))), "count \(count)")
        }
        assertSameCleaning(TestData.peaks(Array(repeating: 800, count: 500)), "constant")
        var steps = Array(repeating: 800.0, count: 300) + Array(repeating: 1600.0, count: 300)
        steps[150] = 400
        assertSameCleaning(TestData.peaks(steps), "steps")
    }

    func testNonFiniteBeatTimesAreLeftAlone() {
        var peaks = TestData.peaks(Self.noisyRR(count: 500, artefactRate: 0.05, seed: 77))
        peaks[250] = .nan
        XCTAssertEqual(LipponenTarvainen.findArtefacts(peaks: peaks).count, 0)
        peaks[250] = .infinity
        let cleaned = LipponenTarvainen.clean(peaks: peaks)
        XCTAssertEqual(cleaned.passes.map(\.count), [0])
        XCTAssertEqual(cleaned.peaks.count, peaks.count)
    }

    /// Beat times whose differences would overflow (an infinity, then a NaN in a moving window,
    /// whose searches assume every value compares) are left alone, as non-finite ones are.
    func testBeatTimesWhoseDifferencesOverflowAreLeftAlone() {
        let huge = [-1.7e308, -1e308, 0, 1e308, 1.7e308, 1.75e308, 1.79e308]
        XCTAssertEqual(LipponenTarvainen.findArtefacts(peaks: huge).count, 0)
        XCTAssertEqual(LipponenTarvainen.clean(peaks: huge).peaks, huge)
        let detector = ArtefactDetector()
        let ordinary = TestData.peaks(Self.noisyRR(count: 500, artefactRate: 0.02, seed: 77))
        let expected = ReferenceLipponenTarvainen.findArtefacts(peaks: ordinary)
        XCTAssertEqual(detector.detect(ordinary), expected)
        XCTAssertEqual(detector.detect(huge).count, 0)
        XCTAssertEqual(detector.lastWindows.map(\.count), [0, 0, 0, 0, 0, 0, 0, 0], "no window was computed over them")
        XCTAssertEqual(detector.detect(ordinary), expected, "and the detector is whole afterwards")
    }

    /// One detector reused on unrelated series (not a correction of the last one) still
    /// answers as a fresh detection: reuse is decided by the values, not assumed.
    func testADetectorReusedOnUnrelatedSeries() {
        let detector = ArtefactDetector()
        for seed in 0..<8 as Range<UInt64> {
            var peaks = TestData.peaks(Self.noisyRR(count: 2_000 + Int(seed) * 300, artefactRate: 0.02, seed: 500 + seed))
            if seed % 2 == 1 { peaks = peaks.map { $0 + 1000 } } // shifted: nothing matches
            if seed % 4 == 2 { peaks.removeSubrange(700..<720) } // partly the same as before
            XCTAssertEqual(detector.detect(peaks), ReferenceLipponenTarvainen.findArtefacts(peaks: peaks), "seed \(seed)")
        }
    }

    func testRollingQuantilesEqualTheSortedWindowsTheyReplaced() {
        var rng = SplitMix(state: 9)
        for count in [1, 2, 5, 11, 12, 46, 90, 91, 92, 200, 3_000] {
            // Ties are common in RR data (1/1024 s steps): draw from few values too.
            let values = (0..<count).map { _ in rng.next() % 2 == 0 ? Double(rng.next() % 7) : rng.gaussian() * 50 }
            for (width, qs) in [(91, [0.25, 0.75]), (11, [0.5]), (3, [0.1, 0.9])] {
                let reference = ReferenceRollingQuantiles.centred(values, width: width, quantiles: qs)
                let fast = RollingQuantiles.centred(values, width: width, quantiles: qs)
                XCTAssertEqual(fast.map { $0.map(\.bitPattern) }, reference.map { $0.map(\.bitPattern) }, "count \(count), width \(width)")
                // Any range on its own gives the same outputs as the whole series.
                guard count > 10 else { continue }
                let range = count / 3..<count - count / 4
                let out = UnsafeMutablePointer<Double>.allocate(capacity: count)
                let window = UnsafeMutablePointer<Double>.allocate(capacity: width + 1)
                defer { out.deallocate(); window.deallocate() }
                values.withUnsafeBufferPointer { v in
                    RollingQuantiles.centred(v.baseAddress!, count: count, half: width / 2, range: range, window: window,
                                             qs[0], out, 0, nil)
                }
                XCTAssertEqual(range.map { out[$0].bitPattern }, range.map { reference[0][$0].bitPattern }, "range, count \(count), width \(width)")
            }
        }
    }

    /// The benchmark's kind of series: 2 hours at a high heart rate, a missed beat in 500.
    func testCleaningEqualsTheStraightforwardImplementationOnASessionLikeSeries() {
        var rng = SplitMix(state: 42)
        var rr: [Double] = [], t = 0.0
        while rr.count < 22_000 {
            let hr = 150 + 25 * sin(t / 60_000)
            var x = 60_000 / hr * (1 + 0.03 * sin(2 * .pi * 0.25 * t / 1000) + 0.01 * rng.gaussian())
            if rng.next() % 500 == 0 { x *= 2 }
            t += x
            rr.append((x * 1.024).rounded(.down) / 1.024)
        }
        assertSameCleaning(TestData.peaks(rr), "session-like")
        XCTAssertGreaterThanOrEqual(ReferenceLipponenTarvainen.clean(peaks: TestData.peaks(rr)).passes.count, 2)
    }
}

import Analytics
import ClubProtocol
import Exports
import Foundation
import TeamCore
import XCTest
@testable import ClubStorage
@testable import ClubWeb

/// Bundles a hostile kiosk might send, made by seeded mutation (each field set to values at, inside
/// and past its bound, or to 1e300, 1e-300, NaN, ±Int64.max): every one either fails validation or
/// goes through the whole path the server takes — canonical bytes, decode, analysis, the document,
/// the session page's data and graph, every export format — without trapping.
final class HostileBundleTests: XCTestCase {
    static let integers: [Int64] = [0, 1, -1, 19, 20, 255, 256, 260, 261, 65_535, 65_536, InputBounds.sessionMs, InputBounds.sessionMs + 1,
                                    InputBounds.unixMs.lowerBound, InputBounds.unixMs.upperBound, InputBounds.unixMs.upperBound + 1,
                                    1 << 40, Int64(Int32.max), .max, .min, .max - 1000]
    static let doubles: [Double] = [20, 250, 260, 250.000_1, 19.999, 1e300, -1e300, 1e-300, .nan, .infinity, -.infinity, 0]

    func mutate(_ b: inout SessionBundle, _ rng: inout SeededGenerator) {
        func int() -> Int64 { Self.integers.randomElement(using: &rng)! }
        func double() -> Double { Self.doubles.randomElement(using: &rng)! }
        let p = Int.random(in: 0..<b.participants.count, using: &rng)
        let k = Int.random(in: 0..<b.participants[p].samples.count, using: &rng)
        switch Int.random(in: 0..<14, using: &rng) {
        case 0: b.session.startedMs = int()
        case 1: b.session.endedMs = b.session.startedMs &+ int()
        case 2: b.session.effortEndMs = int()
        case 3: b.participants[p].physiology.weightKg = double()
        case 4: b.participants[p].physiology.restingHR = double()
        case 5: b.participants[p].physiology.maxHR = double()
        case 6: b.participants[p].samples.bpm[k] = Int(truncatingIfNeeded: int())
        case 7: b.participants[p].samples.tMsDeltas[k] = int()
        case 8: b.participants[p].rr.rr1024[k] = Int(truncatingIfNeeded: int())
        case 9: b.participants[p].rr.tMsDeltas[k] = int()
        case 10: b.laps[0].tMs = int()
        case 11: b.participants[p].samples.energyKJ[k] = Int(truncatingIfNeeded: int())
        case 12: b.participants[p].physiology.age = Int(truncatingIfNeeded: int())
        default: b.session.plannedMs = int()
        }
    }

    func testEveryMutatedBundleIsRefusedOrAnalysedAndExportedWithoutTrapping() throws {
        var rng = SeededGenerator(seed: 35)
        var passed = 0, refused = 0
        for seed in 0..<160 as Range<UInt64> {
            var bundle = SyntheticSession.make(seed: seed, players: 2, minutes: 1, startedMs: 1_767_225_600_000)
            for _ in 0..<Int.random(in: 1...3, using: &rng) { mutate(&bundle, &rng) }
            guard bundle.problems.isEmpty else { refused += 1; continue }
            passed += 1
            // The server's path: the canonical bytes decoded again, analysed, every page and file from it.
            let stored = try CanonicalJSON.decode(SessionBundle.self, from: try bundle.canonicalBytes())
            let source = stored.analysisInput()
            let analysed = SessionDocument.analysed(source)
            let document = try SessionDocument.json(analysed)
            _ = try SessionPageDocument(document)
            let graph = SessionGraphSVG.draw(source)
            XCTAssertTrue(graph.rendered.contains("<svg"), "seed \(seed): \(graph.rendered.prefix(200))")
            for format in ExportFormat.allCases {
                _ = try SessionDocument.files(format, of: source)
            }
            _ = WebFormat.whole(analysed.analysis.teamAverageBPM)
        }
        XCTAssertGreaterThan(passed, 20, "values at their bounds went through the whole path")
        XCTAssertGreaterThan(refused, 20)
    }
}

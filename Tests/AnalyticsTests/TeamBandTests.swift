@testable import Analytics
import TeamCore
import XCTest

/// The team graph's band: per stretch, each player's own mean counts once.
final class TeamBandTests: XCTestCase {
    private func track(_ points: [(Int64, Int)]) -> HeartRateTrack {
        HeartRateTrack(samples: points.map { Sample(playerID: 1, strapID: 1, tMs: $0.0, bpm: $0.1, contact: .detected) })
    }

    func testEachPlayerCountsOnceWithTheirMeanInAStretch() {
        // Player A notifies twice a second, B once; a stretch is 1 s for a short session.
        let a = track([(0, 100), (500, 110), (1000, 120), (1500, 120)])
        let b = track([(100, 140), (1100, 160)])
        let band = TeamBand.compute(tracks: [a, b], durationMs: 2000)
        XCTAssertEqual(band, [TeamBandPoint(tMs: 500, meanBPM: 122.5, minBPM: 105, maxBPM: 140),
                              TeamBandPoint(tMs: 1500, meanBPM: 140, minBPM: 120, maxBPM: 160)])
    }

    func testALongSessionHasAtMostMaxPointsStretchesOfWholeSeconds() {
        XCTAssertEqual(TeamBand.stretch(durationMs: 600_000, maxPoints: 480), 2000)
        XCTAssertEqual(TeamBand.stretch(durationMs: 7_200_000, maxPoints: 480), 15_000)
        XCTAssertEqual(TeamBand.stretch(durationMs: 100_000, maxPoints: 480), 1000)
        let long = track((0..<7200).map { (Int64($0) * 1000, 100 + $0 % 20) })
        XCTAssertLessThanOrEqual(TeamBand.compute(tracks: [long], durationMs: 7_200_000).count, 480)
    }

    func testNoSignalNoPoint() {
        XCTAssertEqual(TeamBand.compute(tracks: [track([])], durationMs: 60_000), [])
        let gap = TeamBand.compute(tracks: [track([(0, 90), (10_000, 95)])], durationMs: 20_000)
        XCTAssertEqual(gap.map(\.tMs), [500, 10_500], "stretches without a sample are left out, not drawn as 0")
    }
}

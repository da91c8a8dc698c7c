import XCTest
@testable import Analytics
import TeamCore

final class GraphTests: XCTestCase {
    typealias P = LargestTriangleThreeBuckets.Point

    func testKeepsEndsAndPeaks() {
        var points = (0..<1000).map { P(x: Double($0), y: 100) }
        points[537].y = 190 // one sprint
        let out = LargestTriangleThreeBuckets.downsample(points, to: 50)
        XCTAssertEqual(out.count, 50)
        XCTAssertEqual(out.first, points.first)
        XCTAssertEqual(out.last, points.last)
        XCTAssertTrue(out.contains(points[537]))
        XCTAssertEqual(out.map(\.x), out.map(\.x).sorted())
    }

    func testShortSeriesUnchanged() {
        let points = (0..<10).map { P(x: Double($0), y: Double($0)) }
        XCTAssertEqual(LargestTriangleThreeBuckets.downsample(points, to: 50), points)
    }

    func testTeamLineIsTheMeanOfPlayersEachSecond() {
        let tracks: [Int64: HeartRateTrack] = [
            1: HeartRateTrack(samples: TestData.steady(bpm: 100, seconds: 10, player: 1)),
            2: HeartRateTrack(samples: TestData.steady(bpm: 140, seconds: 10, player: 2)),
        ]
        let graph = SessionGraph(tracks: tracks, width: 100)
        XCTAssertEqual(graph.team.count, 10)
        XCTAssertTrue(graph.team.allSatisfy { $0.y == 120 })
        XCTAssertEqual(graph.players[1]?.count, 10)
    }
}

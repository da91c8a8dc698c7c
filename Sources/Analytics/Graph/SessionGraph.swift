/// Heart-rate lines of a session, downsampled to the pixel width of a graph:
/// one per player and one for the team (the mean heart rate of the players
/// with a signal, second by second).
public struct SessionGraph: Sendable, Equatable {
    public typealias Point = LargestTriangleThreeBuckets.Point
    /// x = seconds since session start, y = bpm.
    public var players: [Int64: [Point]]
    public var team: [Point]

    public init(tracks: [Int64: HeartRateTrack], width: Int) {
        var players: [Int64: [Point]] = [:]
        var sums: [Int64: (Double, Int)] = [:]
        for (id, track) in tracks {
            var points: [Point] = []
            points.reserveCapacity(track.count)
            for i in 0..<track.count {
                points.append(Point(x: Double(track.tMs[i]) / 1000, y: Double(track.bpm[i])))
                let second = track.tMs[i] / 1000
                let s = sums[second] ?? (0, 0)
                sums[second] = (s.0 + Double(track.bpm[i]), s.1 + 1)
            }
            players[id] = LargestTriangleThreeBuckets.downsample(points, to: width)
        }
        let team = sums.keys.sorted().map { Point(x: Double($0), y: sums[$0]!.0 / Double(sums[$0]!.1)) }
        self.players = players
        self.team = LargestTriangleThreeBuckets.downsample(team, to: width)
    }
}

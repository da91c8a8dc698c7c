// Where the review summary's time goes, single-threaded, on the same 2-hour session.
import Analytics
import Foundation
import Store
import TeamCore

func benchAnalyticsParts() throws {
    let dir = NSTemporaryDirectory() + "sideline-bench-parts-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (store, sessionID, _, _) = try makeLongSession(path: "\(dir)/long.sqlite")
    let series = try store.recordedSeries(sessionID)
    let players = try store.sessionPlayers(sessionID)
    var nn: [NNSeries] = []
    let rr = timedMs { for p in players { nn.append(NNSeries(intervals: series.rrIntervals[p.playerID] ?? [])) } }
    let time = timedMs { for s in nn { _ = TimeDomainHRV.compute(s) } }
    let freq = timedMs { for s in nn { _ = FrequencyDomainHRV.compute(s) } }
    let tracks = timedMs { for p in players { _ = HeartRateTrack(samples: series.samples[p.playerID] ?? []) } }
    var passes = 0
    let detect = timedMs {
        for s in nn.prefix(1) {
            var peaks = [0.0]
            for x in s.stretches[0].nnMs { peaks.append(peaks[peaks.count - 1] + x) }
            for _ in 0..<30 { passes += LipponenTarvainen.findArtefacts(peaks: peaks).count }
        }
    }
    let passes0 = LipponenTarvainen.clean(peaks: [0] + nn[0].stretches[0].nnMs.reduce(into: [Double]()) { $0.append(($0.last ?? 0) + $1) }).passes.map(\.count)
    print("player 1: \(nn[0].stretches.count) stretches, artefacts per pass \(passes0), report \(nn[0].report)")
    print("analytics parts (30 players, one thread): RR pipeline \(Int(rr)) ms, time-domain \(Int(time)) ms, frequency \(Int(freq)) ms, tracks \(Int(tracks)) ms, one detection pass x30 \(Int(detect)) ms")
}

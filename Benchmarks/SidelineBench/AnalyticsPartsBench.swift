// Where the review summary's time goes, single-threaded, on the same 2-hour session.
import Analytics
import Foundation
import Store
import TeamCore

func benchAnalyticsParts() throws {
    if CommandLine.arguments.contains("--correction-only") { return benchCorrectionOnePlayer() }
    let dir = NSTemporaryDirectory() + "sideline-bench-parts-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (store, sessionID, _, _) = try makeLongSession(path: "\(dir)/long.sqlite")
    var readSamples: [Double] = [], readAll: [Double] = []
    for _ in 0..<5 {
        readSamples.append(try timed { _ = try store.recordedSeries(sessionID, includingRR: false) }.cpu)
        readAll.append(try timed { _ = try store.recordedSeries(sessionID) }.cpu)
    }
    print(String(format: "read from SQLite (CPU, median of 5): samples %.0f ms, samples + RR %.0f ms",
                 median(readSamples), median(readAll)))
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

/// `analytics-parts --correction-only`: the RR pipeline on the first player's raw series of
/// the same session, simulated in memory (no SQLite), once — small enough for
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*NNSeries*intervals*'`.
func benchCorrectionOnePlayer() {
    var rr: [RRInterval] = []
    simulateLongSession(playerIDs: Array(1...30), minutes: 120) { _, batch in
        rr += batch.rrIntervals.lazy.filter { $0.playerID == 1 }
    }
    var series: NNSeries?
    let ms = timed { series = NNSeries(intervals: rr) }
    print(String(format: "player 1: %d RR intervals corrected in %.2f ms (CPU %.2f ms); ", rr.count, ms.wall, ms.cpu) + "\(series!.report)")
    if let repeats = CommandLine.arguments.first(where: { $0.hasPrefix("--repeat=") }).flatMap({ Int($0.dropFirst(9)) }) {
        let runs = (0..<repeats).map { _ in timed { series = NNSeries(intervals: rr) } }
        print(String(format: "  again, median of %d: wall %.2f ms, CPU %.2f ms", repeats, median(runs.map(\.wall)), median(runs.map(\.cpu))))
    }
}

// Issue 6's figures: the full review summary of a 2-hour, 30-player session read
// from SQLite (≤ 150 ms), and its exports (CSV ≤ 1 s, all TCX + FIT ≤ 2 s).
import Analytics
import Exports
import StoredExports
import Foundation
import Kiosk
import SensorSimulation
import SessionReview
import Store
import TeamCore

/// Writes a 2-hour session of 30 players straight through `SessionWriter`: one
/// sample a second, beats from a heart rate that follows 75 s work / 45 s rest
/// intervals, with RSA, noise and now and then a missed beat. The intensities are
/// high on purpose: ~3 beats a second gives the issue's ≈ 650 k RR intervals.
func makeLongSession(path: String, players: Int = 30, minutes: Int = 120) throws -> (SidelineStore, Int64, samples: Int, rr: Int) {
    let store = try SidelineStore(path: path)
    let (sessionID, samples, rr) = try makeLongSession(in: store, teamName: "Bench Long", players: players, minutes: minutes)
    return (store, sessionID, samples, rr)
}

/// The same session written into `store`, for a team of its own named `teamName`.
func makeLongSession(in store: SidelineStore, teamName: String, players: Int = 30,
                     minutes: Int = 120) throws -> (Int64, samples: Int, rr: Int) {
    let team = try store.createTeam(name: teamName)
    var ids: [Int64] = []
    for i in 0..<players {
        let player = Player(firstName: "Player", lastName: "\(i + 1)", birthYear: 1990 + i % 15, sex: i % 3 == 0 ? .female : .male,
                            weightKg: 60 + Double(i % 25), restingHR: 50 + i % 15)
        ids.append(try store.addPlayer(player, toTeam: team.id, shirtNumber: i + 1))
    }
    let session = try store.startSession(teamID: team.id, participants: ids.map { Participant(playerID: $0, strapID: nil) },
                                         plannedDurationMs: Int64(minutes) * 60_000, zoneModel: .heartRateReserve)
    let writer = SessionWriter(store: store, sessionID: session.id)
    var sampleCount = 0, rrCount = 0
    try simulateLongSession(playerIDs: ids, minutes: minutes) { minute, batch in
        sampleCount += batch.samples.count
        rrCount += batch.rrIntervals.count
        try writer.commit(batch, upToMs: Int64(minute + 1) * 60_000)
    }
    try store.endSession(session.id, at: session.startedAt.addingTimeInterval(Double(minutes * 60)))
    return (session.id, sampleCount, rrCount)
}

/// The long session's samples and beats, one batch a minute (the same for every caller).
func simulateLongSession(playerIDs ids: [Int64], minutes: Int, _ commit: (Int, SessionRecording.Batch) throws -> Void) rethrows {
    let players = ids.count
    var rng = SeededGenerator(seed: 42)
    var nextBeatMs = [Double](repeating: 0, count: players)
    var heartRate = [Double](repeating: 120, count: players)
    for minute in 0..<minutes {
        var batch = SessionRecording.Batch()
        for (p, id) in ids.enumerated() {
            let resting = Double(50 + p % 15), maxHR = 198.0
            for second in 0..<60 {
                let t = Double(minute * 60 + second)
                let cycle = t.truncatingRemainder(dividingBy: 120)
                let target = resting + (maxHR - resting) * (cycle < 75 ? 0.97 : 0.85) + 3 * sin(t / 17)
                // First-order kinetics (τ = 20 s), as a heart follows a change of workload.
                heartRate[p] += (target - heartRate[p]) * (1 - exp(-1.0 / 20))
                let hr = heartRate[p]
                let tMs = Int64(t * 1000) + Int64(p * 31)
                batch.samples.append(Sample(playerID: id, strapID: 0, tMs: tMs, bpm: Int(hr.rounded()), contact: .detected))
                // The beats that end within this second.
                while nextBeatMs[p] < t * 1000 + 1000 {
                    var rr = 60_000 / hr * (1 + 0.03 * sin(2 * .pi * 0.25 * nextBeatMs[p] / 1000) + 0.01 * rng.gaussian())
                    if rng.next() % 500 == 0 { rr *= 2 } // missed beat
                    nextBeatMs[p] += rr
                    batch.rrIntervals.append(RRInterval(playerID: id, tMs: Int64(nextBeatMs[p]), rr1024: UInt16(min(65535, rr * 1.024))))
                }
            }
        }
        try commit(minute, batch)
    }
}

func timedMs(_ body: () throws -> Void) rethrows -> Double {
    let start = nowNs()
    try body()
    return Double(nowNs() - start) / 1e6
}

/// CPU time of the whole process (all threads), ms: on a machine shared with other
/// builds the wall clock measures the neighbours too; this shows the work itself.
func processCPUMs() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

/// Wall and CPU milliseconds of one run of `body`.
func timed(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
    let cpu = processCPUMs()
    let wall = try timedMs(body)
    return (wall, processCPUMs() - cpu)
}

/// One figure's wall and CPU medians, with its target.
func printMedians(_ name: String, _ runs: [(wall: Double, cpu: Double)], target: String, decimals: Int = 0) {
    let number = "%6.\(decimals)f"
    print(String(format: "  %-56@ wall \(number) ms  cpu \(number) ms  %@", name as NSString, median(runs.map(\.wall)),
                 median(runs.map(\.cpu)), target as NSString))
}

/// The machine's load, which the wall times include.
func printLoadAverage() {
    var loadAverage = [Double](repeating: 0, count: 3)
    _ = getloadavg(&loadAverage, 3)
    print(String(format: "  (machine load average %.1f on %d cores: wall times include the neighbours' work)",
                 loadAverage[0], ProcessInfo.processInfo.activeProcessorCount))
}

func benchAnalytics(rounds: Int) throws {
    let dir = NSTemporaryDirectory() + "sideline-bench-analytics-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let made = Date()
    let (store, sessionID, samples, rr) = try makeLongSession(path: "\(dir)/long.sqlite")
    print(String(format: "session analytics: 2 h, 30 players, %d samples, %d RR intervals (written in %.1f s), median of %d",
                 samples, rr, Date().timeIntervalSince(made), rounds))

    var load: [(wall: Double, cpu: Double)] = [], cold = load, summary = load, screen = load, csv = load, files = load
    var corrected = 0
    // The first review corrects the RR series and caches the NN series in the store.
    let first = try timed { _ = try SessionReview.load(store: store, sessionID: sessionID) }
    for round in 0..<rounds {
        load.append(try timed { _ = try store.recordedSeries(sessionID) })
        cold.append(try timed { _ = try SessionReview.load(store: store, sessionID: sessionID, useCache: false) })
        screen.append(try timed { _ = try ReviewScreenLoader(store: store).load(sessionID: sessionID) })
        var context: AnalysedSession?
        summary.append(try timed { context = try SessionReview.load(store: store, sessionID: sessionID) })
        corrected = context!.analysis.players.reduce(0) { $0 + $1.rr.corrected }
        let out = "\(dir)/out-\(round)"
        // Exports start from the analysis the review screen already holds.
        let export = SessionExport(store: store, analysed: context!)
        csv.append(try timed { try export.write([.rawCSV, .summaryCSV], to: out) })
        files.append(try timed { try export.write([.tcx, .fit], to: out) })
        try? FileManager.default.removeItem(atPath: out)
    }
    func line(_ name: String, _ runs: [(wall: Double, cpu: Double)], target: String) { printMedians(name, runs, target: target) }
    printLoadAverage()
    line("read samples + RR from SQLite (C API)", load, target: "")
    line("first analysis: RR corrected, NN cached (warmCache)", [first], target: "(one run, in the background at session end)")
    line("summary from SQLite, RR corrected again (no cache)", cold, target: "")
    line("full summary from SQLite: all metrics, both models, HRV", summary, target: "target <= 150 ms (NN cached)")
    line("kiosk review screen: summary, series, digests", screen, target: "(NN cached, as after warmCache)")
    line("CSV export: samples + RR (read from SQLite), summary", csv, target: "target <= 1000 ms")
    line("TCX + FIT, 30 players each", files, target: "target <= 2000 ms")
    print("  beats corrected by Lipponen-Tarvainen: \(corrected)")
}

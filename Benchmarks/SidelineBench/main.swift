// Benchmarks for the figures the issues name, each side by side with its baseline in
// the same run. Prints medians of several rounds. Run: `make bench` (release build).
import CBaselines
import Foundation
import SPSCRing
import Store
import TeamCore

func nowNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func report(_ name: String, _ value: Double, unit: String) {
    let number = String(format: "%.0f", value)
    print(name.padding(toLength: 58, withPad: " ", startingAt: 0) + String(repeating: " ", count: max(1, 14 - number.count)) + number + " " + unit)
}

// MARK: ring buffer

/// How the benchmark's consumer takes events out of the ring.
enum RingConsumer: CaseIterable {
    /// One `pop()` per event: every event pays for its own head store.
    case popEach
    /// `drain()` as the kiosk's main loop and the recorder use it: one tail load
    /// and one head store per batch of whatever is waiting.
    case drainBatches
    /// `drain()`, and when the ring is empty a short spin-wait (64 CPU pause hints)
    /// before polling again. A consumer that polls without pause pulls the
    /// producer's tail line after every push, so on hosts with slow cross-core
    /// transfers the hot poll, not the ring, sets the pace; the kiosk's consumer
    /// polls once per frame.
    case drainWithBackoff

    var pausesWhenEmpty: Int32 { self == .drainWithBackoff ? 64 : 0 }

    var label: String {
        switch self {
        case .popEach: "pop() per event, polling without pause"
        case .drainBatches: "drain() in batches (as the kiosk reads), polling without pause"
        case .drainWithBackoff: "drain() in batches, 64 pause hints when empty"
        }
    }
}

/// Cross-thread events per second through SPSCRing<SensorEvent>: a producer thread pushes
/// (retrying when full, to measure throughput rather than drops), the calling thread consumes.
func swiftRingRun(capacity: Int, count: Int, consumer: RingConsumer) -> (ns: UInt64, checksum: UInt64) {
    let ring = SPSCRing<SensorEvent>(capacity: capacity)
    let started = DispatchSemaphore(value: 0)
    let start = nowNs()
    let thread = Thread {
        started.signal()
        var event = SensorEvent(strap: 1, timestampNs: 0, kind: .measurement, bpm: 120, contact: .detected)
        for i in 0..<count {
            event.timestampNs = UInt64(i)
            while !ring.push(event) {}
        }
    }
    thread.start()
    started.wait()
    var sum: UInt64 = 0
    var received = 0
    switch consumer {
    case .popEach:
        while received < count {
            if let e = ring.pop() {
                sum &+= e.timestampNs
                received += 1
            }
        }
    case .drainBatches, .drainWithBackoff:
        let pauses = consumer.pausesWhenEmpty
        while received < count {
            let n = ring.drain { sum &+= $0.timestampNs }
            received += n
            if n == 0 { for _ in 0..<pauses { c_cpu_relax() } }
        }
    }
    return (nowNs() - start, sum)
}

func benchRing(rounds: Int) {
    let capacity = 8192, count = 20_000_000
    let size = MemoryLayout<SensorEvent>.stride
    print("ring buffer: \(count) events of \(size) bytes, capacity \(capacity), median of \(rounds)")
    for consumer in RingConsumer.allCases {
        var swiftRates: [Double] = [], cRates: [Double] = []
        for _ in 0..<rounds {
            let s = swiftRingRun(capacity: capacity, count: count, consumer: consumer)
            var cSum: UInt64 = 0
            let cNs = switch consumer {
            case .popEach: c_spsc_ring_run(capacity, size, UInt64(count), &cSum)
            case .drainBatches, .drainWithBackoff:
                c_spsc_ring_run_drain(capacity, size, UInt64(count), consumer.pausesWhenEmpty, &cSum)
            }
            precondition(s.checksum == cSum && cNs > 0, "ring runs disagree")
            swiftRates.append(Double(count) / (Double(s.ns) / 1e9))
            cRates.append(Double(count) / (Double(cNs) / 1e9))
        }
        print("  consumer: \(consumer.label)")
        report("    Swift SPSCRing<SensorEvent> cross-thread", median(swiftRates), unit: "events/s")
        report("    C11 SPSC ring, same element size and capacity", median(cRates), unit: "events/s")
        print(String(format: "    ratio Swift/C: %.2f (target >= 0.80, and >= 20 M events/s)", median(swiftRates) / median(cRates)))
    }
}

// MARK: store ingest

/// `oneTransactionOnly`: the 3000-row transactions skipped, so a callgrind run's SessionWriter.commit is the
/// one-transaction figure alone (docs/BENCHMARKS.md's split of the store ingest).
func benchStore(rounds: Int, oneTransactionOnly: Bool = false) throws {
    let count = 300_000
    var batchedRates: [Double] = [], perSecondRates: [Double] = [], cRates: [Double] = [], cGroupedRates: [Double] = []
    let dir = NSTemporaryDirectory() + "sideline-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // As the recorder delivers them: by time, the players of each second interleaved.
    let samples = (0..<count).map { i -> Sample in
        let player = Int64(i % 30) + 1, second = Int64(i / 30)
        return Sample(playerID: player, strapID: player, tMs: second * 1000, bpm: 60 + i % 120, contact: .detected)
    }
    for round in 0..<rounds {
        var swiftFile = ""
        for (label, batchSize) in [("one", count), ("second", 30 * 100)] where label == "one" || !oneTransactionOnly {
            let path = "\(dir)/swift-\(round)-\(label).sqlite"
            let store = try SidelineStore(path: path)
            let team = try store.createTeam(name: "Bench")
            let session = try store.startSession(teamID: team.id, participants: [], plannedDurationMs: nil)
            let writer = SessionWriter(store: store, sessionID: session.id)
            var batches: [SessionRecording.Batch] = []
            for chunk in stride(from: 0, to: count, by: batchSize) {
                var b = SessionRecording.Batch()
                b.samples = Array(samples[chunk..<min(chunk + batchSize, count)])
                batches.append(b)
            }
            let start = nowNs()
            for (i, b) in batches.enumerated() { try writer.commit(b, upToMs: Int64(i) * 1000) }
            let rate = Double(count) / (Double(nowNs() - start) / 1e9)
            if label == "one" { batchedRates.append(rate); swiftFile = path } else { perSecondRates.append(rate) }
        }
        // The writer's input, the same readings in the same order, as C structs (made before the clock starts,
        // as the Swift side's batch is).
        var readings = samples.enumerated().map { i, s in
            c_reading(player_id: s.playerID, t_ms: s.tMs, bpm: Int64(s.bpm), contact: Int64(s.contact.rawValue), strap_id: s.strapID, arrival: UInt64(i))
        }
        let cGroupedNs = readings.withUnsafeMutableBufferPointer { c_sqlite_insert_readings("\(dir)/c-grouping-\(round).sqlite", $0.baseAddress, $0.count) }
        let cNs = c_sqlite_insert_samples("\(dir)/c-\(round).sqlite", UInt64(count))
        precondition(cNs > 0 && cGroupedNs > 0, "C baseline failed")
        // Like for like: both baselines store exactly the rows the writer stored.
        let digest = c_sqlite_sample_minute_digest(swiftFile)
        precondition(digest != 0 && digest == c_sqlite_sample_minute_digest("\(dir)/c-grouping-\(round).sqlite")
                     && digest == c_sqlite_sample_minute_digest("\(dir)/c-\(round).sqlite"), "the C baselines stored other rows than SessionWriter")
        cGroupedRates.append(Double(count) / (Double(cGroupedNs) / 1e9))
        cRates.append(Double(count) / (Double(cNs) / 1e9))
    }
    print("store ingest: \(count) samples into sample_minute (v33: a row a player and minute), WAL, synchronous=FULL, median of \(rounds)")
    report("  SessionWriter, one transaction", median(batchedRates), unit: "samples/s")
    if !perSecondRates.isEmpty { report("  SessionWriter, transactions of 3000 rows", median(perSecondRates), unit: "samples/s") }
    report("  raw sqlite3, the writer's input sorted by qsort, one tx", median(cGroupedRates), unit: "samples/s")
    report("  raw sqlite3, the readings handed pre-grouped, one tx", median(cRates), unit: "samples/s")
    print(String(format: "  ratio SessionWriter/C (like for like, C sorts too): %.2f (target >= 0.70, and >= 200 k samples/s)",
                 median(batchedRates) / median(cGroupedRates)))
    print(String(format: "  ratio SessionWriter/C pre-grouped (C skips the grouping): %.2f", median(batchedRates) / median(cRates)))
}

let args = CommandLine.arguments.dropFirst()
let which = Set(args.filter { !$0.hasPrefix("-") })
let rounds = Int(args.first { $0.hasPrefix("--rounds=") }?.dropFirst(9) ?? "") ?? 5
if which.isEmpty || which.contains("ring") { benchRing(rounds: rounds) }
if which.isEmpty || which.contains("store") { try benchStore(rounds: rounds, oneTransactionOnly: args.contains("--one-transaction")) }
if which.isEmpty || which.contains("analytics") { try benchAnalytics(rounds: rounds) }
if which.isEmpty || which.contains("ble-worker") { benchBLEWorker(rounds: rounds) }
if which.isEmpty || which.contains("season") { try benchSeason(rounds: rounds) }
// `count-units fixtures --dir=D`, then `count-units UNIT --count=N --db=FILE`: see CountedUnitsBench.swift.
if which.contains("count-units") {
    let value = { (name: String) in args.first { $0.hasPrefix("--\(name)=") }.map { String($0.dropFirst(name.count + 3)) } }
    if which.contains("fixtures") {
        try CountedUnitFixtures.write(into: value("dir") ?? "out/bench-instructions")
    } else {
        guard let unit = CountedUnit.allCases.first(where: { which.contains($0.rawValue) }), let path = value("db") else {
            fatalError("count-units: name one of \(CountedUnit.allCases.map(\.rawValue)) and --db=FILE")
        }
        try runCountedUnits(unit, count: Int(value("count") ?? "") ?? 1, path: path)
    }
}
if which.contains("analytics-parts") { try benchAnalyticsParts() }
if which.contains("photo-helper") {
    let value = { (name: String) in args.first { $0.hasPrefix("--\(name)=") }.map { String($0.dropFirst(name.count + 3)) } }
    let sideline = value("sideline") ?? (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/sideline"
    try benchPhotoHelper(rounds: rounds, picture: value("picture") ?? "12mp.jpg", sideline: sideline)
}

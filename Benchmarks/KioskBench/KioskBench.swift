import AppCore
import Localization
import Foundation
import Kiosk
import KioskShell
import KioskUI
import SensorSimulation
import Store
import TeamCore

/// `sideline --bench`: the kiosk figures of issue 5, measured on the real app
/// objects with SDL's offscreen driver and the software renderer.
public struct KioskBench {
    let fonts: FontBook
    let work: String
    let binary: String
    let seed: UInt64 = 7
    /// SIDELINE_BENCH_SMOKE (the e2e test that proves the benchmark runs to its end): every figure on a
    /// tenth or less of its frames, events and launches — the printed figures then mean nothing.
    let smoke = ProcessInfo.processInfo.environment["SIDELINE_BENCH_SMOKE"] != nil

    /// Starts SDL offscreen, measures every figure into `out/bench-kiosk` and prints it; `binary`
    /// is the `sideline` whose launch is timed.
    public static func run(binary: String) throws {
        try SDLVideo.startForBenchmarks()
        defer { SDLVideo.quit() }
        let work = ProcessInfo.processInfo.environment["SIDELINE_BENCH_WORK"] ?? "out/bench-kiosk"
        try KioskBench(fonts: try SDLVideo.fonts(), work: work, binary: binary).run()
    }

    func run() throws {
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        // Benchmarks/club/kiosk_frames_while_syncing.py: only the live screen beside a club sync pass.
        if let database = ProcessInfo.processInfo.environment["SIDELINE_BENCH_CLUB_DB"] { return try whileSyncing(database: database) }
        // make bench-instructions: exactly N units of one figure (CountedUnits.swift).
        if let units = ProcessInfo.processInfo.environment["SIDELINE_BENCH_UNITS"] { return try runCountedUnits(units) }
        print("kiosk benchmarks — SDL offscreen driver, software renderer, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        var rss = 0.0
        for (w, h) in [(1920, 1080), (800, 480)] {
            for incremental in [true, false] {
                let (median, p90, memory) = try liveFrames(width: w, height: h, incremental: incremental)
                if w == 1920 && incremental { rss = memory }
                print(String(format: "live screen, 40 players, %dx%d, %@: median %.2f ms CPU per frame (p90 %.2f)%@", w, h,
                             incremental ? "as the app draws (changed tiles + beating hearts)" : "every pixel redrawn each frame",
                             median, p90, w == 1920 ? "   [issue: ≤ 4 ms]" : ""))
            }
        }
        print(String(format: "RSS with 40 players live (1920x1080): %.1f MB   [issue: ≤ 80 MB]", rss))
        for (w, h) in [(1920, 1080), (800, 480)] {
            // Issue 25: a running interval program (its band) and a challenge (its strip, the
            // higher-zone rule counting every tick) must not cost frame time.
            let (median, p90, _) = try liveFrames(width: w, height: h, incremental: true, plan: true)
            print(String(format: "live screen, 40 players, %dx%d, as the app draws, an interval program and a 20 v 20 challenge running: median %.2f ms CPU per frame (p90 %.2f)",
                         w, h, median, p90))
        }
        for (w, h) in [(1920, 1080), (800, 480)] {
            print(String(format: "live graph view, 40 players × 5 min, %dx%d: median %.2f ms CPU per redraw (it redraws once a second)",
                         w, h, try liveGraphRedraw(width: w, height: h)))
        }
        // SIDELINE_BENCH_ONLY=live stops here (for profiling the frame).
        if ProcessInfo.processInfo.environment["SIDELINE_BENCH_ONLY"] == "live" { return }
        print(String(format: "team picker, nothing changing, 12 simulated straps streaming: %.2f %% of a core over 5 s   [issue: < 2 %%]",
                     try idlePicker()))
        for (w, h) in [(1920, 1080), (800, 480)] {
            let (p50, p99, events) = try latency(width: w, height: h)
            print(String(format: "ring-to-frame latency, 40 straps, live screen %dx%d: p50 %.2f ms, p99 %.2f ms over %d events   [issue: p99 ≤ 20 ms]",
                         w, h, p50, p99, events))
        }
        print(String(format: "launch to first frame, 50 players / 200 sessions: median %.0f ms of 5 launches   [issue: ≤ 500 ms]",
                     try launch()))
    }

    // MARK: figures

    /// `plan`: the session runs the first interval preset and a challenge of the even shirt numbers
    /// against the odd, scored by the higher zone.
    private func liveFrames(width: Int, height: Int, incremental: Bool, plan: Bool = false) throws -> (Double, Double, Double) {
        let (app, stepped) = try liveApp(width: width, height: height, incremental: incremental, plan: plan)
        defer { app.shutdown() }
        let cpu = frameTimes(app, stepped, frames: smoke ? 10 : 300, warmUp: smoke ? 3 : 30).cpu.sorted()
        return (cpu[cpu.count / 2], cpu[cpu.count * 9 / 10], Self.rssMB())
    }

    /// The live screen of 40 simulated players, the session just started.
    func liveApp(width: Int, height: Int, incremental: Bool, plan: Bool = false) throws -> (KioskApp, SteppedSimulatedSource) {
        let (store, team) = try freshStore("live-\(width)-\(incremental ? "incremental" : "full")\(plan ? "-plan" : "")", players: 40)
        if plan { try store.saveKioskSetting("challengeRule", ChallengeRule.higherZone.rawValue) }
        let stepped = SteppedSimulatedSource(team: SimulatedTeam(count: 40, seed: seed), seed: seed)
        let app = try makeApp(store: store, source: .stepped(stepped, description: Message("bench")), width: width, height: height)
        app.main.view.persistentFrames = incremental
        do {
            try startSession(app, team: team, plan: plan)
        } catch {
            app.shutdown()
            throw error
        }
        return (app, stepped)
    }

    /// Two minutes into the session, `frames` frames of 60 Hz (after `warmUp` to warm up): each one's CPU
    /// time on this thread and its wall time, in ms.
    func frameTimes(_ app: KioskApp, _ stepped: SteppedSimulatedSource, frames: Int, warmUp: Int = 30) -> (cpu: [Double], wall: [Double]) {
        app.advance(ms: 120_000)
        var cpu: [Double] = [], wall: [Double] = []
        for i in 0..<(frames + warmUp) {
            stepped.advance(byNs: 16_666_667)
            let (t0, w0) = (Self.threadCPUms(), DispatchTime.now().uptimeNanoseconds)
            app.frame(force: true)
            if i >= warmUp {
                cpu.append(Self.threadCPUms() - t0)
                wall.append(Double(DispatchTime.now().uptimeNanoseconds - w0) / 1e6)
            }
        }
        return (cpu, wall)
    }

    /// The coach's graph view of a session five and a half minutes in: every redraw is a whole one.
    private func liveGraphRedraw(width: Int, height: Int) throws -> Double {
        let (store, team) = try freshStore("graph-\(width)", players: 40)
        let stepped = SteppedSimulatedSource(team: SimulatedTeam(count: 40, seed: seed), seed: seed)
        let app = try makeApp(store: store, source: .stepped(stepped, description: Message("bench")), width: width, height: height)
        defer { app.shutdown() }
        try startSession(app, team: team)
        app.advance(ms: 330_000)
        app.runtime.dispatch(.live(.showView(.graph)))
        var cpu: [Double] = []
        for _ in 0..<(smoke ? 4 : 40) {
            stepped.advance(byNs: 1_000_000_000)
            app.runtime.update()
            app.main.view.invalidate()
            let t0 = Self.threadCPUms()
            app.drawIfNeeded(force: true)
            cpu.append(Self.threadCPUms() - t0)
            app.runtime.commitRecording()
        }
        cpu.sort()
        return cpu[cpu.count / 2]
    }

    private func idlePicker() throws -> Double {
        let (store, _) = try freshStore("idle", players: 12)
        let source = SimulatedSource(team: SimulatedTeam(count: 12, seed: seed), seed: seed, speed: 1)
        let app = try makeApp(store: store, source: KioskSource(source: source, kind: .simulated, description: Message("bench")), width: 800, height: 480)
        defer { app.shutdown() }
        app.drawIfNeeded(force: true)
        usleep(500_000)
        let (cpu0, wall0) = (Self.processCPUs(), DispatchTime.now().uptimeNanoseconds)
        app.runEventLoop(until: wall0 + (smoke ? 500_000_000 : 5_000_000_000))
        let (cpu1, wall1) = (Self.processCPUs(), DispatchTime.now().uptimeNanoseconds)
        return (cpu1 - cpu0) / (Double(wall1 - wall0) / 1e9) * 100
    }

    private func latency(width: Int, height: Int) throws -> (Double, Double, Int) {
        let (store, team) = try freshStore("latency-\(width)", players: 40)
        let samples = try latencySamples(store: store, team: team, width: width, height: height)
        return (Double(samples[samples.count / 2]) / 1e6, Double(samples[min(samples.count - 1, samples.count * 99 / 100)]) / 1e6, samples.count)
    }

    /// Ten seconds of the live screen on 40 straps notifying in real time: each event's ns from the
    /// ring to the end of the present that showed it, sorted.
    func latencySamples(store: SidelineStore, team: Team, width: Int, height: Int) throws -> [UInt64] {
        let app = try makeApp(store: store, source: KioskSource(source: BenchSource(), kind: .bluetooth, description: Message("bench")),
                              width: width, height: height)
        defer { app.shutdown() }
        app.runtime.dispatch(.teams(.pick(team.id)))
        app.runEventLoop(until: DispatchTime.now().uptimeNanoseconds + 1_500_000_000)
        app.runtime.dispatch(.live(.start))
        guard app.state.screen == .live else { throw KioskError("benchmark: the session did not start") }
        app.runEventLoop(until: DispatchTime.now().uptimeNanoseconds + 2_000_000_000)
        let probe = LatencyProbe()
        app.observer = probe
        app.runEventLoop(until: DispatchTime.now().uptimeNanoseconds + (smoke ? 1_000_000_000 : 10_000_000_000))
        let samples = probe.samplesNs.sorted()
        guard !samples.isEmpty else { throw KioskError("benchmark: no event reached a frame") }
        return samples
    }

    /// The launch figure's database (50 players, 200 sessions; written once) and its script (the first frame, then quit).
    func launchFixture() throws -> (database: String, script: String) {
        let db = "\(work)/\(smoke ? "launch-smoke" : "launch").sqlite"
        if !FileManager.default.fileExists(atPath: db) { try buildLaunchDatabase(db) }
        let script = "\(work)/launch.kiosk"
        try "expect screen teamPicker\n".write(toFile: script, atomically: true, encoding: .utf8)
        return (db, script)
    }

    private func launch() throws -> Double {
        let (db, script) = try launchFixture()
        var times: [Double] = []
        for _ in 0..<(smoke ? 1 : 5) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--headless", "--size", "800x480", "--script", script, "--screenshots", "\(work)/launch-shots", "--db", db]
            var env = ProcessInfo.processInfo.environment
            env["SIDELINE_ANNOUNCE_FIRST_FRAME"] = "1"
            process.environment = env
            let pipe = Pipe()
            process.standardOutput = pipe
            let start = DispatchTime.now().uptimeNanoseconds
            try process.run()
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("first-frame") {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += chunk
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            process.waitUntilExit()
        }
        times.sort()
        return times[times.count / 2]
    }

    // MARK: set-up

    private func buildLaunchDatabase(_ path: String) throws {
        let store = try SidelineStore(path: path)
        let squad = SimulatedTeam(count: 50, seed: seed)
        let team = try importTeam(store, squad, name: "Launch")
        let roster = try store.roster(teamID: team.id)
        let base = Date(timeIntervalSince1970: 1_760_000_000)
        for s in 0..<(smoke ? 20 : 200) {
            let players = (0..<12).map { roster[(s * 7 + $0) % roster.count] }
            let session = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0.playerID, strapID: $0.strap?.id) },
                                                 plannedDurationMs: 600_000, at: base.addingTimeInterval(Double(s) * 86_400))
            var batch = SessionRecording.Batch()
            for p in players {
                for t in 0..<300 {
                    batch.samples.append(Sample(playerID: p.playerID, strapID: p.strap!.id, tMs: Int64(t) * 1000,
                                                bpm: 90 + (t * 7 + s) % 90, contact: .detected))
                }
            }
            try SessionWriter(store: store, sessionID: session.id).commit(batch, upToMs: 300_000)
            try store.endSession(session.id, at: base.addingTimeInterval(Double(s) * 86_400 + 300))
        }
    }

    func freshStore(_ name: String, players: Int) throws -> (SidelineStore, Team) {
        let path = "\(work)/\(name).sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let store = try SidelineStore(path: path)
        return (store, try importTeam(store, SimulatedTeam(count: players, seed: seed), name: "Bench"))
    }

    func importTeam(_ store: SidelineStore, _ squad: SimulatedTeam, name: String) throws -> Team {
        let rows = squad.members.enumerated().map { i, m in
            RosterCSV.Row(line: i + 1, shirtNumber: m.shirtNumber, player: m.player, strapAddress: m.strap.address, strapName: m.strap.name)
        }
        return try store.importRoster(rows, teamNamed: name)
    }

    /// The app on `store` as the kiosk runs it, but with no club sync worker of its own (a benchmark
    /// that wants one starts it beside the app).
    func makeApp(store: SidelineStore, source: KioskSource, width: Int, height: Int) throws -> KioskApp {
        let window = try KioskWindow(title: "bench", width: width, height: height, display: nil, fullscreen: false, software: true, fonts: fonts)
        guard let wake = WakeSignal() else { throw KioskError("no SDL user event") }
        let runtime = KioskRuntime(store: store, source: source, wake: wake, wallClockBase: nil, exportDirectory: work, clubSync: .service)
        // LANG=de_DE.UTF-8 (and SIDELINE_LOCALEDIR): the figures in another language, the catalog's lookups in them.
        runtime.fallbackLanguage = Language.fromEnvironment(ProcessInfo.processInfo.environment)
        try runtime.start()
        return KioskApp(runtime: runtime, main: window, wall: nil, wake: wake)
    }

    func startSession(_ app: KioskApp, team: Team, plan: Bool = false) throws {
        app.runtime.dispatch(.teams(.pick(team.id)))
        app.advance(ms: 2000)
        if plan {
            app.runtime.dispatch(.lobby(.intervals(.choose(0))))
            for line in app.state.roster {
                for _ in 0..<(line.shirtNumber % 2 == 0 ? 1 : 2) { app.runtime.dispatch(.lobby(.challenge(.cycle(playerID: line.playerID)))) }
            }
        }
        app.runtime.dispatch(.live(.start))
        guard app.state.screen == .live else { throw KioskError("benchmark: the session did not start") }
        if plan, app.state.live?.intervals == nil || app.state.live?.challenge == nil { throw KioskError("benchmark: no program or challenge") }
    }

    // MARK: measuring

    static func threadCPUms() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    static func processCPUs() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func rssMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }
}

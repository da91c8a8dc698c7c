import ClubSync
import Foundation
import Kiosk
import Localization
import KioskShell
import SensorSimulation
import Store
import TeamCore

/// Issue 23 item 5's figure: the live screen's frame time and ring-to-frame latency with a club
/// sync pass running beside it, against the same figures without, on the same database — a kiosk
/// joined to a real club server with a season of sessions waiting (Benchmarks/club/kiosk_frames_while_syncing.py
/// starts the server and joins; `SIDELINE_BENCH_CLUB_DB` names the database). The pass is the
/// kiosk's own background worker (`ClubSyncWorker`) on the app's store, as the kiosk runs it in-process.
extension KioskBench {
    /// Sessions of 24 players, an hour each, a heart rate a second and RR beat by beat.
    static let seasonSessions = Int(ProcessInfo.processInfo.environment["SIDELINE_BENCH_CLUB_SESSIONS"] ?? "") ?? 120

    func whileSyncing(database: String) throws {
        let store = try SidelineStore(path: database)
        guard try ClubLink.load(forDatabase: database) != nil else { throw KioskError("benchmark: \(database) is in no club (sideline club join first)") }
        let team = try store.team(named: "Bench") ?? importTeam(store, SimulatedTeam(count: 40, seed: seed), name: "Bench")
        if try store.clubOutboxCounts().sessions == 0 { try fillSeason(store, team: team) }
        let season = Set(try store.sessionsAwaitingUpload().map(\.sessionID))
        print("live screen beside a club sync pass — \(ProcessInfo.processInfo.activeProcessorCount) cores, \(season.count) sessions of 24 players × 60 min waiting")
        let quiet = try figures(store, team)
        let worker = ClubSyncWorker(store: store)
        worker.start()
        let startedMs = Date().unixMs
        while !worker.snapshot.syncing && worker.snapshot.passes == 0 { usleep(10_000) }
        let busy = try figures(store, team)
        let stillSyncing = worker.snapshot.syncing
        let uploaded = season.subtracting(try store.sessionsAwaitingUpload().map(\.sessionID)).count
        let measuredS = Double(Date().unixMs - startedMs) / 1000
        print(String(format: "the pass uploaded %d of the %d sessions during the %.0f s measured%@", uploaded, season.count, measuredS,
                     stillSyncing ? "; it was still running at the end" : " — IT ENDED BEFORE THE MEASUREMENT ENDED: give more sessions"))
        worker.stop() // the pass under way finishes first
        // The same again without: how far two runs without a sync differ here (other work on the machine).
        let again = try figures(store, team)
        print("median and p95, ms: without a sync → with the pass running (× the first) → without again")
        func line(_ what: String, _ a: Spread, _ b: Spread, _ c: Spread) {
            print(String(format: "%@: median %.2f → %.2f (×%.2f) → %.2f; p95 %.2f → %.2f (×%.2f) → %.2f", what,
                         a.p50, b.p50, b.p50 / a.p50, c.p50, a.p95, b.p95, b.p95 / a.p95, c.p95))
        }
        for size in ["1920x1080", "800x480"] {
            line("live screen, 40 players, \(size), frame CPU", quiet.frameCPU[size]!, busy.frameCPU[size]!, again.frameCPU[size]!)
            line("live screen, 40 players, \(size), frame wall", quiet.frameWall[size]!, busy.frameWall[size]!, again.frameWall[size]!)
            line("ring-to-frame latency, 40 straps, \(size)", quiet.latency[size]!, busy.latency[size]!, again.latency[size]!)
        }
    }

    struct Spread { var p50: Double; var p95: Double }

    struct Figures {
        var frameCPU: [String: Spread] = [:]
        var frameWall: [String: Spread] = [:]
        var latency: [String: Spread] = [:]
    }

    static func spread(_ values: [Double]) -> Spread {
        let sorted = values.sorted()
        return Spread(p50: sorted[sorted.count / 2], p95: sorted[min(sorted.count - 1, sorted.count * 95 / 100)])
    }

    /// Frames and latency at both sizes on the bench's own team (a new session each time).
    private func figures(_ store: SidelineStore, _ team: Team) throws -> Figures {
        var out = Figures()
        for (w, h) in [(1920, 1080), (800, 480)] {
            let size = "\(w)x\(h)"
            let stepped = SteppedSimulatedSource(team: SimulatedTeam(count: 40, seed: seed), seed: seed)
            let app = try makeApp(store: store, source: .stepped(stepped, description: Message("bench")), width: w, height: h)
            app.main.view.persistentFrames = true
            try startSession(app, team: team)
            let (cpu, wall) = frameTimes(app, stepped, frames: 600)
            app.shutdown()
            out.frameCPU[size] = Self.spread(cpu)
            out.frameWall[size] = Self.spread(wall)
            out.latency[size] = Self.spread(try latencySamples(store: store, team: team, width: w, height: h).map { Double($0) / 1e6 })
        }
        return out
    }

    /// A season recorded before the kiosk joined: finished sessions the club has not seen.
    private func fillSeason(_ store: SidelineStore, team: Team) throws {
        let roster = try store.roster(teamID: team.id)
        let base = Date().addingTimeInterval(-Double(Self.seasonSessions) * 86_400)
        for s in 0..<Self.seasonSessions {
            let players = (0..<24).map { roster[(s * 7 + $0) % roster.count] }
            let session = try store.startSession(teamID: team.id, participants: players.map { Participant(playerID: $0.playerID, strapID: $0.strap?.id) },
                                                 plannedDurationMs: 3_600_000, at: base.addingTimeInterval(Double(s) * 86_400))
            var batch = SessionRecording.Batch()
            for (i, p) in players.enumerated() {
                var beatMs: Int64 = 0
                for t in 0..<3600 {
                    let bpm = 95 + (t / 20 * 7 + s * 3 + i * 11) % 85
                    batch.samples.append(Sample(playerID: p.playerID, strapID: p.strap!.id, tMs: Int64(t) * 1000, bpm: bpm, contact: .detected))
                    while beatMs < Int64(t + 1) * 1000 {
                        let rr = 60_000 / bpm + (t * 13 + i) % 9 - 4
                        beatMs += Int64(rr)
                        batch.rrIntervals.append(RRInterval(playerID: p.playerID, tMs: beatMs, rr1024: UInt16(rr * 1024 / 1000)))
                    }
                }
            }
            try SessionWriter(store: store, sessionID: session.id).commit(batch, upToMs: 3_600_000)
            try store.endSession(session.id, at: base.addingTimeInterval(Double(s) * 86_400 + 3600))
        }
    }
}

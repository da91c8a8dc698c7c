import AppCore
import Localization
import Foundation
import Kiosk
import KioskShell
import SensorSimulation
import TeamCore

/// `sideline --bench` with `SIDELINE_BENCH_UNITS=UNIT:N`: exactly N units of one of the kiosk's
/// figures, so callgrind can count them (`make bench-instructions` runs N and 2N units and divides
/// the difference by N: SDL's start, the store and the session's first two minutes cancel).
/// `launch-fixture` writes the launch figure's database and script instead (the launch is counted
/// on the `sideline` process itself).
enum KioskCountedUnit: String, CaseIterable {
    /// One frame of the live screen, 40 tiles at 800×480, as the app draws (changed tiles and hearts).
    case liveFrame800 = "live-frame-800x480"
    /// One frame of the live screen, 40 tiles at 1920×1080, every pixel redrawn.
    case liveFrame1080Full = "live-frame-1920x1080-full"
    /// The loop applying one heart-rate event: out of the ring, to the recorder's batch, through the
    /// reducer, and the recorder's commit when a second is due (as the loop runs it after every
    /// frame: a transaction a second, so 1/40 of one a event); no drawing.
    case event
    /// The reducer's part of that alone: one heart-rate event through `AppReducer.reduce` on the
    /// same live state (pure AppCore: no ring, no recorder, no SQLite, no effect queue).
    case eventReducer = "event-reducer"
    case launchFixture = "launch-fixture"
}

extension KioskBench {
    func runCountedUnits(_ spec: String) throws {
        let parts = spec.split(separator: ":")
        guard let unit = parts.first.flatMap({ KioskCountedUnit(rawValue: String($0)) }) else {
            throw KioskError("SIDELINE_BENCH_UNITS: one of \(KioskCountedUnit.allCases.map(\.rawValue)), then :N")
        }
        let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        var cpu: [Double] = []
        switch unit {
        case .liveFrame800, .liveFrame1080Full:
            let full = unit == .liveFrame1080Full
            let (app, stepped) = try liveApp(width: full ? 1920 : 800, height: full ? 1080 : 480, incremental: !full)
            cpu = frameTimes(app, stepped, frames: count).cpu
        case .event:
            cpu = try eventTimes(count: count, reducerOnly: false)
        case .eventReducer:
            cpu = try eventTimes(count: count, reducerOnly: true)
        case .launchFixture:
            let (database, script) = try launchFixture()
            print("launch: --db \(database) --script \(script)")
            return
        }
        cpu.sort()
        print(String(format: "%@: %d units, median %.4f ms CPU a unit", unit.rawValue, count, cpu.isEmpty ? 0 : cpu[cpu.count / 2]))
        // No shutdown: it would end the session and analyse it (in the background), a cost that grows
        // with the session, so with N, and is no part of a unit. The process ends here instead.
        fflush(nil)
        exit(0)
    }

    /// Two minutes into a live session of 40 straps each notifying once a second, `count` more
    /// events, each followed by the loop's update and commit (`reducerOnly`: each through the
    /// reducer alone, on a copy of the app's state): each one's CPU time, ms.
    private func eventTimes(count: Int, reducerOnly: Bool) throws -> [Double] {
        let (store, team) = try freshStore("events", players: 40)
        let feed = EventFeedSource()
        let app = try makeApp(store: store, source: KioskSource(source: feed, kind: .bluetooth, description: Message("bench")), width: 800, height: 480)
        app.runtime.dispatch(.teams(.pick(team.id)))
        for _ in 0..<40 {
            feed.pushNext()
            app.runtime.update()
        }
        app.runtime.dispatch(.live(.start))
        guard app.state.screen == .live else { throw KioskError("benchmark: the session did not start") }
        func apply() {
            feed.pushNext()
            app.runtime.update()
            app.runtime.commitRecording()
        }
        for _ in 0..<(40 * 120) { apply() }
        var cpu: [Double] = []
        if reducerOnly {
            var state = app.state
            for _ in 0..<count {
                guard let event = feed.next() else { throw KioskError("benchmark: no straps") }
                let t0 = Self.threadCPUms()
                _ = AppReducer.reduce(&state, .sensors(.event(event)))
                cpu.append(Self.threadCPUms() - t0)
            }
            guard state.live?.tiles.allSatisfy({ $0.hasReading }) == true else { throw KioskError("benchmark: a tile took no reading") }
            return cpu
        }
        for _ in 0..<count {
            let t0 = Self.threadCPUms()
            apply()
            cpu.append(Self.threadCPUms() - t0)
        }
        return cpu
    }
}

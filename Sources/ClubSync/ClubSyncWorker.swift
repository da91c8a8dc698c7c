import Diagnostics
import Dispatch
import Foundation
import Logging
import Store
import Synchronization

/// What the kiosk's screens may show of the background sync, read at any time from any thread.
public struct ClubSyncSnapshot: Sendable, Equatable {
    /// "3 sessions waiting · last sync 10:42 · club.example.org" (`ClubStatus.line`); nil before the first look.
    public var statusLine: String?
    public var joined = false
    /// A pass is running.
    public var syncing = false
    /// The last pass's one line.
    public var lastPass: String?
    public var passes = 0
}

/// The kiosk's background sync: a pass after a session is saved and every few minutes, backing off
/// while the club cannot be reached (`ClubSyncSchedule`). It runs on a serial dispatch queue of its
/// own — off the event loop and the sensor worker, and not on a Foundation `Thread` (a session's
/// bundle is read with `concurrentPerform`) — and publishes a `ClubSyncSnapshot`. Each pass is
/// `ClubSyncRun`'s, as `sideline club sync` runs it: a join typed on the kiosk first. A kiosk in no
/// club and with no join waiting only looks for its files.
public final class ClubSyncWorker: Sendable {
    let store: SidelineStore
    /// Over the CA file the link keeps (the kiosk's `--club-ca-file`).
    let caFile: String?
    let queue = DispatchQueue(label: "sideline.club-sync", qos: .utility)
    let logger = Diagnostics.logger("club")
    private struct State {
        var schedule: ClubSyncSchedule
        var snapshot = ClubSyncSnapshot()
        /// Only the latest scheduled pass runs: an older timer finds a newer generation and returns.
        var generation = 0
        var stopped = false
    }
    private let state: Mutex<State>

    public init(store: SidelineStore, caFile: String? = nil, schedule: ClubSyncSchedule = ClubSyncSchedule()) {
        self.store = store
        self.caFile = caFile
        state = Mutex(State(schedule: schedule))
    }

    public var snapshot: ClubSyncSnapshot { state.withLock { $0.snapshot } }

    /// The first pass `seconds` from now (the kiosk's: a few seconds after its first frame), then on
    /// the schedule. Sync now, a join or a saved session ask for theirs meanwhile, and replace it.
    public func start(firstPassAfter seconds: Double = 0) { schedule(after: seconds) }

    /// A session was saved: a pass soon.
    public func sessionSaved() { schedule(after: state.withLock { $0.schedule.afterSessionSeconds }) }

    /// The coach asked (Sync now, Join): a pass now, after one under way.
    public func passNow() { schedule(after: 0) }

    /// No pass starts from now on; one under way finishes first.
    public func stop() {
        state.withLock { $0.stopped = true }
        queue.sync {}
    }

    func schedule(after seconds: Double) {
        let generation: Int? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.generation += 1
            return state.generation
        }
        guard let generation else { return }
        queue.asyncAfter(deadline: .now() + seconds) { [self] in
            guard state.withLock({ !$0.stopped && $0.generation == generation }) else { return }
            runPass()
        }
    }

    func runPass() {
        state.withLock { $0.snapshot.syncing = true }
        let run = ClubSyncRun.run(store: store, caFile: caFile)
        // Said once, here: the pass logs none of it (`sideline club sync` prints the same lines).
        if case .passed(let report, _) = run { for line in report.sessionLines { logger.notice("club sync: \(line.english)") } }
        if let problem = run.problem { logger.warning("club sync: \(problem)") }
        let line = (try? ClubStatus.read(store: store))?.line()
        let wait = state.withLock { state in
            state.snapshot.syncing = false
            state.snapshot.statusLine = line
            switch run {
            case .notInClub:
                state.snapshot.joined = false
            case .joinRefused(let error), .joinWaiting(let error):
                state.snapshot.joined = false
                state.snapshot.lastPass = error.description
                state.snapshot.passes += 1
            case .passed(let report, _):
                state.snapshot.joined = true
                state.snapshot.lastPass = report.line
                state.snapshot.passes += 1
            }
            return state.schedule.next(after: run)
        }
        schedule(after: wait)
    }
}

import Analytics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Store
import Synchronization
import TeamCore

/// Glue between the store and the analysis: loads a stored session and analyses it, for the
/// review screen, the sessions list and every export (`Exports`). A module of its own so Store
/// stays free of Analytics; the command line, the kiosk and the benchmarks share it.
public enum SessionReview {
    /// The analysis of a stored session, with the names exports print.
    ///
    /// What each player's analysis takes from a finished session's recording alone — the heart-rate
    /// track, the artefact-corrected NN series and the whole session's HRV (`RecordingFigures`) — is
    /// computed once and kept in the store (`nn_cache`, decision 081): later reviews read it instead of
    /// every sample and RR interval, and skip the correction and the spectrum. `useCache: false` recomputes.
    ///
    /// Call it from the main thread or a dispatch queue, never from a Foundation `Thread`
    /// (the analysis runs `concurrentPerform`; see `SessionAnalysis.init`).
    public static func load(store: SidelineStore, sessionID: Int64,
                            hrvWindows: [HRVWindow] = [.firstFiveMinutes], useCache: Bool = true) throws -> AnalysedSession {
        // A background warmCache of this session finishes first: then its cache is read
        // instead of the same correction computed twice on the same cores.
        if useCache { warming.waitUntilDone(sessionID) }
        return try analyse(store: store, sessionID: sessionID, hrvWindows: hrvWindows, useCache: useCache)
    }

    private static func analyse(store: SidelineStore, sessionID: Int64, hrvWindows: [HRVWindow],
                                useCache: Bool) throws -> AnalysedSession {
        let session = try store.session(sessionID)
        let players = try store.sessionPlayers(sessionID)
        let finished = session.state == .ended || session.state == .interrupted
        // Each entry decoded as it is read: the session's bytes are never all held beside their figures.
        let cached = useCache && finished
            ? try store.cachedNNSeries(sessionID, algorithm: RecordingFiguresCoding.algorithm) { RecordingFiguresCoding.decode($0) }
            : [:]
        let missing = players.map(\.playerID).filter { cached[$0] == nil }
        // Every player's figures computed from the recording a player at a time, that player's samples and
        // RR intervals let go before the next is read (`RecordingPass`): the whole session's at once
        // were most of the first analysis's peak memory (issue 34). The rest of the analysis works from
        // the figures, as a later review does from the kept ones.
        var recorded = try RecordingPass.figures(store: store, sessionID: sessionID, players: missing)
        recorded.merge(cached) { fresh, _ in fresh }
        var input = SessionInput(session: session, players: players, samples: [:], rrIntervals: [:],
                                 laps: try store.laps(sessionID), hrvWindows: hrvWindows)
        input.drills = try store.sessionDrills(sessionID)
        input.recorded = recorded
        // A session without a recorded length lasted to its last sample.
        if session.recordedMs == nil { input.lastSampleMs = try store.lastSampleMs(sessionID) }
        let analysis = SessionAnalysis(input)
        if useCache, finished, !missing.isEmpty, !store.isReadOnly {
            // Encoded and written a player at a time (a lazy sequence): never the whole session's bytes at once.
            let fresh = analysis.players.filter { cached[$0.playerID] == nil }
            try store.cacheNNSeries(sessionID, algorithm: RecordingFiguresCoding.algorithm,
                                    entries: fresh.lazy.map { ($0.playerID, RecordingFiguresCoding.encode($0.recordingFigures)) })
        }
        if finished, !store.isReadOnly {
            try store.cacheAverageBPM(sessionID, algorithm: summaryAlgorithm, analysis.teamAverageBPM)
            // What the season reads of it: computed here once, when the session is saved (warmCache).
            try store.keepSessionLoads(sessionID, algorithm: seasonAlgorithm, seasonRecords(analysis))
        }
        // A finished session goes by its names as recorded, as the club's document does (decision 074).
        let names = try store.sessionNames(sessionID)
        return AnalysedSession(teamName: names.team, playerNames: names.players, analysis: analysis,
                               ratings: try store.sessionRatings(sessionID))
    }

    /// Analyses a session that just ended on a background thread, which caches its NN
    /// series, its team average and what the season reads of it (`session_load`): the coach's
    /// first look at the review then skips the RR correction
    /// (a 2-hour team session: ~60 ms instead of ~350 ms here, seconds on a Pi).
    /// Nothing depends on it finishing: a review that comes first computes the same.
    public static func warmCache(store: SidelineStore, sessionID: Int64) {
        // Marked before the thread starts, so a review asked for right after waits for it.
        guard warming.begin(sessionID) else { return }
        // On a dispatch queue, not a `Thread`: the analysis uses concurrentPerform, and from a
        // thread libdispatch does not own that left its worker threads' caches holding freed
        // memory — the kiosk aborted ("double free") seconds after a session ended, when an
        // idle worker retired (found by `sideline --bench` under AddressSanitizer).
        DispatchQueue.global(qos: .utility).async {
            defer { warming.end(sessionID) }
            // A session discarded meanwhile caches nothing (the insert finds no session row).
            _ = try? analyse(store: store, sessionID: sessionID, hrvWindows: [.firstFiveMinutes], useCache: true)
            // Before the review waiting for this goes on: what the analysis freed on dispatch's worker threads
            // stays resident in their malloc arenas, and the review allocates its figures on another thread —
            // the kiosk's peak was the two added (issue 34's memory, BENCHMARKS.md "Memory, a player at a time").
            releaseFreedMemory()
        }
    }

    /// Hands the pages malloc holds free, in every arena, back to the system (glibc's `malloc_trim`; malloc.h
    /// is not in Swift's Glibc module, so it is found by name; a C library without it is left alone).
    private static func releaseFreedMemory() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (UInt) -> Int32
        guard let trim = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(trim, to: Trim.self)(0)
        #endif
    }

    private static let warming = WarmingSessions()
}

/// The sessions a background `warmCache` is analysing now, each with a group that is left when it is done.
private final class WarmingSessions: Sendable {
    private let sessions = Mutex<[Int64: DispatchGroup]>([:])

    /// False when the session is being warmed already.
    func begin(_ id: Int64) -> Bool {
        sessions.withLock { sessions in
            guard sessions[id] == nil else { return false }
            let done = DispatchGroup()
            done.enter()
            sessions[id] = done
            return true
        }
    }

    func end(_ id: Int64) { sessions.withLock { $0.removeValue(forKey: id) }?.leave() }

    func waitUntilDone(_ id: Int64) { sessions.withLock { $0[id] }?.wait() }
}

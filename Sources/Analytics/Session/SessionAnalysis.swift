import Foundation
import Synchronization
import TeamCore

/// The analysis of a whole session: every player, every lap, and the team table.
public struct SessionAnalysis: Sendable, Equatable {
    public var session: Session
    public var zoneModel: ZoneModel
    public var durationMs: Int64
    public var effortEndMs: Int64
    /// Where the players' session totals stop (see `SessionInput.totalsEndMs`); nil: the whole recording.
    public var totalsEndMs: Int64?
    /// In the session's participant order.
    public var players: [PlayerAnalysis]
    /// Its drills and interval blocks, in time order (each player's figures over them: `PlayerAnalysis.phases`).
    public var phases: [SessionPhase]

    /// Analyses players in parallel on the available cores (each player is independent).
    ///
    /// Call it from the main thread or a dispatch queue, never from a Foundation `Thread`: it runs
    /// `DispatchQueue.concurrentPerform`, and from a thread libdispatch does not own that left
    /// libdispatch's worker caches holding freed memory (the kiosk aborted seconds later).
    public init(_ input: SessionInput) {
        session = input.session
        zoneModel = input.session.zoneModel
        durationMs = input.durationMs
        effortEndMs = input.effortEndMs
        totalsEndMs = input.totalsEndMs
        self.phases = input.phases
        let spans = input.lapSpans, phases = input.phases, end = input.effortEndMs, model = input.session.zoneModel, totalsEnd = input.totalsEndMs
        let duration = input.durationMs, reported = input.reportedHRVWindow
        // One slot per player, each written by exactly one iteration.
        let results = Mutex<[PlayerAnalysis?]>(Array(repeating: nil, count: input.players.count))
        DispatchQueue.concurrentPerform(iterations: input.players.count) { i in
            let p = input.players[i]
            let analysis = PlayerAnalysis(player: p, samples: input.samples[p.playerID] ?? [],
                                          rrIntervals: input.rrIntervals[p.playerID] ?? [], zoneModel: model,
                                          lapSpans: spans, phases: phases, effortEndMs: end, hrvWindows: input.hrvWindows,
                                          recorded: input.recorded[p.playerID], totalsEndMs: totalsEnd, recordingEndMs: duration,
                                          reportedHRVWindow: reported)
            results.withLock { $0[i] = analysis }
        }
        players = results.withLock { $0.map { $0! } }
    }

    /// The team table: players ranked by a number, highest first; players
    /// without that number (no data) last, by shirt number.
    public func ranked(by key: RankKey = .banisterTRIMP) -> [PlayerAnalysis] {
        players.sorted { a, b in
            switch (key.value(of: a), key.value(of: b)) {
            case let (x?, y?): return x != y ? x > y : a.shirtNumber < b.shirtNumber
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.shirtNumber < b.shirtNumber
            }
        }
    }

    /// The team's average heart rate: each player's average over the effort (the session totals),
    /// averaged with every player who had a heart rate counting once. nil: nobody had one.
    public var teamAverageBPM: Double? {
        let averages = players.compactMap(\.stats.averageBPM.value)
        return averages.isEmpty ? nil : averages.reduce(0, +) / Double(averages.count)
    }

    public func graph(width: Int) -> SessionGraph {
        SessionGraph(tracks: Dictionary(uniqueKeysWithValues: players.map { ($0.playerID, $0.track) }), width: width)
    }
}

/// What the team table can be ranked by.
public enum RankKey: String, Sendable, CaseIterable {
    case banisterTRIMP, edwardsTRIMP, effortPoints, kcal, averageBPM, peakPercentOfMax

    public func value(of p: PlayerAnalysis) -> Double? {
        switch self {
        case .banisterTRIMP: return p.stats.banisterTRIMP.value
        case .edwardsTRIMP: return p.stats.edwardsTRIMP.value
        case .effortPoints: return p.stats.effortPoints.value
        case .kcal: return p.stats.kcal.value
        case .averageBPM: return p.stats.averageBPM.value
        case .peakPercentOfMax: return p.stats.peakPercentOfMax.value
        }
    }
}

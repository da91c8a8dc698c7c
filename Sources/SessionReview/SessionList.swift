import Analytics
import Foundation
import Store
import TeamCore

/// A session as the sessions lists show it (the kiosk's review and `sideline sessions`):
/// when, how many players, the effort's length, the tags, and the team's average heart rate.
public struct SessionListEntry: Sendable, Equatable {
    public var overview: SessionOverview
    /// The team's average heart rate over the effort (`SessionAnalysis.teamAverageBPM`); nil when
    /// nobody had one, or for a session still being recorded.
    public var averageBPM: Double?
}

extension SessionReview {
    /// Names what `session_summary` holds; a new way of computing it gets a new name.
    static let summaryAlgorithm = "team-average-bpm/1"

    /// Sessions newest first, optionally of one team and one tag, each with its team average.
    /// The averages come from the session's analysis and are kept in the store: each session is
    /// analysed once (heart rates only), on the first list that shows it or its first review.
    /// A read-only store computes what is missing and keeps nothing.
    public static func sessionList(store: SidelineStore, teamID: Int64? = nil, tag: String? = nil) throws -> [SessionListEntry] {
        let overviews = try store.sessions(teamID: teamID, tag: tag)
        let cached = try store.cachedAverageBPM(algorithm: summaryAlgorithm, teamID: teamID)
        return try overviews.map { overview in
            let id = overview.session.id
            let finished = overview.session.state == .ended || overview.session.state == .interrupted
            guard finished else { return SessionListEntry(overview: overview, averageBPM: nil) }
            if let known = cached[id] { return SessionListEntry(overview: overview, averageBPM: known) }
            let average = try teamAverage(store: store, session: overview.session)
            if !store.isReadOnly { try store.cacheAverageBPM(id, algorithm: summaryAlgorithm, average) }
            return SessionListEntry(overview: overview, averageBPM: average)
        }
    }

    /// The heart-rate part of the analysis only: no RR intervals are read, the samples a player at a time.
    private static func teamAverage(store: SidelineStore, session: Session) throws -> Double? {
        SessionAnalysis(try RecordingPass.heartRateInput(store: store, session: session, players: try store.sessionPlayers(session.id)))
            .teamAverageBPM
    }
}

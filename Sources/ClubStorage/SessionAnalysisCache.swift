import Analytics
import ClubProtocol
import Foundation
import Logging

/// A stored session's analysis, computed once and kept: its JSON document (what the read API and
/// the session page give), the team's average heart rate (the sessions list) and every player's
/// season figures (the season table). A stored session never changes, so this happens once per
/// version of the analysis — right after the upload, in the background — and every request after
/// that reads what was kept.
package struct SessionAnalysisCache: Sendable {
    let database: ClubDatabase

    package init(database: ClubDatabase) { self.database = database }
    var logger: Logger { database.logger }

    /// The session's document: kept from before, else computed from the stored bundle and kept. nil: no such session.
    package func document(club: UUID, session uuid: UUID) async throws -> Data? {
        if let cached = try await database.inClub(club, { c in try await SessionStore.cachedDocument(uuid, in: c, logger: logger) }) {
            return cached
        }
        return try await compute(club: club, session: uuid)
    }

    /// Analyses the stored bundle (off the event loops: the analysis runs on the cores in parallel) and keeps the
    /// results; through the bundle gate, as the analysis of the largest bundle costs about what its commit did.
    @discardableResult
    package func compute(club: UUID, session uuid: UUID) async throws -> Data? {
        try await database.withBundle { [self] in try await computeNow(club: club, session: uuid) }
    }

    private func computeNow(club: UUID, session uuid: UUID) async throws -> Data? {
        guard let bundle = try await database.inClub(club, { c in try await SessionStore.bundle(uuid, in: c, logger: logger) }) else { return nil }
        let source = bundle.analysisInput()
        let (data, average, figures) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(Data, Double?, [(player: UUID, figures: SessionSeasonFigures)]), any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    let analysed = SessionDocument.analysed(source)
                    let figures = analysed.analysis.seasonFigures.compactMap { f in
                        source.identities.players[f.playerID].map { (player: $0.uuid, figures: f) }
                    }
                    return (try SessionDocument.json(analysed), analysed.analysis.teamAverageBPM, figures)
                })
            }
        }
        try await database.inClub(club) { c in
            try await SessionStore.cacheAnalysis(document: data, teamAverageBPM: average, figures: figures, club: club, session: uuid, in: c, logger: logger)
        }
        return data
    }

    /// The sessions of these players that have no kept analysis yet (stored before this version of it).
    /// Asked on every season page: the club's sessions without a document first (one row a session, and
    /// almost always none), the players' part only when there are some.
    package func missing(club: UUID, players: [UUID]) async throws -> [UUID] {
        try await database.inClub(club) { c in
            let stale = try await c.collect("""
                SELECT s.uuid FROM session s
                WHERE NOT EXISTS (SELECT 1 FROM session_document d WHERE d.session_uuid = s.uuid AND d.algorithm = \(SessionDocument.algorithm))
                """, logger: logger).decode(UUID.self).all()
            guard !stale.isEmpty else { return [] }
            return try await c.collect("""
                SELECT DISTINCT session_uuid FROM session_participant WHERE session_uuid = ANY(\(stale)) AND player_uuid = ANY(\(players))
                """, logger: logger).decode(UUID.self).all()
        }
    }
}

import Foundation
import Store
import TeamCore

/// A session's ratings as `sideline rpe --session ID` lists them and the kiosk's rating screen
/// shows them: every player of the session, rated or not, with the sRPE load of their rating.
public struct SessionRatingSheet: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var playerID: Int64
        public var name: String
        public var number: Int
        public var rating: SessionRating?
        /// RPE × the session's effort minutes; nil: not rated.
        public var srpeLoad: Double?
    }

    public var session: Session
    public var effortMinutes: Double?
    /// When the players' 2-hour window closes (after that, only the coach corrects); nil while it runs.
    public var windowClosesAt: Date?
    /// By shirt number.
    public var lines: [Line]
}

extension SessionReview {
    public static func ratingSheet(store: SidelineStore, sessionID: Int64) throws -> SessionRatingSheet {
        let session = try store.session(sessionID)
        let ratings = try store.sessionRatings(sessionID)
        let minutes = session.effortMinutes
        let lines = try store.sessionPlayers(sessionID).sorted { $0.shirtNumber < $1.shirtNumber }.map { p in
            let rating = ratings[p.playerID]
            return SessionRatingSheet.Line(playerID: p.playerID, name: try store.player(id: p.playerID)?.fullName ?? "Player \(p.shirtNumber)",
                                           number: p.shirtNumber, rating: rating,
                                           srpeLoad: rating.flatMap { r in minutes.map { SessionRPE.load(rpe: r.rpe, effortMinutes: $0) } })
        }
        return SessionRatingSheet(session: session, effortMinutes: minutes,
                                  windowClosesAt: session.endedAt.map { $0.addingTimeInterval(Double(SessionRPE.ratingWindowMs) / 1000) },
                                  lines: lines)
    }
}

import Analytics
import Foundation
import Store
import TeamCore

/// One readiness check of a team, every player's result read against their own history: what
/// `sideline readiness` lists and the kiosk shows when a check ends.
public struct TeamReadinessCheck: Sendable {
    public struct Player: Sendable {
        public var playerID: Int64
        public var name: String
        public var number: Int
        public var assessment: ReadinessAssessment
    }

    public var session: Session
    public var day: CalendarDay
    public var posture: String
    public var players: [Player]
}

extension SessionReview {
    /// The team's season table on `day`: a row for each player on its roster (in roster order),
    /// from every session of theirs in any team, with the club's load status thresholds.
    public static func seasonTable(store: SidelineStore, teamID: Int64, on day: CalendarDay, calendar: Calendar = .current) throws -> [SeasonRow] {
        try seasonTable(store: store, roster: try store.roster(teamID: teamID), on: day, calendar: calendar)
    }

    /// The same for a roster already read.
    static func seasonTable(store: SidelineStore, roster: [RosterEntry], on day: CalendarDay, calendar: Calendar) throws -> [SeasonRow] {
        let seasons = try playerSeasons(store: store, playerIDs: roster.map(\.playerID), calendar: calendar)
        let wellness = try store.wellnessEntries(playerIDs: roster.map(\.playerID))
        let inputs = roster.map { entry in
            SeasonTable.PlayerInput(playerID: entry.playerID, name: entry.player.fullName, number: entry.shirtNumber,
                                    loads: seasons[entry.playerID]?.loads ?? [], checks: seasons[entry.playerID]?.checks ?? [],
                                    wellness: wellness[entry.playerID] ?? [], fitnessTests: seasons[entry.playerID]?.fitnessTests ?? [])
        }
        return SeasonTable.rows(inputs, on: day, thresholds: LoadStatusThresholds(settings: store.kioskSettings()))
    }

    /// The team's last `limit` readiness checks, newest first.
    public static func readinessChecks(store: SidelineStore, teamID: Int64, limit: Int, calendar: Calendar = .current) throws -> [TeamReadinessCheck] {
        let checks = try store.sessions(teamID: teamID, tag: SessionTags.Kind.readiness.rawValue)
            .map(\.session).filter { $0.state == .ended || $0.state == .interrupted }.prefix(max(0, limit))
        return try checks.map { try readinessCheck(store: store, session: $0, calendar: calendar) }
    }

    /// One readiness check, every player's result read against their own checks in that posture up to its day.
    public static func readinessCheck(store: SidelineStore, sessionID: Int64, calendar: Calendar = .current) throws -> TeamReadinessCheck {
        try readinessCheck(store: store, session: try store.session(sessionID), calendar: calendar)
    }

    private static func readinessCheck(store: SidelineStore, session: Session, calendar: Calendar) throws -> TeamReadinessCheck {
        let players = try store.sessionPlayers(session.id)
        let seasons = try playerSeasons(store: store, playerIDs: players.map(\.playerID), calendar: calendar)
        let day = CalendarDay(session.startedAt, in: calendar)
        let posture = SessionTags(stored: session.tags).posture?.rawValue ?? ""
        let results = try players.compactMap { p -> TeamReadinessCheck.Player? in
            let history = seasons[p.playerID]?.checks ?? []
            guard let check = history.first(where: { $0.sessionID == session.id }) else { return nil }
            return TeamReadinessCheck.Player(playerID: p.playerID, name: try store.player(id: p.playerID)?.fullName ?? "Player \(p.shirtNumber)",
                                             number: p.shirtNumber, assessment: Readiness.assess(check, history: history))
        }
        return TeamReadinessCheck(session: session, day: day, posture: posture, players: results)
    }
}

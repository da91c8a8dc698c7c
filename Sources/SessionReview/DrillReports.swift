import Analytics
import Foundation
import Store
import TeamCore

/// A session's drills with each player's figures over them (`sideline drills --session`, review).
public struct SessionDrillReport: Sendable {
    public struct Player: Sendable, Equatable {
        public var playerID: Int64
        public var name: String
        public var number: Int
        public var figures: DrillFigures
    }

    public struct Line: Sendable, Equatable {
        public var phase: SessionPhase
        /// In shirt-number order.
        public var players: [Player]
        public var team: TeamDrillFigures
    }

    public var session: Session
    public var drills: [Line]

    /// The drills of an analysed session (not its interval blocks), each with every player's figures.
    public init(_ context: AnalysedSession) {
        let a = context.analysis
        let players = a.players.sorted { $0.shirtNumber < $1.shirtNumber }
        session = a.session
        drills = a.phases.enumerated().filter { $0.element.kind == .drill }.map { i, phase in
            let figures = players.map { p in
                Player(playerID: p.playerID, name: context.name(of: p), number: p.shirtNumber,
                       figures: DrillFigures(p.phases[i].stats, zoneModel: a.zoneModel))
            }
            return Line(phase: phase, players: figures, team: TeamDrillFigures(figures.map(\.figures)))
        }
    }
}

/// One drill of a team across the season, week by week, with the names of its players.
public struct DrillSeasonReport: Sendable {
    public var drill: String
    public var season: DrillSeason
    /// By player id: as the latest session with the drill named them, and their shirt number there.
    public var players: [Int64: (name: String, number: Int)]
}

extension SessionReview {
    /// A session's drills (not its interval blocks), each with every player's figures.
    public static func drillReport(store: SidelineStore, sessionID: Int64) throws -> SessionDrillReport {
        SessionDrillReport(try load(store: store, sessionID: sessionID))
    }

    /// Every occurrence of the drill named `name` (whatever its case) in the team's finished sessions, week by
    /// week; weeks and days are this machine's local ones, as the season's are.
    public static func drillSeason(store: SidelineStore, teamID: Int64, name: String, calendar: Calendar = .current) throws -> DrillSeasonReport {
        let wanted = Drill.trimmed(name)
        var occurrences: [DrillSeason.Occurrence] = []
        var players: [Int64: (name: String, number: Int)] = [:]
        var spelled = try store.drills(teamID: teamID).first { $0.name.caseInsensitiveCompare(wanted) == .orderedSame }?.name
        for id in try store.sessionIDs(teamID: teamID, withDrill: wanted) {
            let context = try load(store: store, sessionID: id)
            let a = context.analysis
            for (i, phase) in a.phases.enumerated() where phase.kind == .drill && phase.name.caseInsensitiveCompare(wanted) == .orderedSame {
                spelled = spelled ?? phase.name
                occurrences.append(DrillSeason.Occurrence(day: CalendarDay(a.session.startedAt, in: calendar), sessionID: id, zoneModel: a.zoneModel,
                                                          players: Dictionary(uniqueKeysWithValues: a.players.map { ($0.playerID, $0.phases[i].stats) })))
            }
            for p in a.players { players[p.playerID] = (context.name(of: p), p.shirtNumber) }
        }
        return DrillSeasonReport(drill: spelled ?? wanted, season: DrillSeason(occurrences), players: players)
    }
}

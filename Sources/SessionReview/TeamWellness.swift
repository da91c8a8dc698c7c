import Analytics
import Foundation
import Store
import TeamCore

/// A team's morning wellness on one day, as `sideline wellness --team T` lists it and the kiosk's
/// check-in shows who has answered: every roster player, answered or not, read against their own 28 days.
public struct TeamWellnessDay: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var playerID: Int64
        public var name: String
        public var number: Int
        /// Nil: no answer that day.
        public var wellness: WellnessDay?
        public var answeredAt: Date?
    }

    public var day: CalendarDay
    /// By shirt number (the roster's order).
    public var lines: [Line]
}

extension SessionReview {
    public static func teamWellness(store: SidelineStore, teamID: Int64, on day: CalendarDay) throws -> TeamWellnessDay {
        let roster = try store.roster(teamID: teamID)
        let entries = try store.wellnessEntries(playerIDs: roster.map(\.playerID))
        return TeamWellnessDay(day: day, lines: roster.map { member in
            let own = entries[member.playerID] ?? []
            return TeamWellnessDay.Line(playerID: member.playerID, name: member.player.fullName, number: member.shirtNumber,
                                        wellness: WellnessHistory(own).day(day), answeredAt: own.last { $0.day == day }?.answeredAt)
        })
    }
}

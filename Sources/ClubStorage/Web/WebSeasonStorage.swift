import Analytics
import Foundation
import TeamCore

/// What the season pages, the weekly report and the team's flags need of the club's storage (decision 091): the
/// team's season analysed from kept figures, what the flags read beside it, a flag dismissed.
package protocol WebSeasonStorage: ClubAccessRecording {
    /// The team's name and season; sessions whose figures are not kept yet are analysed first (once). `zonesOn`: the
    /// days whose sessions' time in zones is read too; `comparisonOn`: the day "this season against the last" is shown for.
    func season(of team: UUID, visibleTo user: WebUser, zonesOn: [ClosedRange<CalendarDay>], comparisonOn: CalendarDay?) async throws
        -> (name: String, season: ClubSeason)
    /// What the team's flags on `day` read beside the season: the straps of its sessions, its roster, the flags dismissed that day.
    func flagInputs(team: UUID, visibleTo user: WebUser, on day: CalendarDay) async throws
        -> (straps: [FlagInput.Strap], roster: ClubRoster, dismissed: Set<String>)
    /// One flag dismissed for the day and the access log's line of it, in one transaction.
    func dismissFlag(_ key: String, kind: FlagKind, team: UUID, on day: CalendarDay, by user: WebUser) async throws
}

extension ClubDatabase: WebSeasonStorage {
    package func season(of team: UUID, visibleTo user: WebUser, zonesOn: [ClosedRange<CalendarDay>], comparisonOn: CalendarDay?) async throws
        -> (name: String, season: ClubSeason) {
        let (name, roster) = try await self.team(team, visibleTo: user)
        let players = roster.roster(of: team).map { ClubSeason.Player(uuid: $0.player.uuid, name: $0.player.fullName, number: $0.member.shirtNumber) }
        let cache = SessionAnalysisCache(database: self)
        for session in try await cache.missing(club: user.club, players: players.map(\.uuid)) {
            try await cache.compute(club: user.club, session: session)
        }
        let season = try await inClub(user.club) { [logger] c in
            try await ClubSeason.load(players: players, zonesOn: zonesOn, comparisonOn: comparisonOn, in: c, logger: logger)
        }
        return (name, season)
    }

    package func flagInputs(team: UUID, visibleTo user: WebUser, on day: CalendarDay) async throws
        -> (straps: [FlagInput.Strap], roster: ClubRoster, dismissed: Set<String>) {
        try await inClub(user.club) { [logger] c in
            (try await ClubFlags.straps(team: team, on: day, in: c, logger: logger),
             try await SessionListStore.team(user, team, in: c, logger: logger).roster,
             try await ClubFlags.dismissed(team: team, on: day, in: c, logger: logger))
        }
    }

    package func dismissFlag(_ key: String, kind: FlagKind, team: UUID, on day: CalendarDay, by user: WebUser) async throws {
        try await inClub(user.club) { [logger] c in
            try await ClubFlags.dismiss(club: user.club, team: team, key: key, on: day, in: c, logger: logger)
            try await AccessLog.record(.change("flag dismissed: \(kind.rawValue)", team: team), by: .web(user), in: c, logger: logger)
        }
    }
}

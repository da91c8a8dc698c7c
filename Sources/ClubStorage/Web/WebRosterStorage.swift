import ClubProtocol
import Foundation

/// What the teams, roster, player, erase and player-data pages need of the club's storage (decision 091): the teams
/// and rosters a user sees, their edits into the roster feed, a photo, an erasure, a player's archive. A team the user
/// may not see is `ClubError.notFound`, whichever it is.
package protocol WebRosterStorage: ClubAccessRecording {
    /// The teams `user` sees (the rosters' and those known only from sessions), by name, and the club's roster.
    func teams(visibleTo user: WebUser) async throws -> (teams: [(uuid: UUID, name: String)], roster: ClubRoster)
    /// The team's name and the club's roster.
    func team(_ team: UUID, visibleTo user: WebUser) async throws -> (name: String, roster: ClubRoster)
    /// As `team(_:visibleTo:)`, and how many sessions `player` took part in (what erasing them rewrites), in the same transaction.
    func team(_ team: UUID, visibleTo user: WebUser, sessionsOf player: UUID) async throws -> (name: String, roster: ClubRoster, sessions: Int64)
    /// The web's changes stamped as `user`'s and put in the club's roster feed.
    func applyEdits(_ changes: [WebRosterEdits.Change], by user: WebUser) async throws -> RosterEditsResult
    /// The player's photo; nil when they have none or are not on the team (checked in the same transaction).
    func photo(of player: UUID, team: UUID, visibleTo user: WebUser) async throws -> Data?
    /// The player erased everywhere in the club, the rewritten sessions' figures computed again.
    func erase(player: UUID, by: String, club: UUID, loggedAs who: Accessor) async throws -> (erasure: PlayerErasure, sessions: Int)
    /// The player's archive (`sideline-club player-data`) written in `folder`; answers its path.
    func writePlayerData(_ player: UUID, club: UUID, to folder: String) async throws -> String
}

extension ClubDatabase: WebRosterStorage {
    package func teams(visibleTo user: WebUser) async throws -> (teams: [(uuid: UUID, name: String)], roster: ClubRoster) {
        try await inClub(user.club) { [logger] c in
            let roster = try await ClubRoster.load(in: c, logger: logger)
            return (try await SessionListStore.teams(user, roster: roster, in: c, logger: logger), roster)
        }
    }

    package func team(_ team: UUID, visibleTo user: WebUser) async throws -> (name: String, roster: ClubRoster) {
        try await inClub(user.club) { [logger] c in try await SessionListStore.team(user, team, in: c, logger: logger) }
    }

    package func team(_ team: UUID, visibleTo user: WebUser, sessionsOf player: UUID) async throws -> (name: String, roster: ClubRoster, sessions: Int64) {
        try await inClub(user.club) { [logger] c in
            let (name, roster) = try await SessionListStore.team(user, team, in: c, logger: logger)
            return (name, roster, try await SessionListStore.sessionCount(of: player, in: c, logger: logger))
        }
    }

    package func applyEdits(_ changes: [WebRosterEdits.Change], by user: WebUser) async throws -> RosterEditsResult {
        try await inClub(user.club) { [logger] c in try await WebRosterEdits.apply(changes, by: user, in: c, logger: logger) }
    }

    package func photo(of player: UUID, team: UUID, visibleTo user: WebUser) async throws -> Data? {
        try await inClub(user.club) { [logger] c -> Data? in
            let (_, roster) = try await SessionListStore.team(user, team, in: c, logger: logger)
            guard roster.member(team: team, player: player) != nil else { return nil }
            return try await ClubRoster.photo(of: player, in: c, logger: logger)
        }
    }

    package func erase(player: UUID, by: String, club: UUID, loggedAs who: Accessor) async throws -> (erasure: PlayerErasure, sessions: Int) {
        try await ClubErasure.erasePlayer(player, by: by, club: club, database: self, loggedAs: who)
    }

    package func writePlayerData(_ player: UUID, club: UUID, to folder: String) async throws -> String {
        try await ClubPlayerData.write(player: player, club: club, database: self, to: folder)
    }
}

import Foundation
import TeamCore

/// The club's people and straps beyond one team, behind the settings PIN: "All players"
/// (players on no team included) and the strap list. The lists are loaded by the shell.
public struct Club: Sendable, Equatable {
    public enum Page: String, Sendable, Equatable { case players, straps }
    /// How "All players" is ordered: by name, or by team (then shirt number; players on no team
    /// first: they are the ones to see to).
    public enum PlayerSort: String, Sendable, Equatable, CaseIterable { case name, team }
    /// The page open over the settings screen; nil: the settings themselves.
    public var page: Page?
    /// As the store lists them: by name.
    public var players: [ClubPlayer] = []
    public var straps: [ClubStrap] = []
    public var playerSort = PlayerSort.name
    /// The player whose photo the coach is deciding about (replace from USB, remove); nil: no question open.
    public var photoChoice: Int64?
    public init() {}

    /// "All players" in the chosen order.
    public var shownPlayers: [ClubPlayer] {
        switch playerSort {
        case .name: return players
        case .team:
            // Stable: within a team by shirt number, then the store's order (by name).
            return players.enumerated().sorted { a, b in
                switch (a.element.teams.first, b.element.teams.first) {
                case let (x?, y?):
                    if x.name.lowercased() != y.name.lowercased() { return x.name.lowercased() < y.name.lowercased() }
                    if x.shirtNumber != y.shirtNumber { return x.shirtNumber < y.shirtNumber }
                case (nil, _?): return true
                case (_?, nil): return false
                case (nil, nil): break
                }
                return a.offset < b.offset
            }.map(\.element)
        }
    }
}

/// A player of the club, with every team they are on (possibly none).
public struct ClubPlayer: Sendable, Equatable {
    public struct Team: Sendable, Equatable {
        public var teamID: Int64
        public var name: String
        public var shirtNumber: Int
        public init(teamID: Int64, name: String, shirtNumber: Int) {
            self.teamID = teamID
            self.name = name
            self.shirtNumber = shirtNumber
        }
    }

    public var playerID: Int64
    public var player: Player
    public var teams: [Team]
    /// Sessions they took part in: deleting them deletes their part of those.
    public var sessions: Int
    /// Their stored photo's version (nil: none, the initials show).
    public var photoVersion: Int64?
    public init(playerID: Int64, player: Player, teams: [Team], sessions: Int, photoVersion: Int64? = nil) {
        self.playerID = playerID
        self.player = player
        self.teams = teams
        self.sessions = sessions
        self.photoVersion = photoVersion
    }
}

/// A strap the club knows: what it said last, and who wears it in which team.
public struct ClubStrap: Sendable, Equatable {
    public struct Wearer: Sendable, Equatable {
        public var playerName: String
        public var shirtNumber: Int
        public var teamName: String
        public init(playerName: String, shirtNumber: Int, teamName: String) {
            self.playerName = playerName
            self.shirtNumber = shirtNumber
            self.teamName = teamName
        }
    }

    public var strap: Strap
    public var wearers: [Wearer]
    /// Sessions that recorded it (they keep its address when it is forgotten).
    public var sessions: Int
    public init(strap: Strap, wearers: [Wearer], sessions: Int) {
        self.strap = strap
        self.wearers = wearers
        self.sessions = sessions
    }
}

import Foundation
import GRDB
import Store
import TeamCore

/// A player whose missing consent holds sessions on this kiosk (decision 075).
public struct ConsentHold: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    /// Their teams and shirt numbers as the roster has them now ("U12 #7"); empty for a player on no team.
    public var teams: [String]
    /// Finished sessions of theirs, not yet with the club, that stay here until they have consent on file.
    public var sessions: Int

    public init(playerID: Int64, name: String, teams: [String], sessions: Int) {
        self.playerID = playerID
        self.name = name
        self.teams = teams
        self.sessions = sessions
    }
}

extension SidelineStore {
    /// A session (`s`) that stays on this kiosk: the club requires consent (`KioskSettings.requireConsent`,
    /// shared with the club) and one of its players has none on file. The whole session waits, so its
    /// bundle and hash are the ones it will have when it goes (decision 075).
    static let heldForConsent = """
        coalesce((SELECT value FROM setting WHERE key = '\(KioskSettings.storeKeyPrefix)requireConsent'), '0') = '1'
        AND EXISTS (SELECT 1 FROM session_player sp JOIN player p ON p.id = sp.player_id
                    WHERE sp.session_id = s.id AND p.consent_day IS NULL)
        """

    /// The finished sessions held for consent now (not yet with the club).
    public func sessionsHeldForConsent() throws -> Set<UUID> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT s.uuid FROM session s WHERE \(Self.awaitingUpload) AND \(Self.heldForConsent)")
                .compactMap(UUIDColumn.decode))
        }
    }

    /// Players holding sessions back for lack of consent, by name; empty when the club does not require it.
    public func consentHolds() throws -> [ConsentHold] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.id, p.first_name, p.last_name, COUNT(DISTINCT s.id) AS sessions,
                       (SELECT group_concat(t.name || ' #' || m.shirt_number, char(10)) FROM membership m JOIN team t ON t.id = m.team_id
                        WHERE m.player_id = p.id) AS teams
                FROM session s JOIN session_player sp ON sp.session_id = s.id JOIN player p ON p.id = sp.player_id
                WHERE \(Self.awaitingUpload) AND \(Self.heldForConsent) AND p.consent_day IS NULL
                GROUP BY p.id ORDER BY p.first_name, p.last_name, p.id
                """).map { row in
                ConsentHold(playerID: row["id"], name: Player.fullName(firstName: row["first_name"], lastName: row["last_name"]),
                            teams: (row["teams"] as String?).map { $0.components(separatedBy: "\n") } ?? [], sessions: row["sessions"])
            }
        }
    }
}

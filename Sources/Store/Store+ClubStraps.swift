import Foundation
import GRDB
import TeamCore

/// A strap as the strap list shows it: who wears it in which team, and how many sessions
/// recorded it.
public struct StrapOverview: Sendable, Equatable {
    public struct Wearer: Sendable, Equatable, FetchableRecord {
        public var playerID: Int64
        public var playerName: String
        public var shirtNumber: Int
        public var teamName: String

        /// A membership's `player_id` and `shirt_number`, the team's name as `team`, and the player's columns.
        public init(row: Row) throws {
            playerID = row["player_id"]
            playerName = try Player(row: row).fullName
            shirtNumber = row["shirt_number"]
            teamName = row["team"]
        }
    }

    public var strap: Strap
    public var wearers: [Wearer]
    public var sessions: Int
}

/// What "Forget strap" did.
public struct ForgottenStrap: Sendable, Equatable {
    public var strap: Strap
    /// Players who wore it by default (in which team): they have no strap now.
    public var unassigned: [StrapOverview.Wearer]
}

extension SidelineStore {
    /// Every strap the club knows (not forgotten), by name as people count ("Strap 2" before "Strap 10").
    public func strapOverviews() throws -> [StrapOverview] {
        try read { db in
            let wearers = try Self.strapWearers(db)
            return try Row.fetchAll(db, sql: """
                SELECT strap.*, (SELECT COUNT(*) FROM session_player sp WHERE sp.strap_id = strap.id) AS sessions
                FROM strap WHERE forgotten_ms IS NULL
                """).map { row in
                let strap = try Strap(row: row)
                return StrapOverview(strap: strap, wearers: wearers[strap.id] ?? [], sessions: row["sessions"])
            }.sorted { a, b in
                let order = a.strap.name.localizedStandardCompare(b.strap.name)
                return order == .orderedSame ? a.strap.address < b.strap.address : order == .orderedAscending
            }
        }
    }

    /// "Forget strap": it leaves every team (its wearers have no strap) and every list. Its row
    /// stays, hidden, so past sessions keep naming it; a strap heard again stays forgotten
    /// until a coach pairs it or a roster names it. `address` as `AA:BB:…` (any case).
    @discardableResult
    public func forgetStrap(address: String, at time: Date = Date()) throws -> ForgottenStrap {
        let wanted = address.trimmingCharacters(in: .whitespaces).uppercased()
        return try write { db in
            guard let strap = try Strap.filter(sql: "address = ? AND forgotten_ms IS NULL", arguments: [wanted]).fetchOne(db) else {
                throw StoreError.unknownStrap(wanted)
            }
            let unassigned = try Self.strapWearers(db)[strap.id] ?? []
            try db.execute(sql: "UPDATE membership SET strap_id = NULL WHERE strap_id = ?", arguments: [strap.id])
            try db.execute(sql: "UPDATE strap SET forgotten_ms = ? WHERE id = ?", arguments: [time.unixMs, strap.id])
            return ForgottenStrap(strap: strap, unassigned: unassigned)
        }
    }

    /// Who wears each strap by default, in which team.
    private static func strapWearers(_ db: Database) throws -> [Int64: [StrapOverview.Wearer]] {
        var wearers: [Int64: [StrapOverview.Wearer]] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT m.strap_id, m.player_id, m.shirt_number, t.name AS team, p.*
            FROM membership m JOIN player p ON p.id = m.player_id JOIN team t ON t.id = m.team_id
            WHERE m.strap_id IS NOT NULL ORDER BY t.name COLLATE NOCASE, m.shirt_number
            """)
        while let row = try rows.next() {
            wearers[row["strap_id"], default: []].append(try StrapOverview.Wearer(row: row))
        }
        return wearers
    }

    /// Every strap's address by id, forgotten ones included: what exports name a sample's strap by.
    public func strapAddresses() throws -> [Int64: String] {
        try read { db in
            Dictionary(uniqueKeysWithValues: try Strap.fetchAll(db).map { ($0.id, $0.address) })
        }
    }
}

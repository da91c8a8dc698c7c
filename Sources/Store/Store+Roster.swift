import Foundation
import GRDB
import TeamCore

extension SidelineStore {
    /// Imports parsed roster rows into a team in one transaction: all or nothing.
    /// Straps are created on first sight; a shirt number or strap already used in the
    /// team rejects the whole import with every conflicting line named.
    /// The team is created when it does not exist yet (inside the same transaction).
    /// `photos`: prepared photos (square JPEGs) by the line of the row they belong to.
    @discardableResult
    public func importRoster(_ rows: [RosterCSV.Row], teamNamed name: String, photos: [Int: [UInt8]] = [:],
                             at time: Date = Date()) throws -> Team {
        try write { db in
            let team = try Row.fetchOne(db, sql: "SELECT * FROM team WHERE name = ?", arguments: [name]).map(Self.team(from:))
                ?? Self.insertTeam(name: name, colour: nil, db)
            let teamID = team.id!
            var problems: [String] = []
            for row in rows {
                var player = row.player
                try Self.insert(&player, db)
                if let jpeg = photos[row.line] { try Self.setPhoto(playerID: player.id!, jpeg: jpeg, at: time, db) }
                let strapID = try row.strapAddress.map {
                    try Self.upsertStrap(address: $0, name: row.strapName ?? "Strap \($0.suffix(5))", db).id!
                }
                // A roster that names a forgotten strap means it: known again.
                try db.execute(sql: "UPDATE strap SET forgotten_ms = NULL WHERE id = ?", arguments: [strapID])
                do {
                    try Self.addMembership(Membership(teamID: teamID, playerID: player.id!, shirtNumber: row.shirtNumber,
                                                      strapID: strapID), db)
                } catch let error as StoreError {
                    problems.append("line \(row.line): \(error)")
                }
            }
            if !problems.isEmpty { throw StoreError.rosterRejected(problems) }
            return team
        }
    }
}

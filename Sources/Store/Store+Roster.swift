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
            let team = try Self.team(named: name, db) ?? Self.insertTeam(name: name, colour: nil, db)
            var problems: [RosterCSV.LineError] = []
            for row in rows {
                let playerID = try Self.insert(row.player, db)
                if let jpeg = photos[row.line] { try Self.setPhoto(playerID: playerID, jpeg: jpeg, at: time, db) }
                let strapID = try row.strapAddress.map {
                    try Self.upsertStrap(address: $0, name: row.strapName ?? "Strap \($0.suffix(5))", db).id
                }
                // A roster that names a forgotten strap means it: known again.
                try db.execute(sql: "UPDATE strap SET forgotten_ms = NULL WHERE id = ?", arguments: [strapID])
                do {
                    try Self.addMembership(Membership(teamID: team.id, playerID: playerID, shirtNumber: row.shirtNumber,
                                                      strapID: strapID), db)
                } catch let error as StoreError {
                    problems.append(RosterCSV.LineError(line: row.line, reason: error.message))
                }
            }
            if !problems.isEmpty { throw StoreError.rosterRejected(problems) }
            return team
        }
    }
}

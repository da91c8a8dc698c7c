import Foundation
import GRDB
import TeamCore

extension SidelineStore {
    /// The strap with this address, created on first sight.
    @discardableResult
    public func strap(address: String, name: String) throws -> Strap {
        try write { try Self.upsertStrap(address: address, name: name, $0) }
    }

    public func straps() throws -> [Strap] {
        try read { try Row.fetchAll($0, sql: "SELECT * FROM strap ORDER BY address").map(Self.strap(from:)) }
    }

    /// Remembers a strap's last battery level and when it was last heard.
    public func noteStrap(id: Int64, battery: Int?, seen: Date) throws {
        try write { db in
            try db.execute(sql: "UPDATE strap SET last_battery = COALESCE(?, last_battery), last_seen_ms = ? WHERE id = ?",
                           arguments: [battery, seen.unixMs, id])
        }
    }

    static func upsertStrap(address: String, name: String, _ db: Database) throws -> Strap {
        let address = address.uppercased()
        if let row = try Row.fetchOne(db, sql: "SELECT * FROM strap WHERE address = ?", arguments: [address]) {
            return strap(from: row)
        }
        try db.execute(sql: "INSERT INTO strap(address, name) VALUES (?, ?)", arguments: [address, name])
        return Strap(id: db.lastInsertedRowID, address: address, name: name)
    }

    static func strap(from row: Row) -> Strap {
        Strap(id: row["id"], address: row["address"], name: row["name"], lastBattery: row["last_battery"],
              lastSeen: (row["last_seen_ms"] as Int64?).map(Date.init(unixMs:)))
    }
}

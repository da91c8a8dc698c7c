import ClubIdentity
import Foundation
import GRDB
import TeamCore

extension SidelineStore {
    /// The strap with this address, created on first sight. A forgotten strap heard again is
    /// returned as it is and stays forgotten (a passer-by is not listed again).
    @discardableResult
    public func strap(address: String, name: String) throws -> Strap {
        try write { try Self.upsertStrap(address: address, name: name, $0) }
    }

    /// Each of these straps created on first sight, as `strap(address:name:)` does, but found with one
    /// read and the new ones written in one transaction: a simulated team registers its straps at every
    /// start, and from the second start on they are all known, so nothing is written at all.
    public func registerStraps(_ straps: [(address: String, name: String)]) throws {
        guard !straps.isEmpty else { return }
        let addresses = straps.map { $0.address.uppercased() }
        let known = try read { db in
            try String.fetchAll(db, sql: "SELECT address FROM strap WHERE address IN (\(databaseQuestionMarks(count: addresses.count)))",
                                arguments: StatementArguments(addresses))
        }
        let unknown = straps.filter { !known.contains($0.address.uppercased()) }
        guard !unknown.isEmpty else { return }
        try write { db in
            for strap in unknown { _ = try Self.upsertStrap(address: strap.address, name: strap.name, db) }
        }
    }

    /// Gives a strap the club's own name ("Box A 7"), or takes it away (nil or blank).
    public func setStrapLabel(address: String, label: String?) throws {
        let label = label?.trimmingCharacters(in: .whitespaces)
        try write { db in
            try db.execute(sql: "UPDATE strap SET label = ? WHERE address = ?",
                           arguments: [label?.isEmpty == false ? label : nil, address.uppercased()])
            guard db.changesCount == 1 else { throw StoreError.unknownStrap(address) }
        }
    }

    /// The straps the club knows, forgotten ones left out: the sensor source's table.
    public func straps() throws -> [Strap] {
        // Plain SQL: the query interface asked the schema about the table first (≈ 2.8 M instructions at the
        // kiosk's start, where this is its first request).
        try read { try Strap.fetchAll($0, sql: "SELECT * FROM strap WHERE forgotten_ms IS NULL ORDER BY address") }
    }

    /// When a strap was last heard, and its battery level then (nil: not reported).
    public struct StrapNote: Sendable, Equatable {
        public var strapID: Int64
        public var battery: Int?
        public var seen: Date
        public init(strapID: Int64, battery: Int?, seen: Date) {
            self.strapID = strapID
            self.battery = battery
            self.seen = seen
        }
    }

    /// Remembers straps' last battery levels and when they were last heard, in one transaction.
    /// An older sighting never overwrites a newer one.
    public func noteStraps(_ notes: [StrapNote]) throws {
        guard !notes.isEmpty else { return }
        try write { db in
            // Compiled once and kept by the connection: the kiosk notes its straps twice a second.
            let update = try db.cachedStatement(sql: """
                UPDATE strap SET last_battery = COALESCE(?, last_battery), last_seen_ms = ?
                WHERE id = ? AND (last_seen_ms IS NULL OR last_seen_ms <= ?2)
                """)
            for note in notes {
                try update.execute(arguments: [note.battery, note.seen.unixMs, note.strapID])
            }
        }
    }

    static func upsertStrap(address: String, name: String, _ db: Database) throws -> Strap {
        let address = address.uppercased()
        // Plain SQL, kept compiled: the query interface generated it anew each time, asking the schema
        // whether the table exists and which keys it has (≈ 0.6 M instructions a strap).
        if let known = try Strap.fetchOne(db.cachedStatement(sql: "SELECT * FROM strap WHERE address = ?"), arguments: [address]) { return known }
        let uuid = StrapIdentity.uuid(forAddress: address)
        try db.execute(sql: "INSERT INTO strap(address, name, uuid) VALUES (?, ?, ?)", arguments: [address, name, UUIDColumn.encode(uuid)])
        return Strap(id: db.lastInsertedRowID, address: address, name: name, uuid: uuid)
    }

    /// Keeps what straps said of themselves on connecting (by address); what one did not say
    /// this time is kept from before.
    public func describeStraps(_ described: [(address: String, bodyLocation: String?, manufacturer: String?)]) throws {
        guard !described.isEmpty else { return }
        try write { db in
            for d in described {
                try db.execute(sql: """
                    UPDATE strap SET body_location = COALESCE(?, body_location), manufacturer = COALESCE(?, manufacturer)
                    WHERE address = ?
                    """, arguments: [d.bodyLocation, d.manufacturer, d.address.uppercased()])
            }
        }
    }
}

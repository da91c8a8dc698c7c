import ClubProtocol
import Foundation
import GRDB
import Store
import TeamCore

/// A fresh kiosk database in a temporary folder, with helpers to read the outbox.
struct ClubSyncFixture {
    let directory = NSTemporaryDirectory() + "sideline-club-sync-" + UUID().uuidString
    var path: String { directory + "/sideline.sqlite" }

    init() { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

    func open() throws -> SidelineStore { try SidelineStore(path: path) }
    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// Straight SQL on the file, as another program would.
    func sql<T: DatabaseValueConvertible>(_ query: String, as type: T.Type = T.self) throws -> [T] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try T.fetchAll($0, sql: query) }
    }

    func execute(_ query: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { try $0.execute(sql: query) }
    }

    /// The queued roster edits as "entity field" lines, sorted.
    func queued() throws -> [String] {
        try sql("SELECT entity || ' ' || field FROM club_roster_edit ORDER BY 1", as: String.self)
    }

    func clearQueue() throws { try execute("DELETE FROM club_roster_edit") }

    static func player(_ first: String) -> Player {
        Player(firstName: first, lastName: "Berg", birthYear: 2009, sex: .female, weightKg: 58.5, restingHR: 52)
    }
}

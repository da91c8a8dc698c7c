import ClubProtocol
import Foundation
import Logging
import PostgresNIO

/// Edits made by a person on the web, into the club's change feed like a kiosk's: checked against
/// `RosterSchema` (one bad field refuses them all), stamped `web:<user>` at the server's time — or
/// just after the latest stamp the records' fields carry, so the person's latest word wins even over
/// a kiosk whose clock ran a little ahead — and every kiosk pulls them with its next sync.
package enum WebRosterEdits {
    package typealias Change = (entity: RosterEntity, key: String, field: String, value: RosterValue)

    package static func apply(_ changes: [Change], by user: WebUser, in connection: PostgresConnection, logger: Logger) async throws -> RosterEditsResult {
        try await apply(changes, origin: user.origin, club: user.club, loggedAs: .web(user), in: connection, logger: logger)
    }

    /// The same for an admin's command (`sideline-club settings`): its origin, logged as it.
    static func apply(_ changes: [Change], origin: String, club: UUID, loggedAs who: Accessor,
                      in connection: PostgresConnection, logger: Logger) async throws -> RosterEditsResult {
        let now = Date().unixMs
        var latest: (wall: Int64, counter: Int)?
        var asked = Set<String>()
        for change in changes where asked.insert("\(change.entity.rawValue) \(change.key)").inserted {
            let found = try await connection.collect("""
                SELECT stamp_wall_ms, stamp_counter FROM roster_field WHERE entity = \(change.entity.rawValue) AND key = \(change.key)
                ORDER BY stamp_wall_ms DESC, stamp_counter DESC LIMIT 1
                """, logger: logger).decode((Int64, Int).self).firstElement()
            if let found, latest.map({ found > $0 }) ?? true { latest = found }
        }
        var stamp = HybridTimestamp(wallMs: now, origin: origin)
        if let (wall, counter) = latest, wall >= now { stamp = HybridTimestamp(wallMs: wall, counter: counter + 1, origin: origin) }
        let edits = changes.map { RosterEdit(entity: $0.entity, key: $0.key, field: $0.field, value: $0.value, stamp: stamp) }
        for edit in edits {
            if let problem = RosterSchema.problem(with: edit) { throw ClubError.badRequest(problem) }
        }
        let result = try await RosterStore.apply(edits, club: club, nowMs: now, in: connection, logger: logger)
        for event in accessEvents(changes) { try await AccessLog.record(event, by: who, in: connection, logger: logger) }
        return result
    }

    /// The access log's lines for `changes`: one a record changed, naming its fields (never their values).
    static func accessEvents(_ changes: [Change]) -> [AccessEvent] {
        var order: [String] = [], fields: [String: [String]] = [:], records: [String: (RosterEntity, String)] = [:]
        for change in changes {
            let id = "\(change.entity.rawValue) \(change.key)"
            if fields[id] == nil { order.append(id); records[id] = (change.entity, change.key) }
            fields[id, default: []].append(change.field)
        }
        return order.map { id in
            let (entity, key) = records[id]!
            let parts = key.split(separator: "/").map { UUID(uuidString: String($0)) }
            let action = "\(entity.rawValue) edited: \(fields[id]!.joined(separator: ", "))"
            switch entity {
            case .player: return .change(action, player: parts.first ?? nil)
            case .membership: return .change(action, team: parts.first ?? nil, player: parts.count > 1 ? parts[1] : nil)
            case .team: return .change(action, team: parts.first ?? nil)
            default: return .change(action)
            }
        }
    }
}

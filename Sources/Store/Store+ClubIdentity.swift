import Foundation
import GRDB
import TeamCore

extension SidelineStore {
    /// A team's club identity and name, for a session's bundle.
    public func teamIdentity(id: Int64) throws -> (uuid: UUID, name: String) {
        guard let team = try read({ try Team.fetchOne($0, key: id) }), let uuid = team.uuid else { throw StoreError.unknownTeam("#\(id)") }
        return (uuid, team.name)
    }

    /// The session with this club identity, if it is here.
    public func sessionID(uuid: UUID) throws -> Int64? {
        try read { try Int64.fetchOne($0, sql: "SELECT id FROM session WHERE uuid = ?", arguments: [UUIDColumn.encode(uuid)]) }
    }
}

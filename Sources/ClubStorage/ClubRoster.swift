import ClubProtocol
import Foundation
import Logging
import PostgresNIO
import TeamCore

/// The club's rosters as the pages show them, read back from the change feed's fields: teams,
/// players and memberships with their current values (a field never set is its default). Photos
/// are left out of the read (each is kilobytes): only whether a player has one.
package struct ClubRoster: Sendable {
    package struct Team: Sendable, Equatable {
        var uuid: UUID
        package var name = ""
        var colour: String?
        var deleted = false
    }

    package struct Player: Sendable, Equatable {
        package var uuid: UUID
        package var firstName = ""
        package var lastName = ""
        package var birthYear: Int?
        package var sex = "M"
        package var weightKg: Double?
        package var restingHR: Int?
        package var maxHR: Int?
        /// Consent on file (decision 075), nil: none.
        package var consent: Consent?
        package var hasPhoto = false
        package var deleted = false

        package var fullName: String { lastName.isEmpty ? firstName : "\(firstName) \(lastName)" }
    }

    package struct Member: Sendable, Equatable {
        var team: UUID
        var player: UUID
        package var shirtNumber = 0
        var deleted = false
    }

    package var teams: [UUID: Team] = [:]
    package var players: [UUID: Player] = [:]
    var members: [Member] = []

    /// The teams that are not deleted, by name.
    var liveTeams: [Team] { teams.values.filter { !$0.deleted }.sorted { ($0.name.lowercased(), $0.uuid.uuidString) < ($1.name.lowercased(), $1.uuid.uuidString) } }

    /// A team's players (membership and player not deleted), by shirt number.
    package func roster(of team: UUID) -> [(member: Member, player: Player)] {
        members.filter { $0.team == team && !$0.deleted }
            .compactMap { m in players[m.player].flatMap { $0.deleted ? nil : (m, $0) } }
            .sorted { ($0.member.shirtNumber, $0.player.fullName) < ($1.member.shirtNumber, $1.player.fullName) }
    }

    package func member(team: UUID, player: UUID) -> Member? {
        members.first { $0.team == team && $0.player == player && !$0.deleted }
    }

    package static func load(in connection: PostgresConnection, logger: Logger) async throws -> ClubRoster {
        var roster = ClubRoster()
        var members: [String: Member] = [:]
        let rows = try await connection.collect("""
            SELECT entity, key, field, CASE WHEN field = 'photo' THEN (value <> 'null')::text ELSE value END
            FROM roster_field WHERE entity IN ('team', 'player', 'membership')
            """, logger: logger)
        for try await (entity, key, field, text) in rows.decode((String, String, String, String).self) {
            if field == "photo" {
                if let uuid = UUID(uuidString: key) { roster.players[uuid, default: Player(uuid: uuid)].hasPhoto = text == "true" }
                continue
            }
            guard let value = try? CanonicalJSON.decode(RosterValue.self, from: Data(text.utf8)) else { continue }
            switch entity {
            case "team":
                guard let uuid = UUID(uuidString: key) else { continue }
                var t = roster.teams[uuid] ?? Team(uuid: uuid)
                switch field {
                case "name": t.name = value.string ?? t.name
                case "colour": t.colour = value.string
                case "deleted": t.deleted = value.bool ?? false
                default: break
                }
                roster.teams[uuid] = t
            case "player":
                guard let uuid = UUID(uuidString: key) else { continue }
                var p = roster.players[uuid] ?? Player(uuid: uuid)
                switch field {
                case "firstName": p.firstName = value.string ?? p.firstName
                case "lastName": p.lastName = value.string ?? p.lastName
                case "birthYear": p.birthYear = value.integer.map(Int.init)
                case "sex": p.sex = value.string ?? p.sex
                case "weightKg": p.weightKg = value.number
                case "restingHR": p.restingHR = value.integer.map(Int.init)
                case "maxHR": p.maxHR = value.integer.map(Int.init)
                case "consent": p.consent = value.string.flatMap(Consent.init(storedForm:))
                case "deleted": p.deleted = value.bool ?? false
                default: break
                }
                roster.players[uuid] = p
            case "membership":
                let parts = key.split(separator: "/")
                guard parts.count == 2, let team = UUID(uuidString: String(parts[0])), let player = UUID(uuidString: String(parts[1])) else { continue }
                var m = members[key] ?? Member(team: team, player: player)
                switch field {
                case "shirtNumber": m.shirtNumber = value.integer.map(Int.init) ?? m.shirtNumber
                case "deleted": m.deleted = value.bool ?? false
                default: break
                }
                members[key] = m
            default: break
            }
        }
        roster.members = Array(members.values)
        return roster
    }

    /// A player's photo (JPEG bytes), if they have one.
    package static func photo(of player: UUID, in connection: PostgresConnection, logger: Logger) async throws -> Data? {
        guard let text = try await connection.collect("""
            SELECT value FROM roster_field WHERE entity = 'player' AND key = \(player.uuidString.lowercased()) AND field = 'photo'
            """, logger: logger).decode(String.self).firstElement(),
            let value = try? CanonicalJSON.decode(RosterValue.self, from: Data(text.utf8)), let base64 = value.string else { return nil }
        return Data(base64Encoded: base64)
    }
}

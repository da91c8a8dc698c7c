import ArgumentParser
import ClubStorage
import Foundation
import Localization

/// How a club admin names a player on the command line: by --player UUID, or by --name "First Last" with
/// --team (`erase-player`, `player-data`).
struct PlayerChoice: ParsableArguments {
    @Option(help: "The player's UUID.") var player: String?
    @Option(help: "The player's first and last name, as on the roster (with --team).") var name: String?
    @Option(help: "The team the named player is on.") var team: String?

    func validate() throws {
        if (player == nil) == (name == nil) { throw ValidationError(tr("name the player by --player UUID, or by --name \"First Last\" with --team")) }
        if name != nil, team == nil { throw ValidationError(tr("--name needs --team")) }
        if let player, UUID(uuidString: player) == nil { throw ValidationError(tr("--player: '{value}' is not a UUID", ["value": player])) }
    }

    /// The player's UUID in `club`; a player the club does not know, or a name two players share, is refused
    /// with "; `nothing`" at the end of the line.
    func resolve(club: ClubAdmin.Club, database db: ClubDatabase, nothing: String) async throws -> UUID {
        if let player {
            let uuid = UUID(uuidString: player)!
            guard try await ClubErasure.knows(uuid, club: club.id, database: db) else {
                throw ClubError(.notFound, tr("club '{club}' knows no player {player}; {nothing}", ["club": club.name, "player": player.lowercased(), "nothing": nothing]))
            }
            return uuid
        }
        let parts = name!.split(separator: " ", maxSplits: 1).map(String.init)
        let found = try await db.inClub(club.id) { c in
            try await ClubErasure.players(named: parts[0], parts.count > 1 ? parts[1] : "", team: team!, in: c, logger: db.logger)
        }
        guard found.count == 1 else {
            let names = ["name": name!, "team": team!, "club": club.name, "nothing": nothing, "count": "\(found.count)"]
            throw ClubError(found.isEmpty ? .notFound : .conflict, found.isEmpty
                ? tr("no player named '{name}' on team '{team}' of club '{club}'; {nothing}", names)
                : tr("{count} players named '{name}' on team '{team}'; name one by --player UUID; {nothing}", names))
        }
        return found[0]
    }
}

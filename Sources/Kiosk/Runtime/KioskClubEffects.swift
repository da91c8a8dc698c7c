import AppCore
import Foundation
import Store
import TeamCore

/// The effects of managing the club: teams (name, colour, delete), players across teams (and
/// their photos), and the straps (labels, forgetting). Each changes the store, then reloads what shows it.
extension KioskRuntime {
    func performClubEffect(_ effect: Effect) throws {
        switch effect {
        case .loadPlayers:
            dispatch(.club(.playersLoaded(try store.allPlayers().map { p in
                ClubPlayer(playerID: p.playerID, player: p.player, teams: p.teams.map { ClubPlayer.Team(teamID: $0.teamID, name: $0.name, shirtNumber: $0.shirtNumber) },
                           sessions: p.sessions, photoVersion: p.photoVersion)
            })))
        case .loadStraps:
            sources.noteSightingsIfDue(force: true) // the list says what was heard up to now, not 30 s ago
            dispatch(.club(.strapsLoaded(try store.strapOverviews().map { s in
                ClubStrap(strap: s.strap, wearers: s.wearers.map {
                    ClubStrap.Wearer(playerName: $0.playerName, shirtNumber: $0.shirtNumber, teamName: $0.teamName)
                }, sessions: s.sessions)
            })))
        case .forgetStrap(let address):
            try store.forgetStrap(address: address)
            then(.loadStraps)
            if let teamID = state.teamID { then(.loadRoster(teamID: teamID)) }
        case .renameTeam(let teamID, let name):
            try store.renameTeam(teamID, to: name)
            then(.loadTeams)
        case .setTeamColour(let teamID, let colour):
            try store.setTeamColour(teamID, colour)
            then(.loadTeams)
        case .deleteTeam(let teamID):
            try store.deleteTeam(teamID)
        case .addExistingPlayer(let teamID, let playerID):
            try store.addExistingPlayer(playerID, toTeam: teamID)
            then(.loadRoster(teamID: teamID))
            then(.loadTeams)
        case .labelStrap(let address, let label):
            try store.setStrapLabel(address: address, label: label)
            // The running source's table keeps its order; only the name the screens show changes.
            let labelled = try store.straps().first { $0.address == address.uppercased() }
            if let labelled {
                sources.pump.renameStrap(labelled.id, to: labelled.shownName)
                dispatch(.sensors(.strapTableLoaded(sources.pump.straps)))
            }
            then(.loadStraps)
        case .saveClubPlayer(let playerID, var player):
            if let playerID {
                player.photoPath = try store.player(id: playerID)?.photoPath
                try store.updatePlayer(playerID, player)
            } else {
                try store.addPlayer(player)
            }
            then(.loadPlayers)
            then(.loadTeams)
            if let teamID = state.teamID { then(.loadRoster(teamID: teamID)) }
        case .importPlayerPhoto(let playerID, let player):
            sticks.importPhoto(playerID: playerID, player: player)
        case .removePlayerPhoto(let playerID):
            try store.deletePlayerPhoto(playerID)
            then(.loadPlayers)
            if let teamID = state.teamID { then(.loadRoster(teamID: teamID)) }
        default:
            assertionFailure("\(effect) is not a club effect")
        }
    }
}

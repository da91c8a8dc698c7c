import AppCore
import Foundation
import Store
import TeamCore

/// The effects of managing the club: teams (name, colour, delete), players across teams, and
/// the straps. Each changes the store, then reloads what shows it.
extension KioskRuntime {
    func performClubEffect(_ effect: Effect) throws {
        switch effect {
        case .loadPlayers:
            dispatch(.club(.playersLoaded(try store.allPlayers().map { p in
                ClubPlayer(playerID: p.playerID, player: p.player, teams: p.teams.map { ClubPlayer.Team(teamID: $0.teamID, name: $0.name, shirtNumber: $0.shirtNumber) },
                           sessions: p.sessions)
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
        default:
            assertionFailure("\(effect) is not a club effect")
        }
    }
}

import Analytics
import Foundation
import Store
import TeamCore

extension SessionReview {
    /// The team's flags on `day` (`TeamFlags`) from what the store keeps: the season table's rows,
    /// each player's HRmax as it stands, the straps the roster wears, and the day's dismissals.
    public static func flags(store: SidelineStore, teamID: Int64, on day: CalendarDay, calendar: Calendar = .current) throws -> FlagList {
        let roster = try store.roster(teamID: teamID)
        let rows = try seasonTable(store: store, roster: roster, on: day, calendar: calendar)
        let settings = store.kioskSettings()
        let players = zip(roster, rows).map { entry, row in
            let physiology = Physiology(player: entry.player, year: day.components.year, formula: settings.maxFormula)
            return FlagInput.Player(id: String(entry.playerID), row: row, maxHR: physiology.maxHR, maxSource: physiology.maxSource)
        }
        var seen = Set<Int64>()
        let straps = roster.compactMap { entry -> FlagInput.Strap? in
            guard let strap = entry.strap, seen.insert(strap.id).inserted else { return nil }
            return FlagInput.Strap(address: strap.address, name: strap.shownName, wornBy: "#\(entry.shirtNumber) \(entry.player.fullName)",
                                   battery: strap.lastBattery, lastSeen: strap.lastSeen.map { CalendarDay($0, in: calendar) })
        }
        return TeamFlags.list(FlagInput(day: day, players: players, straps: straps),
                              dismissed: try store.dismissedFlags(teamID: teamID, on: day),
                              thresholds: LoadStatusThresholds(settings: settings))
    }
}

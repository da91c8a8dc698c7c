import GRDB
import Localization

extension SidelineStore {
    /// Changes the number a player wears in one team (the kiosk's player editor).
    public func setShirtNumber(teamID: Int64, playerID: Int64, _ number: Int) throws {
        try write { db in
            if try Int.fetchOne(db, sql: "SELECT 1 FROM membership WHERE team_id = ? AND shirt_number = ? AND player_id != ?",
                                arguments: [teamID, number, playerID]) != nil {
                throw StoreError.duplicate(Message(N_("shirt number {number} is already taken in this team"), ["number": "\(number)"]))
            }
            try db.execute(sql: "UPDATE membership SET shirt_number = ? WHERE team_id = ? AND player_id = ?",
                           arguments: [number, teamID, playerID])
        }
    }
}

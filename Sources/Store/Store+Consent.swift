import Foundation
import GRDB
import Localization
import TeamCore

extension SidelineStore {
    /// Records consent on file for the player (or clears it with nil): the one write the command line, the
    /// kiosk's form and a pulled roster change share; the roster's trigger queues it for the club.
    public func setConsent(_ consent: Consent?, playerID: Int64, today: CalendarDay) throws {
        if let consent, let problem = Consent.problem(day: consent.day, givenBy: consent.givenBy, today: today) {
            throw StoreError.invalid(problem)
        }
        try write { db in
            try db.execute(sql: "UPDATE player SET consent_day = ?, consent_by = ? WHERE id = ?",
                           arguments: [consent?.day.description, consent?.givenBy, playerID])
            guard db.changesCount == 1 else { throw StoreError.unknownPlayer(playerID) }
        }
    }
}

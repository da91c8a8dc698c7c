import AppCore
import ClubSync
import Foundation

/// The effects of Settings → Club sync: the status read, a join typed on the screen, Sync now, Leave.
/// None of them waits for the network: a pass runs on the worker's queue, or in the sync service.
extension KioskRuntime {
    func performClubSyncEffect(_ effect: Effect) throws {
        switch effect {
        case .loadClubSyncStatus:
            dispatch(.clubSync(.statusLoaded(try clubSync.status())))
        case .joinClub(let server, let code):
            if let why = try clubSync.join(server: server, code: code) {
                dispatch(.clubSync(.joinRejected(why)))
            } else {
                dispatch(.clubSync(.joinQueued))
            }
        case .syncClubNow:
            try clubSync.passNow()
        case .leaveClub:
            dispatch(.inform(try clubSync.leave()))
        default:
            assertionFailure("\(effect) is not a club sync effect")
        }
    }
}

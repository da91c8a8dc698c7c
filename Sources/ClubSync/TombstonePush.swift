import Foundation
import Localization
import Logging
import Store

/// Sessions deleted on this kiosk, deleted on the club too (`DELETE /kiosk/sessions/{uuid}`): the
/// club writes the tombstone every other side learns from, and refuses the session for good.
struct TombstonePush {
    let store: SidelineStore
    let api: ClubAPI
    let logger: Logger

    /// Sends every tombstone waiting; returns how many went.
    func run() throws(ClubSyncError) -> Int {
        let waiting: [UUID]
        do { waiting = try store.sessionTombstones() } catch { throw .local(Message(N_("the outbox cannot be read: {error}"), ["error": "\(error)"])) }
        for session in waiting {
            try api.deleteSession(session)
            do { try store.removeSessionTombstone(session) } catch { throw .local(Message(N_("the outbox could not be written: {error}"), ["error": "\(error)"])) }
            logger.info("session \(session.uuidString.lowercased()) deleted on the club")
        }
        return waiting.count
    }
}

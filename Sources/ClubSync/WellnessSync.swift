import ClubProtocol
import Foundation
import Localization
import Logging
import Store

/// The morning wellness answers given here (or replaced) since the last pass, up to the club, in
/// batches; after the roster's edits, so the club knows every player they name. A club server from
/// before wellness (404) keeps them waiting here, with a line in the log, and the pass goes on.
struct WellnessSync {
    let store: SidelineStore
    let api: ClubAPI
    let logger: Logger

    func run() throws(ClubSyncError) -> Int {
        var sent = 0
        while true {
            let batch: [WellnessRecord]
            do { batch = try store.wellnessToSend(limit: WellnessRequest.maxAnswers) } catch { throw .local(Message(N_("the outbox cannot be read: {error}"), ["error": "\(error)"])) }
            guard !batch.isEmpty else { break }
            do {
                try api.pushWellness(batch)
            } catch .refused(_, 404, _) {
                logger.notice("club sync: the club's server takes no wellness answers yet (an older version); \(batch.count)+ wait here")
                return sent
            }
            do { try store.noteWellnessSent(batch) } catch { throw .local(Message(N_("the outbox could not be written: {error}"), ["error": "\(error)"])) }
            sent += batch.count
            if batch.count < WellnessRequest.maxAnswers { break }
        }
        if sent > 0 { logger.notice("club sync: \(sent) wellness answer(s) sent") }
        return sent
    }
}

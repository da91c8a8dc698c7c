import ClubProtocol
import Foundation
import Localization
import Logging
import Store

/// The roster edits made here since the last push, up to the club: each field's value as it is
/// now, stamped when it was last edited (the triggers' stamps: `ClubSyncSchema`). An edit the
/// club finds older than what it holds loses there (and is logged there); the pull that follows
/// brings the winner. Either way it leaves the outbox — unless it was edited again meanwhile.
struct RosterPush {
    let store: SidelineStore
    let api: ClubAPI
    let origin: String
    let logger: Logger

    /// Pushes until the outbox holds no roster edit; returns how many went and the clock's readings.
    func run(clock: inout HybridLogicalClock) throws(ClubSyncError) -> Int {
        var pushed = 0
        // Each round takes what is queued; a few rounds cover a roster edited while it was pushed.
        for _ in 0..<50 {
            let (edits, refused): ([RosterEdit], [(RosterEdit, String)])
            do { (edits, refused) = try store.pendingRosterEdits(origin: origin) } catch { throw .local(Message(N_("the outbox cannot be read: {error}"), ["error": "\(error)"])) }
            for (edit, problem) in refused {
                logger.warning("roster: \(edit.entity.rawValue) \(edit.key) \(edit.field) is not sent to the club: \(problem)")
            }
            if !refused.isEmpty { try remove(refused.map(\.0)) }
            guard !edits.isEmpty else { return pushed }
            let answer = try api.pushEdits(edits)
            clock.observeServer(timeMs: answer.value.serverTimeMs, sentMs: answer.sentMs, receivedMs: answer.receivedMs)
            for (edit, outcome) in zip(edits, answer.value.outcomes) {
                clock.observe(outcome.stamp)
                if !outcome.accepted { logger.info("roster: \(edit.entity.rawValue) \(edit.key) \(edit.field): a later edit on the club wins") }
            }
            try remove(edits)
            pushed += edits.count
        }
        return pushed
    }

    func remove(_ edits: [RosterEdit]) throws(ClubSyncError) {
        do { try store.removeRosterEdits(edits) } catch { throw .local(Message(N_("the outbox could not be written: {error}"), ["error": "\(error)"])) }
    }
}

import ClubProtocol
import Foundation
import Localization
import Logging
import Store

/// The club's change feed since the last pull, page by page, applied to the kiosk's tables with
/// change capture off (`SidelineStore.applyClubChanges`): teams, players and photos, memberships,
/// straps, the shared settings, and sessions deleted elsewhere (tombstones).
struct RosterPull {
    let store: SidelineStore
    let api: ClubAPI
    let logger: Logger

    struct Outcome {
        var applied = 0
        var sessionsDeleted = 0
    }

    func run(clock: inout HybridLogicalClock) throws(ClubSyncError) -> Outcome {
        var outcome = Outcome()
        while true {
            let since: Int64
            do { since = try store.clubSyncState().rosterSeq } catch { throw .local(Message(N_("the sync state cannot be read: {error}"), ["error": "\(error)"])) }
            let page = try api.changes(since: since)
            clock.observeServer(timeMs: page.value.serverTimeMs, sentMs: page.sentMs, receivedMs: page.receivedMs)
            let applied: ClubPullOutcome
            do {
                applied = try store.applyClubChanges(page.value.changes, lastSeq: page.value.lastSeq, clock: clock)
            } catch {
                throw .local(Message(N_("the club's roster changes could not be stored: {error}"), ["error": "\(error)"]))
            }
            for note in applied.notes { logger.notice("roster: \(note)") }
            if applied.keptLocal > 0 { logger.info("roster: \(applied.keptLocal) fields keep a later edit made here, still to be pushed") }
            outcome.applied += applied.applied
            outcome.sessionsDeleted += applied.sessionsDeleted
            for change in page.value.changes { clock.observe(change.stamp) }
            if !page.value.more || page.value.changes.isEmpty { return outcome }
        }
    }
}

import ClubProtocol
import Foundation
import Localization
import Logging
import Store

/// Players erased, both ways: the erasures made here up to the club (which removes the player from
/// every session it holds), then the club's erasures down (`SidelineStore.applyClubErasures`: the
/// players erased here too, as if erased on this kiosk). First in a pass, so no session or roster
/// edit of an erased player goes up or comes down before.
struct ErasureSync {
    let store: SidelineStore
    let api: ClubAPI
    let logger: Logger

    /// `clubHolds`: how many erasures the club says it has (nil: a server from before erasures).
    /// Returns (sent, players erased here because the club said so).
    func run(clubHolds: Int?) throws(ClubSyncError) -> (sent: Int, erasedHere: Int) {
        let waiting: [PlayerErasure]
        do {
            // The club holds fewer than it acknowledged: its database was restored from a backup. It gets them all again.
            if let clubHolds, try store.erasuresAcknowledged() > clubHolds {
                logger.notice("club sync: the club holds \(clubHolds) erasures, fewer than it acknowledged; sending them all again")
                try store.sendAllErasuresAgain()
            }
            waiting = try store.erasuresToSend()
        } catch { throw .local(Message(N_("the outbox cannot be read: {error}"), ["error": "\(error)"])) }
        for batch in stride(from: 0, to: waiting.count, by: ErasuresRequest.maxErasures).map({ Array(waiting[$0..<min(waiting.count, $0 + ErasuresRequest.maxErasures)]) }) {
            try api.pushErasures(batch)
            do { try store.noteErasuresSent(batch) } catch { throw .local(Message(N_("the outbox could not be written: {error}"), ["error": "\(error)"])) }
        }
        var erasedHere = 0
        while true {
            let since: Int64
            do { since = try store.clubErasureCursor() } catch { throw .local(Message(N_("the sync state cannot be read: {error}"), ["error": "\(error)"])) }
            let page = try api.erasures(since: since)
            do {
                erasedHere += try store.applyClubErasures(page.erasures, lastSeq: page.lastSeq)
            } catch {
                throw .local(Message(N_("the club's erasures could not be applied: {error}"), ["error": "\(error)"]))
            }
            if !page.more || page.erasures.isEmpty { break }
        }
        if !waiting.isEmpty || erasedHere > 0 { logger.notice("club sync: \(waiting.count) erasure(s) sent, \(erasedHere) player(s) erased here as the club asked") }
        return (waiting.count, erasedHere)
    }
}

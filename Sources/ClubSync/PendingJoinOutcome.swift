import Diagnostics
import Foundation
import Localization
import Logging
import Store

/// What became of a join typed on the kiosk (`PendingClubJoin`) when a pass took it up.
public enum PendingJoinOutcome: Sendable, Equatable {
    /// None was waiting.
    case none
    /// The club took the code: the link is kept, the pending file gone.
    case joined(ClubLink)
    /// The club refused the code for good (wrong, used, expired — its 4xx), or the address is no
    /// server's: the pending file is gone and the reason kept as the last problem.
    case refused(ClubSyncError)
    /// No answer (the network, the server's trouble): the join waits for the next pass.
    case waiting(ClubSyncError)

    /// Does the join waiting beside the store's database, if any, as `sideline club join` would.
    /// `caFile`: the club's own CA (the kiosk's `--club-ca-file`, `club sync --ca-file`).
    public static func settle(store: SidelineStore, caFile: String?) -> PendingJoinOutcome {
        guard let pending = PendingClubJoin.load(forDatabase: store.path) else {
            // A file no pass can read is no join: it goes.
            if FileManager.default.fileExists(atPath: PendingClubJoin.path(forDatabase: store.path)) {
                return finish(store, .refused(.local(Message(N_("the join typed on the kiosk could not be read; type it again")))))
            }
            return .none
        }
        do {
            let link = try ClubMembership.join(store: store, server: pending.url, code: pending.code, caFile: caFile)
            return finish(store, .joined(link))
        } catch .invalid(let message) {
            return finish(store, .refused(.invalid(message)))
        } catch .refused(let host, let status, let message) where (400..<500).contains(status) {
            return finish(store, .refused(.refused(host: host, status: status, message: message)))
        } catch {
            return finish(store, .waiting(error))
        }
    }

    /// Removes the pending file unless the join waits, and keeps the reason for the screen.
    private static func finish(_ store: SidelineStore, _ outcome: PendingJoinOutcome) -> PendingJoinOutcome {
        let logger = Diagnostics.logger("club")
        var problem: Message?
        switch outcome {
        case .none, .joined: break
        // Not logged here: whoever ran the pass says it, once (`ClubSyncRun.problem`).
        case .refused(let error): problem = error.message
        case .waiting(let error): problem = Message(N_("{problem}; the join waits for the next pass"), nested: ["problem": error.message])
        }
        if case .waiting = outcome {} else {
            do { try PendingClubJoin.remove(forDatabase: store.path) } catch { logger.warning("club join: \(error)") }
        }
        if let problem {
            do { try store.noteClubPass(problem: problem.english, shown: problem) } catch { logger.warning("club join: the problem could not be kept: \(error)") }
        }
        return outcome
    }
}

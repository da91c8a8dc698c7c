import AppCore
import ClubSync
import Foundation
import Localization
import Store

/// The kiosk's club sync as its mode makes it (`--club-sync`): in this process, the background
/// worker's passes; for the appliance's sync service, a request file written whenever a pass is
/// wanted, and no worker and no socket here. Either way the screen reads what it shows from the
/// database and the files beside it, so it is the same in both modes.
public final class KioskClubSync {
    public let mode: ClubSyncMode
    let store: SidelineStore
    /// In-process only.
    public let worker: ClubSyncWorker?

    public init(store: SidelineStore, mode: ClubSyncMode, caFile: String?) {
        self.store = store
        self.mode = mode
        worker = mode == .inProcess ? ClubSyncWorker(store: store, caFile: caFile) : nil
    }

    /// How long after the kiosk's first frame its worker's first pass waits: the kiosk needs nothing of
    /// the club to start, and its first screen should not share the CPU, or the store's one connection
    /// before it (`SidelineStore.startReaders`), with a pass (decision 104).
    public static let firstPassAfterFirstFrameSeconds = 5.0

    /// The worker's passes (in-process), the first a few seconds from now: the shell calls it once its
    /// first frame is on screen, not at `KioskRuntime.start`.
    public func start() { worker?.start(firstPassAfter: Self.firstPassAfterFirstFrameSeconds) }

    func stop() { worker?.stop() }

    /// A session was saved: its upload soon (the service is not woken for a kiosk in no club).
    func sessionSaved() throws(ClubSyncError) {
        guard let worker else {
            let files = [ClubLink.path(forDatabase: store.path), PendingClubJoin.path(forDatabase: store.path)]
            guard files.contains(where: FileManager.default.fileExists(atPath:)) else { return }
            return try ClubSyncRequest.write(forDatabase: store.path)
        }
        worker.sessionSaved()
    }

    /// The coach asked (Join, Sync now).
    func passNow() throws(ClubSyncError) {
        guard let worker else { return try ClubSyncRequest.write(forDatabase: store.path) }
        worker.passNow()
    }

    /// Settings → Club sync: the link, a join that waits, the outbox and the last pass — files and two counts.
    func status() throws(ClubSyncError) -> ClubSyncStatus {
        let status = try ClubStatus.read(store: store)
        let membership: ClubSyncStatus.Membership
        if status.joined, let server = status.server {
            membership = .joined(club: status.club ?? "", kiosk: status.kiosk ?? "", host: (try? ClubServerURL(server))?.host ?? server)
        } else if let pending = PendingClubJoin.load(forDatabase: store.path) {
            membership = .joining(host: pending.host)
        } else {
            membership = .none
        }
        // A problem kept before the store kept its message stays English.
        return ClubSyncStatus(membership: membership, line: status.line(), lastProblem: status.lastProblemMessage ?? status.lastProblem.map { Message($0) },
                              syncing: worker?.snapshot.syncing ?? false)
    }

    /// Checks what was typed as `sideline club join` does, keeps it as the pending join and asks for
    /// a pass; nil when it was taken, else what is wrong with it.
    func join(server: String, code: String) throws(ClubSyncError) -> Message? {
        let pending: PendingClubJoin
        // The address's problem in the kiosk's language; the code's, and the rest, as ClubSync words them.
        if let problem = ClubServerURL.problem(server) { return problem }
        do { pending = try PendingClubJoin.checked(url: server, code: code) } catch .invalid(let why) { return why }
        if let link = try ClubLink.load(forDatabase: store.path) {
            return Message(N_("this kiosk is in the club {club} already"), ["club": link.clubName])
        }
        try ClubMembership.forgetPendingJoin(store: store)
        try pending.save(forDatabase: store.path)
        try passNow()
        return nil
    }

    /// Leaves the club (the token goes) or gives up a join that waits; every session stays.
    func leave() throws(ClubSyncError) -> Message {
        // The screen's loop never waits for the network: out of the club here at once, and a pass
        // (asked for now) has the server revoke the token.
        if let (link, _) = try? ClubMembership.leave(store: store, revokingOnServer: false) {
            try? passNow()
            return Message(N_("Left the club {club}; every session stays on this kiosk"), ["club": link.clubName])
        }
        try ClubMembership.forgetPendingJoin(store: store)
        return Message(N_("The join was given up"))
    }
}

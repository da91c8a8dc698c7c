import ClubProtocol
import Diagnostics
import Foundation
import Localization
import Logging
import Store

/// One sync pass of a kiosk in a club: the server's time (the clock's offset), players erased (both
/// ways), sessions deleted here (tombstones), finished sessions up, the roster's edits up, the morning
/// wellness answers up, then the club's changes down.
/// Everything it has not done stays in the outbox, in the database, for the next pass.
public struct ClubSyncPass: Sendable {
    public let store: SidelineStore
    public let link: ClubLink
    public var http: ClubHTTP
    /// The gzip's chunk per PATCH (smaller in tests, to cut an upload half-way).
    public var chunkBytes = 256 * 1024
    let logger = Diagnostics.logger("club")

    public init(store: SidelineStore, link: ClubLink, caFile: String? = nil) {
        self.store = store
        self.link = link
        http = ClubHTTP(caFile: caFile ?? link.caFile)
    }

    /// Why it stopped short is in the report, not in the log: whoever ran the pass says it, once
    /// (`ClubSyncRun.problem`: the command's exit line, the kiosk worker's log line).
    public func run() -> ClubSyncReport {
        var report = ClubSyncReport()
        do {
            try sync(&report)
        } catch {
            report.problem = error
        }
        do {
            report.waiting = try store.clubOutboxCounts()
            report.heldForConsent = try store.consentHolds()
            report.waitingForNewerServer = try store.sessionsWaitingForNewerServer().count
            try store.noteClubPass(problem: report.isComplete ? nil : report.line, shown: report.shownProblem)
        } catch {
            report.problem = report.problem ?? .local(Message(N_("the outbox cannot be read: {error}"), ["error": "\(error)"]))
        }
        return report
    }

    func sync(_ report: inout ClubSyncReport) throws(ClubSyncError) {
        let server = try ClubServerURL(link.server)
        let api = ClubAPI(server: server, token: link.token, http: http)
        var clock: HybridLogicalClock
        do {
            try store.fillStrapIdentities()
            clock = try store.clubSyncState().clock(origin: link.origin)
        } catch { throw .local(Message(N_("the sync state cannot be read: {error}"), ["error": "\(error)"])) }
        let status = try api.status()
        clock.observeServer(timeMs: status.value.serverTimeMs, sentMs: status.sentMs, receivedMs: status.receivedMs)
        try save(clock)

        (report.erasuresSent, report.playersErasedByClub) = try ErasureSync(store: store, api: api, logger: logger).run(clubHolds: status.value.playersErased)
        report.tombstonesSent = try TombstonePush(store: store, api: api, logger: logger).run()

        let uploads = SessionUpload(store: store, api: api, chunkBytes: chunkBytes, logger: logger)
        let held: Set<UUID>
        do { held = try store.sessionsHeldForConsent() } catch { throw .local(Message(N_("the outbox cannot be read: {error}"), ["error": "\(error)"])) }
        let formats = status.value.bundleFormats
        var refusal = try upload(uploads, &report, club: formats)
        report.rosterEditsPushed = try RosterPush(store: store, api: api, origin: link.origin, logger: logger).run(clock: &clock)
        try save(clock)
        report.wellnessSent = try WellnessSync(store: store, api: api, logger: logger).run()
        let pulled = try RosterPull(store: store, api: api, logger: logger).run(clock: &clock)
        report.rosterChangesApplied = pulled.applied
        report.sessionsDeletedByClub = pulled.sessionsDeleted
        try save(clock)
        // A consent (or the rule) just pulled may free sessions held for it: they go in this pass (decision 075).
        // Only those: a session saved during the pass gets a pass of its own.
        if pulled.applied > 0 && !held.isEmpty { refusal = try upload(uploads, &report, club: formats, only: held) ?? refusal }
        if let refusal { throw refusal }
    }

    /// Every finished session the club may have now, up; the first refusal returned (one does not hold back the others).
    /// A session waiting for a newer club server goes only when that may help (`SessionUpload.isDue`); to a server that
    /// lists no formats, one offer per format and pass: the first refused as too new stands for the rest of its format and newer.
    func upload(_ uploads: SessionUpload, _ report: inout ClubSyncReport, club formats: [Int]?, only: Set<UUID>? = nil) throws(ClubSyncError) -> ClubSyncError? {
        let outbox: [SessionAwaitingUpload], now = Date()
        do { outbox = try store.sessionsAwaitingUpload().filter { only?.contains($0.uuid) ?? true } } catch { throw .local(Message(N_("the outbox cannot be read: {error}"), ["error": "\(error)"])) }
        let notDue = outbox.compactMap(\.waiting).filter { !SessionUpload.isDue($0, club: formats, now: now) }
        // The lowest format a server listing none refused within the day: a new session of it or newer is not sent either.
        var tooNewFrom = formats == nil ? notDue.map(\.format).min() : nil
        var refusal: ClubSyncError?
        for session in outbox {
            if let waiting = session.waiting, !SessionUpload.isDue(waiting, club: formats, now: now) || waiting.format >= tooNewFrom ?? .max { continue }
            do {
                switch try uploads.upload(session, club: formats, tooNewFrom: tooNewFrom) {
                case .stored: report.sessionsUploaded += 1
                case .settled(let why): report.settled.append(Message(N_("session {session}: {reason}"), ["session": session.uuid.uuidString.lowercased(), "reason": why]))
                case .refused(let why): report.refused.append(ClubStatus.refusedLine(session.uuid, started: nil, reason: why))
                case .waitsForNewerServer(let format, let firstTime):
                    if firstTime { report.waitsForNewerServer.append(ClubStatus.waitingLine(session.uuid, format: format, club: formats)) }
                    if formats == nil, tooNewFrom.map({ format < $0 }) ?? true {
                        tooNewFrom = format
                        try uploads.note { try store.noteNewerServerOffered(formatsFrom: format, listed: nil, at: now) }
                    }
                }
            } catch .refused(let host, let status, let message) {
                refusal = refusal ?? .refused(host: host, status: status, message: "session \(session.uuid.uuidString.lowercased()): \(message)")
            }
        }
        return refusal
    }

    func save(_ clock: HybridLogicalClock) throws(ClubSyncError) {
        do { try store.saveClubClock(clock) } catch { throw .local(Message(N_("the sync state could not be written: {error}"), ["error": "\(error)"])) }
    }
}

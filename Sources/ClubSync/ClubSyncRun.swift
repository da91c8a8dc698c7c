import Foundation
import Localization
import Store

/// What `sideline club sync` and the kiosk's background worker both run: a join typed on the
/// kiosk first (`PendingJoinOutcome.settle`), then, in a club, one `ClubSyncPass`.
public enum ClubSyncRun: Sendable, Equatable {
    /// No link and no join waiting.
    case notInClub
    /// The join typed on the kiosk was refused; the kiosk stays out of the club.
    case joinRefused(ClubSyncError)
    /// The join typed on the kiosk could not reach the club; it waits for the next pass.
    case joinWaiting(ClubSyncError)
    /// A pass ran (`joined`: the join typed on the kiosk went through just before it).
    case passed(ClubSyncReport, joined: ClubLink?)

    /// Why it stopped short, as one line; nil when it did not. Said once, by whoever ran it: `sideline club sync`
    /// as its exit line, the kiosk's worker in its log (issue 35, item 5: each failure once).
    public var problem: String? { problem(in: .english) }

    /// The same line in `words`' language: `sideline club sync`'s exit line (decision 087).
    public func problem(in words: Translator) -> String? {
        switch self {
        case .notInClub: nil
        case .joinRefused(let error): words.tr("the join typed on the kiosk failed: {problem}", ["problem": error.message.text(in: words)])
        case .joinWaiting(let error): words.tr("{problem}; the join typed on the kiosk waits for the next pass", ["problem": error.message.text(in: words)])
        case .passed(let report, _): report.isComplete ? nil : report.line(in: words)
        }
    }

    /// `caFile`: over the link's (the kiosk's `--club-ca-file`); `chunkBytes`: the upload's chunk (tests);
    /// `leftClub`: told what the server said about a left club's token, when one waited.
    public static func run(store: SidelineStore, caFile: String? = nil, chunkBytes: Int? = nil,
                           leftClub: (ClubLink, ClubMembership.ServerSide) -> Void = { _, _ in }) -> ClubSyncRun {
        // A club left from the kiosk's screen: its token revoked there first (kept for the next pass if unanswered).
        if let (link, server) = LeftClubLink.settle(forDatabase: store.path) { leftClub(link, server) }
        var joined: ClubLink?
        switch PendingJoinOutcome.settle(store: store, caFile: caFile) {
        case .none: break
        case .joined(let link): joined = link
        case .refused(let error): return .joinRefused(error)
        case .waiting(let error): return .joinWaiting(error)
        }
        let link: ClubLink
        do {
            guard let found = try ClubLink.load(forDatabase: store.path) else { return .notInClub }
            link = found
        } catch {
            var report = ClubSyncReport()
            report.problem = error
            return .passed(report, joined: nil)
        }
        var pass = ClubSyncPass(store: store, link: link, caFile: caFile)
        if let chunkBytes { pass.chunkBytes = chunkBytes }
        return .passed(pass.run(), joined: joined)
    }

    /// Whether a join typed or a club left on the kiosk's screen waits for a pass to do it.
    public static func waitsOnScreen(forDatabase database: String) -> Bool {
        FileManager.default.fileExists(atPath: PendingClubJoin.path(forDatabase: database))
            || FileManager.default.fileExists(atPath: LeftClubLink.path(forDatabase: database))
    }

    /// `run`, and again while the kiosk asked for a pass (`ClubSyncRequest`) during the one that ran: the
    /// appliance's `.path` unit folds a request made while its service runs into that run, so a session
    /// saved mid-pass would otherwise wait for the timer. Another pass only after one that went through,
    /// at most `limit` in all; `each` sees every outcome, the last is returned.
    public static func runAnsweringRequests(store: SidelineStore, caFile: String? = nil, chunkBytes: Int? = nil, limit: Int = 3,
                                            leftClub: (ClubLink, ClubMembership.ServerSide) -> Void = { _, _ in },
                                            each: (ClubSyncRun) -> Void = { _ in }) -> ClubSyncRun {
        var passes = 0
        while true {
            let started = Date()
            let outcome = run(store: store, caFile: caFile, chunkBytes: chunkBytes, leftClub: leftClub)
            passes += 1
            each(outcome)
            guard passes < limit, case .passed(let report, _) = outcome, report.problem == nil,
                  let asked = ClubSyncRequest.lastAsked(forDatabase: store.path), asked > started else { return outcome }
        }
    }
}

import Store

/// What one pass did, and what still waits.
public struct ClubSyncReport: Sendable, Equatable {
    public var sessionsUploaded = 0
    public var tombstonesSent = 0
    /// Player erasures made here that went to the club, and players erased here because the club said so.
    public var erasuresSent = 0
    public var playersErasedByClub = 0
    public var rosterEditsPushed = 0
    public var rosterChangesApplied = 0
    public var sessionsDeletedByClub = 0
    /// Morning wellness answers the club took in this pass.
    public var wellnessSent = 0
    /// Sessions the club will never take (deleted there, or held with other content), one line each.
    public var settled: [String] = []
    /// Sessions the club refused for good in this pass (422, or outside its bounds), one line each:
    /// said once here, then listed by `sideline club status`; they stay on the kiosk and are not sent again.
    public var refused: [String] = []
    /// Players whose missing consent holds sessions on the kiosk (the club requires it), one line each.
    public var heldForConsent: [String] = []
    /// Sessions that began to wait for a newer club server in this pass (its format is newer than the server
    /// takes), one line each: said once here, then counted by `sideline club status` until the server takes them.
    public var waitsForNewerServer: [String] = []
    /// Sessions waiting for a newer club server after the pass (not work left for it: the pass is complete without them).
    public var waitingForNewerServer = 0
    /// What still waits after the pass.
    public var waiting = ClubOutboxCounts(sessions: 0, tombstones: 0, rosterEdits: 0)
    /// Why the pass stopped short; nil when everything went up and came down.
    public var problem: ClubSyncError?

    public init() {}

    public var isComplete: Bool { problem == nil && waiting.isEmpty }

    /// The lines said once, in the pass that found them (nothing logs them on the way): sessions settled,
    /// refused for good, or newly waiting for a newer club server.
    public var sessionLines: [String] { settled + refused + waitsForNewerServer }

    /// One line: what went, or what waits and why ("3 sessions waiting: club.example.org unreachable (connection refused)").
    public var line: String {
        if isComplete {
            return "up to date: \(sessionsUploaded) sessions uploaded, \(tombstonesSent) deleted on the club, \(rosterEditsPushed) roster edits sent, "
                + "\(rosterChangesApplied) roster changes received, \(sessionsDeletedByClub) sessions deleted by the club"
                + (erasuresSent + playersErasedByClub > 0 ? ", \(erasuresSent) player erasures sent, \(playersErasedByClub) players erased as the club asked" : "")
                + (wellnessSent > 0 ? ", \(wellnessSent) wellness answers sent" : "")
                + (heldForConsent.isEmpty ? "" : "; the sessions of \(heldForConsent.count) player\(heldForConsent.count == 1 ? "" : "s") held for consent")
                + (waitingForNewerServer == 0 ? "" : "; \(ClubStatus.newerServerSummary(waitingForNewerServer))")
        }
        return "\(waiting.summary): \(problem?.description ?? "not everything went")"
    }
}

extension ClubOutboxCounts {
    /// "3 sessions waiting", "nothing waiting", "1 session and 2 roster edits waiting".
    public var summary: String {
        let parts = [(sessions, "session"), (tombstones, "deletion"), (rosterEdits, "roster edit")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        if parts.isEmpty { return "nothing waiting" }
        return (parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!) + " waiting"
    }
}

extension ConsentHold {
    /// "held back: 2 sessions of Mia Berg (U12 #7): no consent on file, which the club requires".
    public var line: String {
        "held back: \(sessions) session\(sessions == 1 ? "" : "s") of \(name)"
            + (teams.isEmpty ? "" : " (\(teams.joined(separator: ", ")))") + ": no consent on file, which the club requires"
    }
}

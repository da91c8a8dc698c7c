import Localization
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
    public var settled: [Message] = []
    /// Sessions the club refused for good in this pass (422, or outside its bounds), one line each:
    /// said once here, then listed by `sideline club status`; they stay on the kiosk and are not sent again.
    public var refused: [Message] = []
    /// Players whose missing consent holds sessions on the kiosk (the club requires it).
    public var heldForConsent: [ConsentHold] = []
    /// Sessions that began to wait for a newer club server in this pass (its format is newer than the server
    /// takes), one line each: said once here, then counted by `sideline club status` until the server takes them.
    public var waitsForNewerServer: [Message] = []
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
    public var sessionLines: [Message] { settled + refused + waitsForNewerServer }

    /// Why the pass stopped short as the kiosk's Settings show it, under the status line that counts what waits; nil
    /// when it is complete.
    public var shownProblem: Message? {
        guard !isComplete else { return nil }
        return problem?.message ?? Message(N_("not everything went"))
    }

    /// One line: what went, or what waits and why ("3 sessions waiting: club.example.org unreachable (connection refused)"),
    /// in English: the log's and the sync state's stored problem.
    public var line: String { line(in: .english) }

    /// The line in `words`' language: `sideline club sync` prints it in the admin's (decision 087).
    public func line(in words: Translator) -> String {
        guard isComplete else {
            return words.tr("{waiting}: {problem}", ["waiting": waiting.summary(in: words),
                                                     "problem": problem.map { $0.message.text(in: words) } ?? words.tr("not everything went")])
        }
        var parts = [words.trn("up to date: {n} session uploaded", "up to date: {n} sessions uploaded", n: sessionsUploaded),
                     words.trn("{n} deleted on the club", "{n} deleted on the club", n: tombstonesSent),
                     words.trn("{n} roster edit sent", "{n} roster edits sent", n: rosterEditsPushed),
                     words.trn("{n} roster change received", "{n} roster changes received", n: rosterChangesApplied),
                     words.trn("{n} session deleted by the club", "{n} sessions deleted by the club", n: sessionsDeletedByClub)]
        if erasuresSent + playersErasedByClub > 0 {
            parts += [words.trn("{n} player erasure sent", "{n} player erasures sent", n: erasuresSent),
                      words.trn("{n} player erased as the club asked", "{n} players erased as the club asked", n: playersErasedByClub)]
        }
        if wellnessSent > 0 { parts.append(words.trn("{n} wellness answer sent", "{n} wellness answers sent", n: wellnessSent)) }
        var line = parts.joined(separator: ", ")
        if !heldForConsent.isEmpty {
            line += "; " + words.trn("the sessions of {n} player held for consent", "the sessions of {n} players held for consent", n: heldForConsent.count)
        }
        if waitingForNewerServer > 0 { line += "; " + ClubStatus.newerServerSummary(waitingForNewerServer, in: words) }
        return line
    }
}

extension ClubOutboxCounts {
    /// "3 sessions waiting", "nothing waiting", "1 session and 2 roster edits waiting".
    public var summary: String { summary(in: .english) }

    public func summary(in words: Translator) -> String {
        var parts: [String] = []
        if sessions > 0 { parts.append(words.trn("{n} session", "{n} sessions", n: sessions, context: "waiting")) }
        if tombstones > 0 { parts.append(words.trn("{n} deletion", "{n} deletions", n: tombstones, context: "waiting")) }
        if rosterEdits > 0 { parts.append(words.trn("{n} roster edit", "{n} roster edits", n: rosterEdits, context: "waiting")) }
        guard let last = parts.last else { return words.tr("nothing waiting") }
        let listed = parts.count == 1 ? last : words.tr("{list} and {last}", ["list": parts.dropLast().joined(separator: ", "), "last": last])
        return words.tr("{things} waiting", ["things": listed])
    }
}

extension ConsentHold {
    /// "held back: 2 sessions of Mia Berg (U12 #7): no consent on file, which the club requires" (the JSON's, English).
    public var line: String { line(in: .english) }

    public func line(in words: Translator) -> String {
        let values = ["name": name, "teams": teams.joined(separator: ", ")]
        return teams.isEmpty
            ? words.trn("held back: {n} session of {name}: no consent on file, which the club requires",
                        "held back: {n} sessions of {name}: no consent on file, which the club requires", n: sessions, values)
            : words.trn("held back: {n} session of {name} ({teams}): no consent on file, which the club requires",
                        "held back: {n} sessions of {name} ({teams}): no consent on file, which the club requires", n: sessions, values)
    }
}

import Foundation
import Localization
import Store

/// `sideline club status`: what waits, when the last pass reached the club, which club.
public struct ClubStatus: Codable, Sendable, Equatable {
    public var joined: Bool
    public var server: String?
    public var club: String?
    public var kiosk: String?
    public var sessionsWaiting: Int
    public var deletionsWaiting: Int
    public var rosterEditsWaiting: Int
    /// Unix ms of the last pass that went through; nil: never.
    public var lastSyncMs: Int64?
    /// Why the last pass stopped short (English: the JSON's); nil when it went through.
    public var lastProblem: String?
    /// The same as a message, for a screen in a person's language (not in the JSON; nil for one kept before v31).
    public var lastProblemMessage: Message?
    /// Sessions the club refused for good (outside its bounds): kept here, not sent again.
    public var sessionsRefused: [SessionRefusedByClub] = []
    /// Players whose missing consent holds sessions here (the club requires it), one line each (`ConsentHold.line`): the JSON's.
    public var heldForConsent: [String] = []
    /// The same players, for lines in a person's language (not in the JSON).
    public var consentHolds: [ConsentHold] = []
    /// Sessions kept until the club server takes their bundle's format (a kiosk newer than its server, decision 082).
    public var sessionsWaitingForNewerServer: [SessionWaitingForNewerServer] = []

    enum CodingKeys: String, CodingKey {
        case joined, server, club, kiosk, sessionsWaiting, deletionsWaiting, rosterEditsWaiting, lastSyncMs, lastProblem, sessionsRefused
        case heldForConsent, sessionsWaitingForNewerServer
    }

    /// Every key, an unknown as null (scripts read one shape).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(joined, forKey: .joined)
        try c.encode(server, forKey: .server)
        try c.encode(club, forKey: .club)
        try c.encode(kiosk, forKey: .kiosk)
        try c.encode(sessionsWaiting, forKey: .sessionsWaiting)
        try c.encode(deletionsWaiting, forKey: .deletionsWaiting)
        try c.encode(rosterEditsWaiting, forKey: .rosterEditsWaiting)
        try c.encode(lastSyncMs, forKey: .lastSyncMs)
        try c.encode(lastProblem, forKey: .lastProblem)
        try c.encode(sessionsRefused, forKey: .sessionsRefused)
        try c.encode(heldForConsent, forKey: .heldForConsent)
        try c.encode(sessionsWaitingForNewerServer, forKey: .sessionsWaitingForNewerServer)
    }

    public static func read(store: SidelineStore) throws(ClubSyncError) -> ClubStatus {
        let link = try ClubLink.load(forDatabase: store.path)
        do {
            let counts = try store.clubOutboxCounts(), state = try store.clubSyncState(), holds = try store.consentHolds()
            return ClubStatus(joined: link != nil, server: link?.server, club: link?.clubName, kiosk: link?.kioskName,
                              sessionsWaiting: counts.sessions, deletionsWaiting: counts.tombstones, rosterEditsWaiting: counts.rosterEdits,
                              lastSyncMs: state.lastSyncMs, lastProblem: state.lastProblem,
                              lastProblemMessage: state.lastProblemMessage, sessionsRefused: try store.sessionsRefusedByClub(),
                              heldForConsent: holds.map(\.line), consentHolds: holds,
                              sessionsWaitingForNewerServer: try store.sessionsWaitingForNewerServer())
        } catch {
            throw .local(Message(N_("the sync state cannot be read: {error}"), ["error": "\(error)"]))
        }
    }

    /// "3 sessions waiting · last sync 10:42 · club.example.org", in `words`' language (the kiosk's screen, the
    /// command line's).
    public func line(in words: Translator = Localization.current, now: Date = Date(), timeZone: TimeZone = .current) -> String {
        let counts = ClubOutboxCounts(sessions: sessionsWaiting, tombstones: deletionsWaiting, rosterEdits: rosterEditsWaiting)
        let host = server.flatMap { URLComponents(string: $0)?.host } ?? words.tr("no club")
        var parts = [counts.summary(in: words)]
        if !sessionsRefused.isEmpty {
            parts.append(words.trn("{n} session refused by the club", "{n} sessions refused by the club", n: sessionsRefused.count))
        }
        if !heldForConsent.isEmpty {
            parts.append(words.trn("sessions of {n} player held for consent", "sessions of {n} players held for consent", n: heldForConsent.count))
        }
        if !sessionsWaitingForNewerServer.isEmpty { parts.append(Self.newerServerSummary(sessionsWaitingForNewerServer.count, in: words)) }
        parts.append(words.tr("last sync {when}", ["when": Self.when(lastSyncMs, now: now, timeZone: timeZone, words: words)]))
        parts.append(joined ? host : words.tr("no club (sideline club join URL CODE)"))
        return parts.joined(separator: " · ")
    }

    /// One line per session the club refused: which (its uuid and start) and why.
    public func refusedLines(in words: Translator = Localization.current, timeZone: TimeZone = .current) -> [String] {
        sessionsRefused.map { r in
            Self.refusedLine(r.uuid, started: Self.when(r.startedMs, now: .distantPast, timeZone: timeZone, words: words), reason: r.reason).text(in: words)
        }
    }

    /// "session … of 2026-11-25 10:42 not uploaded, for good: …" (the reason is the club's sentence, as its API words it).
    static func refusedLine(_ session: UUID, started: String?, reason: String) -> Message {
        let values = ["session": session.uuidString.lowercased(), "started": started ?? "", "reason": reason]
        return started == nil ? Message(N_("session {session} not uploaded, for good: {reason}"), values)
                              : Message(N_("session {session} of {started} not uploaded, for good: {reason}"), values)
    }

    /// One line per session waiting for a newer club server: which, and what the server takes.
    public func newerServerLines(in words: Translator = Localization.current, timeZone: TimeZone = .current) -> [String] {
        sessionsWaitingForNewerServer.map { w in
            Self.waitingLine(w.uuid, started: Self.when(w.startedMs, now: .distantPast, timeZone: timeZone, words: words), format: w.waiting.format,
                             listed: w.waiting.listed).text(in: words)
        }
    }

    /// The consent holds' lines in `words`' language.
    public func consentLines(in words: Translator = Localization.current) -> [String] { consentHolds.map { $0.line(in: words) } }

    /// "2 sessions wait for a newer club server".
    static func newerServerSummary(_ count: Int, in words: Translator) -> String {
        words.trn("{n} session waits for a newer club server", "{n} sessions wait for a newer club server", n: count)
    }

    /// "session … waits for a newer club server: its bundle is format 3, the server takes 1,2 (kept here, sent once it takes it)".
    static func waitingLine(_ session: UUID, started: String? = nil, format: Int, listed: String?) -> Message {
        let values = ["session": session.uuidString.lowercased(), "started": started ?? "", "format": "\(format)", "listed": listed ?? ""]
        switch (started, listed) {
        case (nil, nil):
            return Message(N_("session {session} waits for a newer club server: its bundle is format {format}, which the server refused as unknown (kept here, sent once the server takes it)"), values)
        case (nil, _):
            return Message(N_("session {session} waits for a newer club server: its bundle is format {format}, the server takes {listed} (kept here, sent once the server takes it)"), values)
        case (_, nil):
            return Message(N_("session {session} of {started} waits for a newer club server: its bundle is format {format}, which the server refused as unknown (kept here, sent once the server takes it)"), values)
        default:
            return Message(N_("session {session} of {started} waits for a newer club server: its bundle is format {format}, the server takes {listed} (kept here, sent once the server takes it)"), values)
        }
    }

    static func waitingLine(_ session: UUID, format: Int, club formats: [Int]?) -> Message {
        waitingLine(session, format: format, listed: SessionUpload.listing(formats))
    }

    /// "10:42" today, "2026-11-25 10:42" before, "never".
    static func when(_ ms: Int64?, now: Date, timeZone: TimeZone, words: Translator = .english) -> String {
        guard let ms else { return words.tr("never", context: "last sync") }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let date = Date(timeIntervalSince1970: Double(ms) / 1000)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let time = String(format: "%02d:%02d", c.hour!, c.minute!)
        return calendar.isDate(date, inSameDayAs: now) ? time : String(format: "%04d-%02d-%02d ", c.year!, c.month!, c.day!) + time
    }
}

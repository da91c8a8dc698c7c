import Foundation
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
    /// Why the last pass stopped short; nil when it went through.
    public var lastProblem: String?
    /// Sessions the club refused for good (outside its bounds): kept here, not sent again.
    public var sessionsRefused: [SessionRefusedByClub] = []
    /// Players whose missing consent holds sessions here (the club requires it), one line each (`ConsentHold.line`).
    public var heldForConsent: [String] = []
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
            let counts = try store.clubOutboxCounts(), state = try store.clubSyncState()
            return ClubStatus(joined: link != nil, server: link?.server, club: link?.clubName, kiosk: link?.kioskName,
                              sessionsWaiting: counts.sessions, deletionsWaiting: counts.tombstones, rosterEditsWaiting: counts.rosterEdits,
                              lastSyncMs: state.lastSyncMs, lastProblem: state.lastProblem, sessionsRefused: try store.sessionsRefusedByClub(),
                              heldForConsent: try store.consentHolds().map(\.line),
                              sessionsWaitingForNewerServer: try store.sessionsWaitingForNewerServer())
        } catch {
            throw .local("the sync state cannot be read: \(error)")
        }
    }

    /// "3 sessions waiting · last sync 10:42 · club.example.org"
    public func line(now: Date = Date(), timeZone: TimeZone = .current) -> String {
        let counts = ClubOutboxCounts(sessions: sessionsWaiting, tombstones: deletionsWaiting, rosterEdits: rosterEditsWaiting)
        let host = server.flatMap { URLComponents(string: $0)?.host } ?? "no club"
        let refused = sessionsRefused.isEmpty ? [] : ["\(sessionsRefused.count) session\(sessionsRefused.count == 1 ? "" : "s") refused by the club"]
        let held = heldForConsent.isEmpty ? [] : ["sessions of \(heldForConsent.count) player\(heldForConsent.count == 1 ? "" : "s") held for consent"]
        let newer = sessionsWaitingForNewerServer.isEmpty ? [] : [Self.newerServerSummary(sessionsWaitingForNewerServer.count)]
        return ([counts.summary] + refused + held + newer + ["last sync " + Self.when(lastSyncMs, now: now, timeZone: timeZone), joined ? host : "no club (sideline club join URL CODE)"])
            .joined(separator: " · ")
    }

    /// One line per session the club refused: which (its uuid and start) and why.
    public func refusedLines(timeZone: TimeZone = .current) -> [String] {
        sessionsRefused.map { r in
            "session \(r.uuid.uuidString.lowercased()) of \(Self.when(r.startedMs, now: .distantPast, timeZone: timeZone)) not uploaded, for good: \(r.reason)"
        }
    }

    /// One line per session waiting for a newer club server: which, and what the server takes.
    public func newerServerLines(timeZone: TimeZone = .current) -> [String] {
        sessionsWaitingForNewerServer.map { w in
            Self.waitingLine(w.uuid, started: Self.when(w.startedMs, now: .distantPast, timeZone: timeZone), format: w.waiting.format,
                             listed: w.waiting.listed)
        }
    }

    /// "2 sessions wait for a newer club server".
    static func newerServerSummary(_ count: Int) -> String {
        "\(count) session\(count == 1 ? " waits" : "s wait") for a newer club server"
    }

    /// "session … waits for a newer club server: its bundle is format 3, the server takes 1,2 (kept here, sent once it takes it)".
    static func waitingLine(_ session: UUID, started: String? = nil, format: Int, listed: String?) -> String {
        "session \(session.uuidString.lowercased())\(started.map { " of \($0)" } ?? "") waits for a newer club server: its bundle is format \(format), "
            + (listed.map { "the server takes \($0)" } ?? "which the server refused as unknown")
            + " (kept here, sent once the server takes it)"
    }

    static func waitingLine(_ session: UUID, format: Int, club formats: [Int]?) -> String {
        waitingLine(session, format: format, listed: SessionUpload.listing(formats))
    }

    /// "10:42" today, "2026-11-25 10:42" before, "never".
    static func when(_ ms: Int64?, now: Date, timeZone: TimeZone) -> String {
        guard let ms else { return "never" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let date = Date(timeIntervalSince1970: Double(ms) / 1000)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let time = String(format: "%02d:%02d", c.hour!, c.minute!)
        return calendar.isDate(date, inSameDayAs: now) ? time : String(format: "%04d-%02d-%02d ", c.year!, c.month!, c.day!) + time
    }
}

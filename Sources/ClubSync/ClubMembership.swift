import ClubProtocol
import Diagnostics
import Foundation
import Localization
import Logging
import Store

/// Joining a club (`sideline club join URL CODE`) and leaving it.
public enum ClubMembership {
    /// Trades the one-time code for the kiosk's token, keeps the link beside the database, and
    /// queues the kiosk's whole roster for the club (its sessions wait in the outbox already).
    public static func join(store: SidelineStore, server text: String, code: String, caFile: String?) throws(ClubSyncError) -> ClubLink {
        let (server, code) = try checked(server: text, code: code)
        if let caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else { throw .invalid(Message(N_("cannot read the CA file {file}"), ["file": caFile])) }
        }
        if let existing = try ClubLink.load(forDatabase: store.path) {
            throw .invalid(Message(N_("this kiosk is in the club {club} at {server} already (sideline club leave first)"), ["club": "\(existing.clubName)", "server": "\(existing.server)"]))
        }
        let enrolment: Enrolment
        do {
            enrolment = try ClubAPI(server: server, token: nil, http: ClubHTTP(caFile: caFile)).enrol(code: code)
        } catch .refused(_, let status, let message) where status == 404 || status == 401 || status == 400 || status == 410 {
            throw .invalid(Message(N_("{host} refused the code: {message}"), ["host": "\(server.host)", "message": "\(message)"]))
        }
        let link = ClubLink(server: server.description, token: enrolment.token, clubName: enrolment.clubName,
                            kioskID: enrolment.kioskID, kioskName: enrolment.kioskName, caFile: caFile.map(absolute))
        try link.save(forDatabase: store.path)
        ClubSyncPace.forget(forDatabase: store.path)
        do {
            try store.queueWholeRosterForClub(forgettingTombstones: true)
        } catch {
            throw .local(Message(N_("joined, but the roster could not be queued for the club: {error}"), ["error": "\(error)"]))
        }
        Diagnostics.logger("club").notice("joined the club \(enrolment.clubName) at \(server) as \(enrolment.kioskName)")
        return link
    }

    /// The address and the code as typed (on the command line or the kiosk's screen), or what is
    /// wrong with them — before anything is sent.
    public static func checked(server text: String, code: String) throws(ClubSyncError) -> (ClubServerURL, String) {
        let server = try ClubServerURL(text)
        let code = code.trimmingCharacters(in: .whitespaces)
        guard (1...200).contains(code.count) else { throw .invalid(Message(N_("the enrolment code is the last line `sideline-club add-kiosk` printed"))) }
        return (server, code)
    }

    /// What leaving did on the server.
    public enum ServerSide: Sendable, Equatable {
        /// The server revoked the token.
        case revoked
        /// The server no longer knew the token (revoked or replaced before).
        case unknownThere
        /// No answer, or a refusal: the token may still work there until the admin revokes the kiosk.
        case notRevoked(ClubSyncError)
        /// Not asked yet (the kiosk's screen, whose loop never waits for the network: the next pass
        /// asks, `LeftClubLink`).
        case notAsked
    }

    /// Revokes the kiosk's token on the server when it answers (a few seconds at most), then forgets it
    /// here (and a join typed on the kiosk that waits) whatever the server said: a kiosk can always leave.
    /// Everything recorded, and what waits in the outbox, stays.
    public static func leave(store: SidelineStore, revokingOnServer: Bool = true) throws(ClubSyncError) -> (link: ClubLink, server: ServerSide) {
        guard let link = try ClubLink.load(forDatabase: store.path) else { throw .notJoined }
        let server: ServerSide
        if revokingOnServer {
            server = revoke(link)
            try ClubLink.remove(forDatabase: store.path)
        } else {
            // The kiosk's screen: out of the club at once, the token revoked by the next pass.
            try LeftClubLink.keepForRevocation(forDatabase: store.path)
            server = .notAsked
        }
        try forgetPendingJoin(store: store)
        return (link, server)
    }

    static func revoke(_ link: ClubLink) -> ServerSide {
        do {
            var http = ClubHTTP(caFile: link.caFile)
            // Leaving must not hang on a dead network: the local half goes on either way.
            http.connectTimeoutSeconds = 5
            http.lowSpeedSeconds = 10
            try ClubAPI(server: try ClubServerURL(link.server), token: link.token, http: http).leave()
            return .revoked
        } catch .refused(_, 401, _) {
            return .unknownThere
        } catch {
            return .notRevoked(error)
        }
    }

    /// A join typed on the kiosk is typed again or given up: the old one and its problem go.
    public static func forgetPendingJoin(store: SidelineStore) throws(ClubSyncError) {
        try PendingClubJoin.remove(forDatabase: store.path)
        do { try store.clearClubProblem() } catch { throw .local(Message(N_("the sync state could not be written: {error}"), ["error": "\(error)"])) }
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

import ClubProtocol
import Foundation
import Logging
import Store

/// Joining a club (`sideline club join URL CODE`) and leaving it.
public enum ClubMembership {
    /// Trades the one-time code for the kiosk's token, keeps the link beside the database, and
    /// queues the kiosk's whole roster for the club (its sessions wait in the outbox already).
    public static func join(store: SidelineStore, server text: String, code: String, caFile: String?) throws(ClubSyncError) -> ClubLink {
        let server = try ClubServerURL(text)
        let code = code.trimmingCharacters(in: .whitespaces)
        guard (1...200).contains(code.count) else { throw .invalid("the enrolment code is the last line `sideline-club add-kiosk` printed") }
        if let caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else { throw .invalid("cannot read the CA file \(caFile)") }
        }
        if let existing = try ClubLink.load(forDatabase: store.path) {
            throw .invalid("this kiosk is in the club \(existing.clubName) at \(existing.server) already (sideline club leave first)")
        }
        let enrolment: Enrolment
        do {
            enrolment = try ClubAPI(server: server, token: nil, http: ClubHTTP(caFile: caFile)).enrol(code: code)
        } catch .refused(_, let status, let message) where status == 404 || status == 401 || status == 400 || status == 410 {
            throw .invalid("\(server.host) refused the code: \(message)")
        }
        let link = ClubLink(server: server.description, token: enrolment.token, clubName: enrolment.clubName,
                            kioskID: enrolment.kioskID, kioskName: enrolment.kioskName, caFile: caFile.map(absolute))
        try link.save(forDatabase: store.path)
        do {
            try store.queueWholeRosterForClub(forgettingTombstones: true)
        } catch {
            throw .local("joined, but the roster could not be queued for the club: \(error)")
        }
        Logger(label: "sideline.club").notice("joined the club \(enrolment.clubName) at \(server) as \(enrolment.kioskName)")
        return link
    }

    /// Forgets the token; everything recorded, and what waits in the outbox, stays.
    public static func leave(store: SidelineStore) throws(ClubSyncError) -> ClubLink {
        guard let link = try ClubLink.load(forDatabase: store.path) else { throw .notJoined }
        try ClubLink.remove(forDatabase: store.path)
        return link
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

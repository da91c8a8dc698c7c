import Foundation
import Localization

/// The link of a club this kiosk left from its own screen, kept beside the database
/// (`<database>.club-left`, the link file moved there, still readable by its user only) until a
/// pass has had the server revoke its token. The screen's loop never waits for the network, so the
/// revocation is the next pass's first job — in the kiosk's worker or the appliance's sync service.
public enum LeftClubLink {
    public static func path(forDatabase database: String) -> String { database + ".club-left" }

    /// Leaves here and now: the link moves aside (one rename, so the kiosk is out of the club at
    /// once), the token kept only for the pass that revokes it.
    static func keepForRevocation(forDatabase database: String) throws(ClubSyncError) {
        let from = ClubLink.path(forDatabase: database), to = path(forDatabase: database)
        guard rename(from, to) == 0 else { throw .local(Message(N_("cannot move {from} aside: {reason}"), ["from": "\(from)", "reason": "\(String(cString: strerror(errno)))"])) }
    }

    /// Has the server revoke the left club's token, if one waits; the file goes once the server
    /// revoked it or no longer knows it, and stays for the next pass when the server did not answer.
    /// nil when nothing waited (or the file was damaged: it goes, as it holds no token anyone can use).
    static func settle(forDatabase database: String) -> (ClubLink, ClubMembership.ServerSide)? {
        let path = path(forDatabase: database)
        let link: ClubLink
        do {
            guard let found = try ClubLink.load(path: path) else { return nil }
            link = found
        } catch {
            try? ClubLink.remove(path: path)
            return nil
        }
        let server = ClubMembership.revoke(link)
        switch server {
        case .revoked, .unknownThere: try? ClubLink.remove(path: path)
        case .notRevoked, .notAsked: break
        }
        return (link, server)
    }
}

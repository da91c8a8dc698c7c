import Foundation
import Localization

/// A join typed on the kiosk's screen, waiting for the next pass to do it (`<database>.club-join`,
/// mode 0600; JSON `{"url": …, "code": …}`). The kiosk only writes it: on the appliance the process
/// that draws the screen has no network, and the sync service (`sideline club sync`) does the join —
/// the same code as the kiosk's own background worker runs elsewhere (`ClubSyncRun`).
public struct PendingClubJoin: Codable, Sendable, Equatable {
    public var url: String
    public var code: String

    public init(url: String, code: String) {
        self.url = url
        self.code = code
    }

    /// The address and code as a join takes them, or why not (the CLI's rule: `ClubMembership.checked`).
    public static func checked(url: String, code: String) throws(ClubSyncError) -> PendingClubJoin {
        let (server, code) = try ClubMembership.checked(server: url, code: code)
        return PendingClubJoin(url: server.description, code: code)
    }

    /// The server's host as a person names it ("club.example.org").
    public var host: String { (try? ClubServerURL(url))?.host ?? url }

    public static func path(forDatabase database: String) -> String { database + ".club-join" }

    /// The join waiting beside `database`; nil when there is none (or it cannot be read: it is removed
    /// then, since no pass could ever do it).
    public static func load(forDatabase database: String) -> PendingClubJoin? {
        let path = path(forDatabase: database)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(PendingClubJoin.self, from: data)
    }

    public func save(forDatabase database: String) throws(ClubSyncError) {
        let data: Data
        do { data = try JSONEncoder().encode(self) } catch { throw .local(Message(N_("cannot encode the join: {error}"), ["error": "\(error)"])) }
        try OwnerOnlyFile.replace(Self.path(forDatabase: database), with: data, ownedLike: database)
    }

    public static func remove(forDatabase database: String) throws(ClubSyncError) {
        let path = path(forDatabase: database)
        guard unlink(path) == 0 || errno == ENOENT else { throw .local(Message(N_("cannot remove {path}: {reason}"), ["path": "\(path)", "reason": "\(String(cString: strerror(errno)))"])) }
    }
}

import Foundation
import Localization

/// The kiosk's membership of a club: the server, its token, who it is there. Kept in a file of
/// its own beside the database (`<database>.club`, mode 0600), not in the database and not in
/// /etc/sideline/sideline.conf:
/// - the database travels: every backup (on a USB stick too) is a copy of it, and a token in it
///   would leave the kiosk on every stick; a restore would also put back an older link;
/// - the config file is root's, and the kiosk's user must be able to join from its own screen.
public struct ClubLink: Codable, Sendable, Equatable {
    public var server: String
    public var token: String
    public var clubName: String
    public var kioskID: UUID
    public var kioskName: String
    /// The club's own CA certificate (PEM), when its server's certificate is not from a public CA.
    public var caFile: String?

    public init(server: String, token: String, clubName: String, kioskID: UUID, kioskName: String, caFile: String?) {
        self.server = server
        self.token = token
        self.clubName = clubName
        self.kioskID = kioskID
        self.kioskName = kioskName
        self.caFile = caFile
    }

    /// The origin this kiosk's roster edits carry (as the server names kiosks).
    public var origin: String { "kiosk:\(kioskID.uuidString.lowercased())" }

    public static func path(forDatabase database: String) -> String { database + ".club" }

    /// The link beside `database`, nil when the kiosk is in no club.
    public static func load(forDatabase database: String) throws(ClubSyncError) -> ClubLink? {
        try load(path: path(forDatabase: database))
    }

    /// The link kept in the file at `path`, nil when there is none.
    static func load(path: String) throws(ClubSyncError) -> ClubLink? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw .local(Message(N_("cannot read {path}"), ["path": "\(path)"])) }
        do {
            return try JSONDecoder().decode(ClubLink.self, from: data)
        } catch {
            throw .local(Message(N_("{path} is damaged; `sideline club leave` and join again"), ["path": "\(path)"]))
        }
    }

    /// Writes the link atomically, readable by this user only (it holds the kiosk's token).
    public func save(forDatabase database: String) throws(ClubSyncError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            data = try encoder.encode(self)
        } catch {
            throw .local(Message(N_("cannot write {path}: {error}"), ["path": "\(Self.path(forDatabase: database))", "error": "\(error)"]))
        }
        try OwnerOnlyFile.replace(Self.path(forDatabase: database), with: data, ownedLike: database)
    }

    /// Forgets the link (the token); the database keeps everything.
    public static func remove(forDatabase database: String) throws(ClubSyncError) {
        try remove(path: path(forDatabase: database))
    }

    static func remove(path: String) throws(ClubSyncError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard unlink(path) == 0 else { throw .local(Message(N_("cannot remove {path}: {reason}"), ["path": "\(path)", "reason": "\(String(cString: strerror(errno)))"])) }
    }
}

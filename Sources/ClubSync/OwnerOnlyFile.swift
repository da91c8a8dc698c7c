import Foundation
import Localization

/// The small files the club sync keeps beside the database (the link, a pending join): written
/// whole or not at all (a temporary file, fsync, rename), readable by their owner only (they hold
/// a token or a one-time code), and the database's owner's when root writes them over SSH — or the
/// kiosk's service could not read them.
enum OwnerOnlyFile {
    static func replace(_ path: String, with data: Data, ownedLike database: String) throws(ClubSyncError) {
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw .local(Message(N_("cannot write {path}"), ["path": "\(temporary)"]))
        }
        var owner = stat()
        if geteuid() == 0, stat(database, &owner) == 0 { _ = chown(temporary, owner.st_uid, owner.st_gid) }
        let fd = open(temporary, O_RDONLY)
        if fd >= 0 { fsync(fd); close(fd) }
        guard rename(temporary, path) == 0 else { throw .local(Message(N_("cannot write {path}: {reason}"), ["path": "\(path)", "reason": "\(String(cString: strerror(errno)))"])) }
    }
}

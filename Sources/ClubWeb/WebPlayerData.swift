import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The admin's "Download this player's data (ZIP)": the archive `sideline-club player-data` writes, built in a
/// private temporary folder (never in memory), then streamed from the open file, which is unlinked at once so
/// nothing stays on the server's disk whatever becomes of the download. A GET that changes nothing.
struct WebPlayerData: Sendable {
    let storage: any WebRosterStorage

    /// What each read of the file sends.
    static let chunk = 64 * 1024

    func download(_ user: WebUser, team uuid: UUID, player: UUID) async throws -> Response {
        guard user.isAdmin else { throw ClubError.notFound("There is no such page.") }
        let (name, roster) = try await storage.team(uuid, visibleTo: user)
        guard roster.players[player] != nil, roster.member(team: uuid, player: player) != nil else {
            throw ClubError.notFound("No player \(player.uuidString.lowercased()) on \(name).")
        }
        // Logged before anything is answered (decision 071), by the player's digest as every line.
        try await storage.record(.download("player data ZIP", team: uuid, player: player), by: .web(user))
        let folder = NSTemporaryDirectory() + "sideline-player-data-" + UUID().uuidString.lowercased()
        guard mkdir(folder, 0o700) == 0 else { throw ClubError(.unavailable, "the server cannot make a temporary folder: \(String(cString: strerror(errno)))") }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try await storage.writePlayerData(player, club: user.club, to: folder)
        let file = try OpenedFile(path)
        // The journal outlives an erasure: the player is in the access log (by digest), not here.
        storage.logger.notice("web: '\(user.email)' downloaded a player's data (\(file.size) bytes)")
        let fileName = (path as NSString).lastPathComponent.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        return Response(status: .ok, headers: [.contentType: "application/zip", .cacheControl: "private, no-store",
                                               .contentDisposition: "attachment; filename=\"\(fileName)\""],
                        body: ResponseBody(contentLength: file.size) { writer in
                            while let bytes = try file.read(Self.chunk) { try await writer.write(ByteBuffer(bytes: bytes)) }
                            try await writer.finish(nil)
                        })
    }
}

/// A file opened for reading and unlinked at once: the descriptor keeps its bytes until it is closed (when
/// the response is done with it, or dropped unsent).
private final class OpenedFile: Sendable {
    let fd: Int32
    let size: Int

    init(_ path: String) throws {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ClubError(.unavailable, "the server cannot read the archive it wrote: \(String(cString: strerror(errno)))") }
        var info = stat()
        size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        unlink(path)
    }

    deinit { close(fd) }

    /// The next bytes, nil at the end. Reads of one file in turn (the response body's loop): the offset is the kernel's.
    func read(_ count: Int) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw ClubError(.unavailable, "reading the archive: \(String(cString: strerror(errno)))") }
            return n == 0 ? nil : Array(buffer.prefix(n))
        }
    }
}

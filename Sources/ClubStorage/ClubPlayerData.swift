import ClubProtocol
import Exports
import Foundation
import Localization
import Logging
import PostgresNIO
import Synchronization
import TeamCore

/// A player's own data from the club (GDPR Art. 15 and 20) as one ZIP: the profile from the roster,
/// then every finished session of theirs, one stored bundle at a time (through the bundle gate, as a
/// commit: decision 069), handed to the builder both products share (`PlayerDataArchive`). The archive
/// grows on disk, never in memory: `sideline-club player-data` and the admin's download on the web.
public enum ClubPlayerData {
    /// Writes the archive into `directory` (which must exist) and returns its path; nothing is left
    /// behind on a failure. A player the club does not know is `ClubError.notFound`; a file that cannot be
    /// written (a full disk) `.unavailable`, with the reason.
    public static func write(player: UUID, club: UUID, database: ClubDatabase, to directory: String, now: Date = Date()) async throws -> String {
        let logger = database.logger
        let (profile, sessions, thresholds) = try await database.inClub(club) { c in
            let roster = try await ClubRoster.load(in: c, logger: logger)
            let sessions = try await c.collect("""
                SELECT s.uuid FROM session s
                WHERE s.state IN ('ended', 'interrupted') AND s.uuid IN (SELECT session_uuid FROM session_participant WHERE player_uuid = \(player))
                ORDER BY s.started_ms, s.uuid
                """, logger: logger).decode(UUID.self).all()
            guard let p = roster.players[player], !p.deleted || !sessions.isEmpty else {
                guard !sessions.isEmpty else { throw ClubError.notFound(Message(N_admin("the club knows no player {player}; nothing was written"), ["player": player.uuidString.lowercased()])) }
                return (Self.unnamed(player), sessions, try await ClubSettings.load(in: c, logger: logger).loadStatus)
            }
            let teams = roster.members.filter { $0.player == player && !$0.deleted }.compactMap { m in
                roster.teams[m.team].flatMap { $0.deleted ? nil : PlayerDataArchive.Profile.Membership(team: $0.name, shirtNumber: m.shirtNumber) }
            }.sorted { $0.team.lowercased() < $1.team.lowercased() }
            let photo = try await ClubRoster.photo(of: player, in: c, logger: logger)
            let profile = PlayerDataArchive.Profile(uuid: player, firstName: p.firstName, lastName: p.lastName, birthYear: p.birthYear, sex: p.sex,
                                                    weightKg: p.weightKg, restingHR: p.restingHR, measuredMaxHR: p.maxHR, teams: teams,
                                                    consent: p.consent, photoJPEG: photo.map { [UInt8]($0) })
            return (profile, sessions, try await ClubSettings.load(in: c, logger: logger).loadStatus)
        }
        let archive: LockedArchive
        do {
            archive = LockedArchive(try PlayerDataArchive(directory: directory, profile: profile, thresholds: thresholds, now: now))
        } catch let failure as ArchiveFile.Failure {
            throw ClubError(.unavailable, failure.description)
        }
        do {
            for session in sessions {
                try await database.withBundle {
                    guard let bundle = try await database.inClub(club, { c in try await SessionStore.bundle(session, in: c, logger: logger) }) else { return }
                    let source = bundle.analysisInput()
                    guard let (id, _) = source.identities.players.first(where: { $0.value.uuid == player }),
                          let place = source.input.players.first(where: { $0.playerID == id }) else { return }
                    let part = PlayerDataArchive.PlayerSession(
                        session: source.input.session, teamName: source.identities.teamName, stem: SessionDocument.stem(source),
                        label: session.uuidString.lowercased(), sessionUUID: session, player: place,
                        samples: source.input.samples[id] ?? [], rrIntervals: source.input.rrIntervals[id] ?? [], laps: source.input.laps,
                        drills: source.input.drills,
                        straps: source.identities.straps.mapValues(\.address), rating: source.ratings[id])
                    // Analysing and encoding take CPU: off the server's event loops, as the session files are.
                    try await offTheLoop { try archive.writer.withLock { try $0.add(part) } }
                }
            }
            return try await offTheLoop { try archive.writer.withLock { try $0.finish() } }
        } catch {
            archive.writer.withLock { $0.discard() }
            // A full disk is the server's trouble, said as it is.
            if let failure = error as? ArchiveFile.Failure { throw ClubError(.unavailable, failure.description) }
            if let failure = error as? ZipWriter.Failure { throw ClubError(.unavailable, failure.description) }
            throw error
        }
    }

    /// A player who is in sessions but on no roster any more: named by their UUID.
    static func unnamed(_ player: UUID) -> PlayerDataArchive.Profile {
        .init(uuid: player, firstName: "Player", lastName: String(player.uuidString.lowercased().prefix(8)), birthYear: nil, sex: "",
              weightKg: nil, restingHR: nil, measuredMaxHR: nil, teams: [], photoJPEG: nil)
    }

    static func offTheLoop<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// The one writer, handed from a task to a dispatch queue and back: the lock proves to the compiler that no
/// two touch it at once (they never do: each session waits for the one before).
private final class LockedArchive: Sendable {
    let writer: Mutex<PlayerDataArchive>
    init(_ archive: sending PlayerDataArchive) { writer = Mutex(archive) }
}

import Analytics
import Exports
import Foundation
import Localization
import Store
import TeamCore

/// A player's own data from the kiosk's store as one ZIP (`PlayerDataArchive`): `sideline player-data`
/// and the kiosk's All players → "Data". Every finished session of theirs (any team), oldest first,
/// one at a time; a session still recording is left out.
public enum StoredPlayerData {
    /// Writes the archive into `directory` (made if missing) and returns its path; on any failure no
    /// file is left behind.
    public static func write(store: SidelineStore, playerID: Int64, to directory: String, now: Date = Date()) throws -> String {
        guard let overview = try store.allPlayers().first(where: { $0.playerID == playerID }) else { throw StoreError.unknownPlayer(playerID) }
        let p = overview.player
        let profile = PlayerDataArchive.Profile(
            uuid: p.uuid, firstName: p.firstName, lastName: p.lastName, birthYear: p.birthYear, sex: p.sex.rawValue, weightKg: p.weightKg,
            restingHR: p.restingHR, measuredMaxHR: p.measuredMaxHR,
            teams: overview.teams.map { .init(team: $0.name, shirtNumber: $0.shirtNumber) }, consent: p.consent, photoJPEG: try store.playerPhoto(playerID))
        let path = (directory as NSString).appendingPathComponent(PlayerDataArchive.fileName(profile, on: now))
        try ExportFile.makeFolder(directory, for: path)
        do {
            return try write(profile, of: playerID, store: store, to: directory, now: now)
        } catch let failure as ArchiveFile.Failure {
            throw StoreError.cannotWriteExport(path: failure.path, reason: Message(failure.reason))
        }
    }

    private static func write(_ profile: PlayerDataArchive.Profile, of playerID: Int64, store: SidelineStore, to directory: String,
                              now: Date) throws -> String {
        let archive = try PlayerDataArchive(directory: directory, profile: profile, thresholds: LoadStatusThresholds(settings: store.kioskSettings()),
                                            now: now)
        do {
            let straps = try store.strapAddresses()
            for session in try store.sessions(ofPlayer: playerID) where session.state == .ended || session.state == .interrupted {
                guard let player = try store.sessionPlayers(session.id).first(where: { $0.playerID == playerID }) else { continue }
                // The team as the session recorded it, as the club's archive names it (decision 074).
                let team = try store.sessionNames(session.id).team
                let series = try store.recordedSeries(session.id)
                try archive.add(.init(session: session, teamName: team,
                                      stem: ExportNaming.sessionStem(team: team, startedAt: session.startedAt, sessionID: session.id),
                                      label: "\(session.id)", sessionUUID: session.uuid, player: player,
                                      samples: series.samples[playerID] ?? [], rrIntervals: series.rrIntervals[playerID] ?? [],
                                      laps: try store.laps(session.id), drills: try store.sessionDrills(session.id), straps: straps, rating: try store.sessionRatings(session.id)[playerID]))
            }
            return try archive.finish()
        } catch {
            archive.discard()
            throw error
        }
    }
}

import Foundation
import Store

/// The backup checker on any bytes, as a file: it refuses or accepts, never traps; and what it
/// accepts, Sideline can open (migrating an older schema) and read — teams, rosters, straps,
/// sessions, settings — without a trap. Seeds are real backups (page size 1024, to keep them small).
/// In memory (/dev/shm) where there is one: opening the store syncs to disk at every step.
let folder = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()) + "sideline-fuzz-backup-\(getpid())"
let backup = folder + "/backup.sqlite"
let database = folder + "/sideline.sqlite"

func fuzzOne(_ bytes: [UInt8]) {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for path in [backup, database] {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    guard FileManager.default.createFile(atPath: backup, contents: Data(bytes)),
          (try? DatabaseRestore.check(backup)) != nil else { return }
    // What was accepted is the database now (the restore copies its pages as they are).
    guard (try? FileManager.default.copyItem(atPath: backup, toPath: database)) != nil else { return }
    guard let store = try? SidelineStore(path: database, recovering: false) else { return }
    let teams = (try? store.teams()) ?? []
    for team in teams.prefix(8) { _ = try? store.roster(teamID: team.team.id ?? 0) }
    _ = try? store.straps()
    _ = try? store.allPlayers()
    _ = try? store.sessions()
    _ = store.kioskSettings()
}

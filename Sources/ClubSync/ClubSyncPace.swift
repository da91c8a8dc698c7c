import Foundation
import Localization
import TeamCore

/// When the appliance's next timed pass is due (`sideline club sync --when-due`). Its timer starts the
/// one-shot sync service every 5 minutes whatever the last pass met, so the wait `ClubSyncSchedule`
/// chose after it — an hour once the club refused this kiosk's token, up to 15 minutes while the club
/// cannot be reached — is kept beside the database (`<database>.club-sync-pace`, JSON) for the next
/// start to honour: a revoked kiosk left on all season does not knock at the club's door every 5 minutes.
/// What a person does is never held back: a pass the kiosk asked for (Sync now, a saved session:
/// `ClubSyncRequest`), a join typed or a club left on its screen, or `sideline club sync` typed by hand.
public struct ClubSyncPace: Codable, Sendable, Equatable {
    /// When the last pass started (Unix ms, this board's clock).
    public var startedMs: Int64
    /// When the next timed pass is due (Unix ms).
    public var dueMs: Int64
    /// Passes in a row that could not reach the club (the schedule's back-off goes on from there).
    public var unreachableInARow: Int

    public init(startedMs: Int64, dueMs: Int64, unreachableInARow: Int) {
        self.startedMs = startedMs
        self.dueMs = dueMs
        self.unreachableInARow = unreachableInARow
    }

    /// A timer's start this much before `dueMs` is due all the same: the timer fires 5 minutes after the
    /// last start, give or take its randomised minute, so the normal interval never skips a pass.
    static let timerSlackMs: Int64 = 90_000

    /// The pace after `run`, which started at `started`, `previous` being the one before it.
    public static func after(_ run: ClubSyncRun, startedAt started: Date, previous: ClubSyncPace?,
                             schedule: ClubSyncSchedule = ClubSyncSchedule()) -> ClubSyncPace {
        var schedule = schedule
        schedule.unreachableInARow = previous?.unreachableInARow ?? 0
        let wait = schedule.next(after: run)
        let startedMs = started.unixMs
        return ClubSyncPace(startedMs: startedMs, dueMs: startedMs + Int64(wait * 1000), unreachableInARow: schedule.unreachableInARow)
    }

    /// Whether a timed pass at `now` is due: `askedAt` is when the kiosk last asked for one (nil: never);
    /// `waitsOnScreen`, a join typed or a club left there waits to be done.
    public func isDue(now: Date, askedAt: Date?, waitsOnScreen: Bool, schedule: ClubSyncSchedule = ClubSyncSchedule()) -> Bool {
        let nowMs = now.unixMs
        if waitsOnScreen { return true }
        if let askedAt, askedAt.unixMs >= startedMs { return true }
        // The board's clock went back (no real-time clock: set by the network after power on), or a wait longer
        // than any the schedule makes: the kept times say nothing any more.
        let longest = Int64(max(schedule.revokedSeconds, schedule.intervalSeconds, schedule.backoffSeconds.max() ?? 0) * 1000)
        if nowMs < startedMs || dueMs - nowMs > longest { return true }
        return nowMs >= dueMs - Self.timerSlackMs
    }

    public static func path(forDatabase database: String) -> String { database + ".club-sync-pace" }

    /// The pace kept beside `database`; nil when there is none or it cannot be read (then the pass is due).
    public static func load(forDatabase database: String) -> ClubSyncPace? {
        // At most a few bytes read, whatever the file has become.
        guard let file = FileHandle(forReadingAtPath: path(forDatabase: database)) else { return nil }
        defer { try? file.close() }
        guard let data = try? file.read(upToCount: 4097), data.count <= 4096 else { return nil }
        return try? JSONDecoder().decode(ClubSyncPace.self, from: data)
    }

    public func save(forDatabase database: String) throws(ClubSyncError) {
        // Three integers: encoding them cannot fail.
        guard let data = try? JSONEncoder().encode(self) else { return }
        try OwnerOnlyFile.replace(Self.path(forDatabase: database), with: data, ownedLike: database)
    }

    /// A new link (a join): whatever the old token met says nothing about the new one.
    public static func forget(forDatabase database: String) {
        _ = unlink(path(forDatabase: database))
    }
}

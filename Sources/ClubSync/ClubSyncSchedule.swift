/// When the background worker runs its next pass: every few minutes while the club answers, sooner
/// after a session is saved, and backing off while the network is down (so a kiosk on a pitch
/// without a link does not spend its battery and log on a pass every few seconds).
public struct ClubSyncSchedule: Sendable, Equatable {
    public var intervalSeconds: Double = 300
    /// Waits after 1, 2, 3… passes in a row that could not reach the club.
    public var backoffSeconds: [Double] = [30, 60, 120, 300, 600, 900]
    /// A pass after a session was saved waits this long (the analysis warms its cache first).
    public var afterSessionSeconds: Double = 5
    /// After the server said it no longer knows this kiosk (401: revoked): nothing changes that until someone
    /// joins again on the kiosk, which asks for a pass at once (`ClubSyncWorker.passNow`). An hour, not every few
    /// minutes, so a revoked kiosk left on all season does not knock at the club's door (and its log) all day.
    public var revokedSeconds: Double = 3600
    /// Passes in a row that could not reach the club (kept between the appliance's one-shot passes: `ClubSyncPace`).
    public var unreachableInARow = 0

    public init() {}

    /// The wait before the next pass, after one that ended with `report`.
    public mutating func next(after report: ClubSyncReport) -> Double {
        if case .unreachable = report.problem {
            unreachableInARow += 1
            return backoffSeconds[min(unreachableInARow, backoffSeconds.count) - 1]
        }
        unreachableInARow = 0
        if case .refused(_, 401, _) = report.problem { return revokedSeconds }
        return intervalSeconds
    }

    /// The wait before the next pass, after a whole run (a join typed on the kiosk first, then a pass).
    public mutating func next(after run: ClubSyncRun) -> Double {
        switch run {
        case .notInClub, .joinRefused: return intervalSeconds
        case .joinWaiting(let error):
            var report = ClubSyncReport()
            report.problem = error
            return next(after: report)
        case .passed(let report, _): return next(after: report)
        }
    }
}

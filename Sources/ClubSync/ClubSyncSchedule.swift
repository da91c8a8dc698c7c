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
    public private(set) var unreachableInARow = 0

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
}

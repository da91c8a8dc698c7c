/// When the background worker runs its next pass: every few minutes while the club answers, sooner
/// after a session is saved, and backing off while the network is down (so a kiosk on a pitch
/// without a link does not spend its battery and log on a pass every few seconds).
public struct ClubSyncSchedule: Sendable, Equatable {
    public var intervalSeconds: Double = 300
    /// Waits after 1, 2, 3… passes in a row that could not reach the club.
    public var backoffSeconds: [Double] = [30, 60, 120, 300, 600, 900]
    /// A pass after a session was saved waits this long (the analysis warms its cache first).
    public var afterSessionSeconds: Double = 5
    public private(set) var unreachableInARow = 0

    public init() {}

    /// The wait before the next pass, after one that ended with `report`.
    public mutating func next(after report: ClubSyncReport) -> Double {
        if case .unreachable = report.problem {
            unreachableInARow += 1
            return backoffSeconds[min(unreachableInARow, backoffSeconds.count) - 1]
        }
        unreachableInARow = 0
        return intervalSeconds
    }
}

import SPSCRing
import TeamCore

/// A producer of sensor events running on its own worker thread: the Bluetooth
/// link manager, the simulated team, a replay. It never touches UI or SQLite.
public protocol SensorSource: AnyObject, Sendable {
    /// The source's monotonic clock, nanoseconds; event timestamps use it.
    func nowNs() -> UInt64
    /// Starts the worker on `straps`: an event names its strap by the strap's place in that table
    /// (`SensorEvent.strap`). Events go into `ring`; `wake` is called (rate-limited by the source)
    /// after pushing, so a sleeping main loop can wake up.
    func start(straps: StrapTable, ring: SPSCRing<SensorEvent>, wake: @escaping @Sendable () -> Void) throws
    /// Stops the worker and waits for it to finish.
    func stop()
    /// The players' workload changes at `atNs` (the source's clock): a session's effort ended, or a new
    /// one starts. Only a source that models the players (the simulation) acts on it.
    func setWorkload(_ workload: Workload, atNs: UInt64)
    /// Straps appended to the table the source runs on (one just paired on the kiosk), in this
    /// order: their events carry the indices that follow the table's. Only the table's owner calls
    /// it (`SensorPump.addStraps`), with straps the table did not have, from one thread; a source
    /// whose straps are all known at start ignores it.
    func addStraps(_ straps: [StrapSlot]) throws
    /// Only these straps (by their index in the table) should hold a connection,
    /// so a small connection budget goes to the players who matter now. Connected straps
    /// left out are let go. Broadcasts are read from any strap.
    func setWanted(_ straps: StrapSelection)
    /// What keeps the source from hearing straps right now (a controller lost and being
    /// reopened), as one line for the coach; nil when all is well. Any thread.
    func problem() -> String?
}

extension SensorSource {
    /// Straps on real chests measure whatever the players do: nothing to tell them.
    public func setWorkload(_ workload: Workload, atNs: UInt64) {}
    public func addStraps(_ straps: [StrapSlot]) throws {}
    public func setWanted(_ straps: StrapSelection) {}
    public func problem() -> String? { nil }
}

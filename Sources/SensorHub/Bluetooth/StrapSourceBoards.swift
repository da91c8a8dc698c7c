import TeamCore

/// What a Bluetooth source and its worker thread share, whichever host drives the radio: each
/// board locks on its own, so the source's caller (the kiosk's loop, `record`, `scan`) and the
/// worker each use them from their own thread. Copies share the same boards.
public struct StrapSourceBoards: Sendable {
    /// Straps heard while discovery (pairing) is on: the worker writes, the caller reads.
    public let discovery = DiscoveryBoard()
    /// What the worker counted (notifications, malformed packets…).
    public let counters = BluetoothCounters()
    /// Which straps of the table were ever heard since the source started.
    public let sightings = StrapSightings()
    /// What connected straps said of themselves (body sensor location, manufacturer).
    public let descriptions = StrapDescriptionBoard()
    /// Straps added while running, taken by the worker in order.
    let inbox = StrapInbox()
    /// Which straps may hold a connection, for the worker to take.
    let wanted = LatestChange<StrapSelection>()
    /// Per controller (bluetoothd's adapter counts as one): why it is down while the worker retries it.
    let status = ControllerStatus()

    init() {}
}

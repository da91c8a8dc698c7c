/// How far a strap's link is, as both Bluetooth paths see it. Where the link is (Sideline's own
/// host: which controller; bluetoothd: its subscription) is the path's own part of the row.
enum StrapLinkPhase: Equatable { case idle, connecting, connected }

/// One strap's row in a `StrapLinkTable`: what both Bluetooth workers keep of it alike, and
/// `path`, what only its own path keeps (`LinkManager.StrapRadio`, `BlueZWorker.StrapDevice`).
///
/// The path's fields read as the row's own (`straps[i].heardBy`, `straps[i].devicePath`): each
/// worker's code then reads as it did when it kept its own rows, and the shared fields stand in
/// one place. A path's field must not take a name the row already has (the row's would win).
@dynamicMemberLookup
struct StrapLink<Path> {
    let address: UInt64
    var phase = StrapLinkPhase.idle
    /// Failed attempts since it last served: the backoff before the next grows with them.
    var failures = 0
    var nextAttemptNs: UInt64 = 0
    /// When it was last heard advertising (0: never), for `StrapLinkPolicy.heardRecently`.
    var lastHeardNs: UInt64 = 0
    /// Heard at all since the source started (told once to `StrapSightings`).
    var sighted = false
    /// It was heard broadcasting its heart rate (Polar), so it can be served without a link.
    var broadcasts = false
    var freshness = BroadcastFreshness()
    var path: Path

    init(address: UInt64, path: Path) {
        self.address = address
        self.path = path
    }

    subscript<Value>(dynamicMember field: KeyPath<Path, Value>) -> Value { path[keyPath: field] }

    subscript<Value>(dynamicMember field: WritableKeyPath<Path, Value>) -> Value {
        get { path[keyPath: field] }
        // In place: a set or a string in the path is not copied to change it.
        _modify { yield &path[keyPath: field] }
    }
}

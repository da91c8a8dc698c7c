import Synchronization
import TeamCore

/// Which straps of the source's table were ever heard — advertising, or on a link — since the
/// source started: the worker marks, and `record` or the kiosk asks at the end which of the
/// roster's straps never were (worn? charged? in range? held by a phone?), rather than leaving a
/// session of zeros to speak for itself.
public final class StrapSightings: Sendable {
    private let heard = Mutex<Set<Int>>([])

    init() {}

    /// The strap at row `position` of the source's table was heard.
    func mark(_ position: Int) {
        _ = heard.withLock { $0.insert(position) }
    }

    /// Whether the strap at this index of the source's table was heard since the source started.
    public func wasHeard(_ strap: StrapIndex) -> Bool {
        heard.withLock { $0.contains(strap.position) }
    }
}

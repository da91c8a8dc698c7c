import Atomics
import CSDL2
import Foundation

/// The sensor worker's way to wake the sleeping SDL loop: a registered user
/// event, pushed at most once per `minIntervalNs` (SDL_PushEvent is thread-safe).
struct WakeSignal: Sendable {
    let eventType: UInt32
    private let lastPushNs = ManagedAtomic<UInt64>(0)
    static let minIntervalNs: UInt64 = 4_000_000

    init?() {
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else { return nil }
        eventType = type
    }

    /// Called on the worker thread after it pushed events into the ring.
    func wake() {
        let now = DispatchTime.now().uptimeNanoseconds
        let last = lastPushNs.load(ordering: .relaxed)
        guard now &- last >= Self.minIntervalNs,
              lastPushNs.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged else { return }
        var event = SDL_Event()
        event.type = eventType
        SDL_PushEvent(&event)
    }
}

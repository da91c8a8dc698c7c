import Atomics
import CSDL2
import Foundation
import Kiosk

/// The sensor worker's way to wake the sleeping SDL loop: a registered user
/// event (SDL_PushEvent is thread-safe). Rate-limited without losing a wake-up:
/// at most one is outstanding; the loop re-arms it just before draining the ring,
/// so an event pushed after that drain always wakes the loop again.
public struct WakeSignal: LoopWake {
    let eventType: UInt32
    private let pending = ManagedAtomic<Bool>(false)
    /// Also signalled on wake, so a loop that sleeps outside SDL (see `KioskApp.waitForEvent`) wakes at once.
    let semaphore = DispatchSemaphore(value: 0)

    public init?() {
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else { return nil }
        eventType = type
    }

    /// Called on the worker thread after it pushed events into the ring.
    public func wake() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var event = SDL_Event()
        event.type = eventType
        SDL_PushEvent(&event)
        semaphore.signal()
    }

    /// Called by the loop right before it drains the ring.
    public func rearm() { pending.store(false, ordering: .releasing) }
}

/// The loop's alarm clock: the sensor worker and background jobs ring it after they leave news
/// (events in the ring, an outcome), from any thread.
public protocol LoopWake: Sendable {
    /// There is news; rate-limited by the implementation without losing one.
    func wake()
    /// Called by the loop right before it reads the ring: a wake-up after this one counts again.
    func rearm()
}

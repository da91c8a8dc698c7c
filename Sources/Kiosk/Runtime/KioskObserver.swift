import TeamCore

/// A benchmark's view of the kiosk: told what happens, with no say in it.
public protocol KioskObserver: AnyObject {
    /// An event left the ring for the reducer (timestamp on the app's clock).
    func pumped(_ event: SensorEvent)
    /// A frame is on screen (monotonic ns).
    func presented(atNs: UInt64)
}

extension KioskObserver {
    public func pumped(_ event: SensorEvent) {}
    public func presented(atNs: UInt64) {}
}

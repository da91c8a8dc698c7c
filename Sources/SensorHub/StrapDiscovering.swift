import SensorCore
/// A source that can list nearby straps for pairing (`sideline scan`, the pairing screen): the
/// Bluetooth sources, whichever host drives them.
public protocol StrapDiscovering: SensorSource {
    /// What the worker counted (notifications, malformed packets, dropped RR…).
    var counters: BluetoothCounters { get }
    func setDiscovery(_ on: Bool)
    func nearbyStraps(maxAgeSeconds: Double) -> [NearbyStrap]
}

import BLEHost
import HeartRateProtocol

/// The whole receive path of the host: H4 framing, HCI events, ACL reassembly,
/// L2CAP signalling/SMP, ATT and the GATT client. The input is a controller's
/// byte stream, split into reads at the first byte's boundaries; whatever it
/// says, the engine must not trap (a failed controller is a legal outcome).
final class Owner: HostEngineDelegate {
    func hostBecameReady(_ host: HostEngine) { host.setScanning(enabled: true, active: false) }
    func host(_ host: HostEngine, failed failure: HostFailure) {}
    func host(_ host: HostEngine, sawAdvertisement report: AdvertisingReport) {
        _ = PolarBroadcast.find(inAdvertisement: report.data)
        host.connect(to: report.address, nowNs: 0)
    }
    func host(_ host: HostEngine, connected handle: UInt16, to peer: BDAddress) {}
    func host(_ host: HostEngine, failedToConnect peer: BDAddress, status: UInt8) {}
    func host(_ host: HostEngine, subscribed handle: UInt16) {}
    func host(_ host: HostEngine, disconnected handle: UInt16, peer: BDAddress, reason: UInt8) {}
    func host(_ host: HostEngine, heartRateMeasurement value: ArraySlice<UInt8>, handle: UInt16) {
        _ = try? HeartRateMeasurement.decode(value)
    }
    func host(_ host: HostEngine, batteryLevel level: UInt8, handle: UInt16) {}
    func host(_ host: HostEngine, discardedMalformed what: String, handle: UInt16?) {}
}

func fuzzOne(_ bytes: [UInt8]) {
    guard let split = bytes.first else { return }
    let owner = Owner()
    var sent = 0
    let engine = HostEngine { _ in sent += 1 }
    engine.delegate = owner
    engine.start(nowNs: 0)
    let stream = bytes.dropFirst()
    let chunk = max(1, Int(split))
    var at = stream.startIndex
    var now: UInt64 = 0
    while at < stream.endIndex {
        let end = min(stream.endIndex, at + chunk)
        engine.receive(stream[at..<end], nowNs: now)
        now += 1_000_000_000
        engine.tick(nowNs: now)
        at = end
    }
}

import HeartRateProtocol
import TeamCore

extension SensorEvent {
    /// A decoded Heart Rate Measurement as the ring event the worker pushes
    /// (public so the worker-cost benchmark runs exactly this code).
    public init(measurement m: HeartRateMeasurement, strap: StrapIndex, nowNs: UInt64) {
        let contact: SensorContact = switch m.contact {
        case .notSupported: .notSupported
        case .notDetected: .notDetected
        case .detected: .detected
        }
        self.init(strap: strap, timestampNs: nowNs, kind: .measurement, bpm: m.heartRate,
                  contact: contact, link: .connected, energyKJ: m.energyExpendedKJ)
        for k in 0..<m.rrCount { appendRR(m.rr[k]) }
    }
}

import TeamCore

/// What counts as a heart rate or an RR interval at all: outside these ranges a
/// value is a sensor error (HR 0 or 255, RR 0), not physiology, and is left out.
public enum PlausibleHeartRate {
    public static let bpm = 25...250
    /// RR in milliseconds: 240 bpm … 20 bpm. A missed beat at rest (2 × 1.3 s) still fits,
    /// so the artefact correction can see and repair it.
    public static let rrMs = 250.0...3000.0

    public static func accepts(_ sample: Sample) -> Bool {
        accepts(bpm: sample.bpm, contact: sample.contact)
    }

    /// A reading of `rate` with `contact`: no skin contact, or an impossible rate, is no heart rate.
    public static func accepts(bpm rate: Int, contact: SensorContact) -> Bool {
        contact != .notDetected && bpm.contains(rate)
    }
}

/// ISO 8601 timestamps without a DateFormatter, "2026-11-23T18:04:05.250Z" or with a
/// local offset, "2026-11-23T19:04:05.250+01:00": exports write one per sample or beat
/// and the formatter costs microseconds each.
public enum ISOTime {
    /// UTC, ending in "Z".
    public static func string(unixMs: Int64, fractional: Bool = true) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(unixMs: unixMs, offsetSeconds: nil, fractional: fractional, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The wall-clock time `offsetSeconds` east of UTC, with that offset ("+01:00"); nil: UTC, "Z".
    public static func append(unixMs: Int64, offsetSeconds: Int?, fractional: Bool = true, to out: inout [UInt8]) {
        let local = localMs(unixMs, offsetSeconds)
        let ms = ((local % 1000) + 1000) % 1000
        let seconds = (local - ms) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = civil(daysSinceEpoch: days)
        digits(y, 4, &out); out.append(UInt8(ascii: "-")); digits(m, 2, &out); out.append(UInt8(ascii: "-")); digits(d, 2, &out)
        out.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, 2, &out); out.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, 2, &out); out.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2, &out)
        if fractional { out.append(UInt8(ascii: ".")); digits(ms, 3, &out) }
        guard let offset = offsetSeconds else { out.append(UInt8(ascii: "Z")); return }
        out.append(UInt8(ascii: offset < 0 ? "-" : "+"))
        let minutes = Int64(abs(offset) / 60)
        digits(minutes / 60, 2, &out); out.append(UInt8(ascii: ":")); digits(minutes % 60, 2, &out)
    }

    /// Writes many times in a row quickly, as a CSV export of a session does: the date, hour,
    /// minute and offset are formatted once a minute, only the seconds and milliseconds per call.
    public struct Writer {
        private var minute = Int64.min, minuteOffset = Int.min
        private var prefix: [UInt8] = [], suffix: [UInt8] = []

        public init() {}

        /// `ISOTime.append(unixMs:offsetSeconds:fractional: true, to:)`, with the same bytes.
        public mutating func append(unixMs: Int64, offsetSeconds: Int?, to out: inout [UInt8]) {
            let unixMs = ISOTime.writable.clamp(unixMs)
            let local = ISOTime.localMs(unixMs, offsetSeconds)
            let msOfMinute = ((local % 60_000) + 60_000) % 60_000
            let thisMinute = (local - msOfMinute) / 60_000
            if thisMinute != minute || (offsetSeconds ?? Int.max) != minuteOffset {
                var whole: [UInt8] = []
                ISOTime.append(unixMs: unixMs - msOfMinute, offsetSeconds: offsetSeconds, to: &whole)
                prefix = Array(whole.prefix(17))  // "YYYY-MM-DDTHH:MM:"
                suffix = Array(whole.dropFirst(23)) // "Z" or "+01:00"
                (minute, minuteOffset) = (thisMinute, offsetSeconds ?? Int.max)
            }
            guard prefix.count == 17 else { return ISOTime.append(unixMs: unixMs, offsetSeconds: offsetSeconds, to: &out) }
            out.append(contentsOf: prefix)
            let second = msOfMinute / 1000, ms = msOfMinute % 1000
            let zero = UInt8(ascii: "0")
            out.append(zero + UInt8(second / 10)); out.append(zero + UInt8(second % 10)); out.append(UInt8(ascii: "."))
            out.append(zero + UInt8(ms / 100)); out.append(zero + UInt8(ms / 10 % 10)); out.append(zero + UInt8(ms % 10))
            out.append(contentsOf: suffix)
        }
    }

    /// The instants with a four-digit year, a day in from each end (0000-01-02 to 9999-12-30) so a
    /// local offset stays inside: a time outside (a stored session's, read from anywhere) is written
    /// as the nearest end, never trapping on its arithmetic.
    public static let writable: ClosedRange<Int64> = -62_167_132_800_000...253_402_214_399_999

    /// Local wall-clock ms of `unixMs`, held to `writable` first; an offset of more than a day is none.
    static func localMs(_ unixMs: Int64, _ offsetSeconds: Int?) -> Int64 {
        let offset = Int64(offsetSeconds ?? 0)
        return writable.clamp(unixMs) + (abs(offset) <= 86_400 ? offset * 1000 : 0)
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian).
    static func civil(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// `value` (≥ 0) with at least `width` digits, written without allocating.
    private static func digits(_ value: Int64, _ width: Int, _ out: inout [UInt8]) {
        var count = 1, power: Int64 = 10
        while power <= value, count < 18 { count += 1; power *= 10 }
        var divisor: Int64 = 1
        for _ in 1..<max(width, count) { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}


import Foundation
import TeamCore

/// The clock time of an offset into a session, in the device's time zone with its offset.
struct SessionClockTime {
    let startMs: Int64
    /// The zone's offset, when it is the same at the start and the end (no daylight-saving switch between).
    let fixedOffset: Int?

    init(startedAt: Date, endedAt: Date?) {
        startMs = startedAt.unixMs
        let zone = TimeZone.current, atStart = zone.secondsFromGMT(for: startedAt)
        fixedOffset = atStart == zone.secondsFromGMT(for: endedAt ?? startedAt.addingTimeInterval(86_400)) ? atStart : nil
    }

    func append(offsetMs: Int64, to out: inout CSVBytes, with writer: inout ISOTime.Writer) {
        let unixMs = startMs.addingClamped(offsetMs)
        let offset = fixedOffset ?? TimeZone.current.secondsFromGMT(for: Date(unixMs: unixMs))
        out.appendTime(unixMs: unixMs, offsetSeconds: offset, with: &writer)
    }
}

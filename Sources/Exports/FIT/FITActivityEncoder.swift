import Analytics
import Foundation
import TeamCore

/// One player's session as a FIT activity file: file_id, a timer start event,
/// one record per second with heart_rate, a lap per coach's lap, the timer stop,
/// the session and the activity — what Garmin Connect, Strava and
/// GoldenCheetah import.
public enum FITActivityEncoder {
    /// Seconds between the Unix epoch and the FIT epoch (1989-12-31T00:00:00Z).
    static let fitEpochOffset: Int64 = 631_065_600

    enum Local: UInt8 { case fileID = 0, event, record, lap, session, activity, developerID, fieldDescription }

    /// Sideline's FIT application id (developer_data_id), for its developer field "session_tags".
    static let applicationID: [UInt8] = Array("sideline-hr-kiosk".utf8.prefix(16))
    static let tagsFieldName = "session_tags"

    public static func encode(_ player: PlayerAnalysis, context: AnalysedSession) -> [UInt8] {
        let analysis = context.analysis
        var w = FITWriter(capacity: player.track.count * 6 + 512)
        func time(_ ms: Int64) -> UInt64 { UInt64(max(0, (Int64(truncatedClamping: context.date(atMs: ms).timeIntervalSince1970.rounded(.down)) ?? 0) &- fitEpochOffset)) }
        let start = time(0), end = time(analysis.durationMs)

        w.define(local: Local.fileID.rawValue, global: 0, fields: [
            .init(number: 0, type: .enumeration), .init(number: 1, type: .uint16), .init(number: 2, type: .uint16),
            .init(number: 3, type: .uint32z), .init(number: 4, type: .uint32),
        ])
        // Activity file, manufacturer "development", serial = player id so two players' files differ.
        w.write(local: Local.fileID.rawValue, [4, 255, 1, UInt64(truncatingIfNeeded: max(1, player.playerID)), start])

        // The session's context tags ride on the session message as a developer field (FIT has no
        // field of its own for them), described here so every FIT reader can name it.
        let tags = analysis.session.tags.joined(separator: " ")
        let tagsSize = UInt8(min(255, tags.utf8.count + 1))
        if !tags.isEmpty {
            w.define(local: Local.developerID.rawValue, global: 207, fields: [
                .init(number: 1, type: .byte, size: 16), .init(number: 3, type: .uint8),
            ])
            w.write(local: Local.developerID.rawValue, [.bytes(applicationID), .number(0)])
            w.define(local: Local.fieldDescription.rawValue, global: 206, fields: [
                .init(number: 0, type: .uint8), .init(number: 1, type: .uint8), .init(number: 2, type: .uint8),
                .init(number: 3, type: .string, size: 16),
            ])
            w.write(local: Local.fieldDescription.rawValue, [.number(0), .number(0), .number(UInt64(FITWriter.BaseType.string.rawValue)),
                                                             .text(tagsFieldName, size: 16)])
        }

        w.define(local: Local.event.rawValue, global: 21, fields: [
            .init(number: 253, type: .uint32), .init(number: 0, type: .enumeration), .init(number: 1, type: .enumeration),
        ])
        w.write(local: Local.event.rawValue, [start, 0, 0]) // timer start

        w.define(local: Local.record.rawValue, global: 20, fields: [.init(number: 253, type: .uint32), .init(number: 3, type: .uint8)])
        for (second, bpm) in records(player.track, time: time) {
            w.write(local: Local.record.rawValue, [second, UInt64(bpm)])
        }

        w.write(local: Local.event.rawValue, [end, 0, 4]) // timer stop_all

        w.define(local: Local.lap.rawValue, global: 19, fields: [
            .init(number: 254, type: .uint16), .init(number: 253, type: .uint32), .init(number: 0, type: .enumeration),
            .init(number: 1, type: .enumeration), .init(number: 2, type: .uint32), .init(number: 7, type: .uint32),
            .init(number: 8, type: .uint32), .init(number: 11, type: .uint16), .init(number: 15, type: .uint8),
            .init(number: 16, type: .uint8), .init(number: 23, type: .enumeration), .init(number: 24, type: .enumeration),
            .init(number: 25, type: .enumeration),
        ])
        // The coach's laps, then the recovery minute as a resting lap: the laps add up to the
        // session's elapsed time and every record falls in one.
        let laps = player.laps + (player.recoveryLap.map { [$0] } ?? [])
        for (i, lap) in laps.enumerated() {
            let span = UInt64(max(0, lap.toMs - lap.fromMs))
            let isLast = i == laps.count - 1, isRecovery = player.recoveryLap != nil && isLast
            w.write(local: Local.lap.rawValue, [
                UInt64(i), time(lap.toMs), 9, 1, time(lap.fromMs), span, span,
                lap.stats.kcal.value.flatMap { UInt64(roundedClamping: min(65534, $0)) },
                lap.stats.averageBPM.value.flatMap { UInt64(roundedClamping: min(254, $0)) },
                lap.stats.maxBPM.value.map { UInt64(clamping: min(254, $0)) },
                isRecovery ? 1 : 0, // intensity: rest or active
                isLast ? 7 : 0, 0, // lap trigger session_end or manual; sport generic
            ])
        }

        w.define(local: Local.session.rawValue, global: 18, fields: [
            .init(number: 254, type: .uint16), .init(number: 253, type: .uint32), .init(number: 0, type: .enumeration),
            .init(number: 1, type: .enumeration), .init(number: 2, type: .uint32), .init(number: 5, type: .enumeration),
            .init(number: 6, type: .enumeration), .init(number: 7, type: .uint32), .init(number: 8, type: .uint32),
            .init(number: 11, type: .uint16), .init(number: 16, type: .uint8), .init(number: 17, type: .uint8),
            .init(number: 25, type: .uint16), .init(number: 26, type: .uint16), .init(number: 28, type: .enumeration),
        ], developer: tags.isEmpty ? [] : [.init(number: 0, size: tagsSize, developerIndex: 0)])
        let duration = UInt64(max(0, analysis.durationMs))
        // The session message sums up the file: every lap, the recovery minute included.
        let s = player.recordingStats
        let sessionValues: [UInt64?] = [
            0, end, 8, 1, start, 0, 0, duration, duration,
            s.kcal.value.flatMap { UInt64(roundedClamping: min(65534, $0)) },
            s.averageBPM.value.flatMap { UInt64(roundedClamping: min(254, $0)) },
            s.maxBPM.value.map { UInt64(clamping: min(254, $0)) },
            0, UInt64(laps.count), 0,
        ]
        w.write(local: Local.session.rawValue, sessionValues.map(FITWriter.Value.number),
                developer: tags.isEmpty ? [] : [FITWriter.text(tags, size: tagsSize)])

        w.define(local: Local.activity.rawValue, global: 34, fields: [
            .init(number: 253, type: .uint32), .init(number: 0, type: .uint32), .init(number: 1, type: .uint16),
            .init(number: 2, type: .enumeration), .init(number: 3, type: .enumeration), .init(number: 4, type: .enumeration),
            .init(number: 5, type: .uint32),
        ])
        let localOffset = Int64(TimeZone.current.secondsFromGMT(for: context.startedAt))
        w.write(local: Local.activity.rawValue, [end, duration, 1, 0, 26, 1, UInt64(max(0, Int64(clamping: end) &+ localOffset))])
        return w.file()
    }

    /// One heart rate per FIT timestamp (whole seconds): the last sample of each second.
    static func records(_ track: HeartRateTrack, time: (Int64) -> UInt64) -> [(second: UInt64, bpm: Int)] {
        var out: [(UInt64, Int)] = []
        out.reserveCapacity(track.count)
        for i in 0..<track.count {
            let second = time(track.tMs[i])
            if let last = out.last, last.0 == second { out[out.count - 1].1 = track.bpm[i] } else { out.append((second, track.bpm[i])) }
        }
        return out
    }
}

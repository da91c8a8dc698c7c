import Analytics
import Foundation
import TeamCore

/// One player's session as Garmin Training Center Database v2 XML: one
/// Activity, a Lap per coach's lap (time, kcal, average / max heart rate), and
/// a Trackpoint with HeartRateBpm per sample — the element order of the XSD.
public enum TCXEncoder {
    public static func encode(_ player: PlayerAnalysis, context: AnalysedSession) -> String {
        let startMs = context.startedAt.unixMs
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">
            <Activities>
            <Activity Sport="Other">
            <Id>\(ISOTime.string(unixMs: startMs, fractional: false))</Id>

            """
        xml.reserveCapacity(xml.utf8.count + player.track.count * 110)
        let track = player.track
        // The coach's laps, then the recovery minute as a resting lap of its own: each lap's
        // track holds its own samples, so a lap's time and average match its track.
        let laps = player.laps + (player.recoveryLap.map { [$0] } ?? [])
        for (n, lap) in laps.enumerated() {
            let isLast = n == laps.count - 1, isRecovery = player.recoveryLap != nil && isLast
            let trackEnd = isLast ? Int64.max : lap.toMs
            let s = lap.stats
            xml += "<Lap StartTime=\"\(ISOTime.string(unixMs: startMs.addingClamped(lap.fromMs), fractional: false))\">\n"
            xml += "<TotalTimeSeconds>\(decimal(Double(max(0, lap.toMs - lap.fromMs)) / 1000))</TotalTimeSeconds>\n"
            xml += "<DistanceMeters>0</DistanceMeters>\n"
            xml += "<Calories>\(max(0, Int(roundedClamping: min(65535, s.kcal.value ?? 0)) ?? 0))</Calories>\n"
            if let average = s.averageBPM.value, let maximum = s.maxBPM.value {
                xml += "<AverageHeartRateBpm><Value>\(min(255, max(1, Int(roundedClamping: average) ?? 1)))</Value></AverageHeartRateBpm>\n"
                xml += "<MaximumHeartRateBpm><Value>\(min(255, maximum))</Value></MaximumHeartRateBpm>\n"
            }
            xml += "<Intensity>\(isRecovery ? "Resting" : "Active")</Intensity>\n<TriggerMethod>Manual</TriggerMethod>\n"
            var i = track.firstIndex(atOrAfter: lap.fromMs)
            if i < track.count, track.tMs[i] < trackEnd {
                xml += "<Track>\n"
                while i < track.count, track.tMs[i] < trackEnd {
                    xml += "<Trackpoint><Time>\(ISOTime.string(unixMs: startMs.addingClamped(track.tMs[i])))</Time>"
                    xml += "<HeartRateBpm><Value>\(track.bpm[i])</Value></HeartRateBpm></Trackpoint>\n"
                    i += 1
                }
                xml += "</Track>\n"
            }
            if let label = lap.label { xml += "<Notes>\(escape(label))</Notes>\n" }
            xml += "</Lap>\n"
        }
        // The session's context tags too, so a session found in another tool says what it was.
        let tags = context.analysis.session.tags
        let notes = "\(context.teamName): \(context.name(of: player)) #\(player.shirtNumber)" + (tags.isEmpty ? "" : " · tags: " + tags.joined(separator: " "))
        xml += "<Notes>\(escape(notes))</Notes>\n"
        xml += "</Activity>\n</Activities>\n</TrainingCenterDatabase>\n"
        return xml
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    private static func decimal(_ x: Double) -> String { String(format: "%.3f", x) }
}

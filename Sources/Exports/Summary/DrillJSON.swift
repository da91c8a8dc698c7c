import Analytics
import Foundation
import TeamCore

/// A drill's figures as JSON (numbers unrounded, null for none): `sideline drills --json`, the session
/// summary's phases, and the club's pages. Zones in minutes under the session's zone model.
public enum DrillJSON {
    public static func figures(_ f: DrillFigures) -> [String: Any] {
        ["minutes": f.minutes, "meanBPM": value(f.meanBPM), "peakBPM": value(f.peakBPM.map(Double.init)),
         "highIntensityPercent": value(f.highIntensityPercent), "trimp": f.trimp,
         "zoneMinutes": zones(HeartRateZone.allCases.map { f.zones.minutes($0) })]
    }

    public static func team(_ t: TeamDrillFigures) -> [String: Any] {
        ["players": t.players, "minutes": value(t.minutes), "meanBPM": value(t.meanBPM), "peakBPM": value(t.peakBPM),
         "highIntensityPercent": value(t.highIntensityPercent), "trimp": value(t.trimp), "zoneMinutes": zones(t.zoneMinutes)]
    }

    /// A phase: what it is and where it lies.
    public static func phase(_ p: SessionPhase) -> [String: Any] {
        ["kind": p.kind.rawValue, "name": p.name, "fromSeconds": Double(p.fromMs) / 1000, "toSeconds": Double(p.toMs) / 1000]
    }

    /// "rest", "z1" … "z5".
    public static let zoneNames = HeartRateZone.allCases.map { $0 == .rest ? "rest" : "z\($0.rawValue)" }

    private static func zones(_ minutes: [Double]) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: zip(zoneNames, minutes))
    }

    private static func value(_ x: Double?) -> Any { x.map { $0 as Any } ?? NSNull() }
}

import Localization
import TeamCore

/// How live tiles are ordered.
public enum TileSort: String, Sendable, CaseIterable, Equatable {
    case number, name, heartRate, zone, effort

    public var label: String {
        switch self {
        case .number: N_("No.")
        case .name: N_("Name")
        case .heartRate: N_("HR")
        case .zone: N_("Zone")
        case .effort: N_("Effort")
        }
    }

    /// Tiles in display order; ties fall back to shirt number so the order is stable.
    public func sorted(_ tiles: [ShownTile]) -> [ShownTile] {
        tiles.sorted { a, b in
            switch self {
            case .number: break
            case .name: if a.name != b.name { return a.name < b.name }
            case .heartRate:
                let x = a.hasSignal ? a.bpm : -1, y = b.hasSignal ? b.bpm : -1
                if x != y { return x > y }
            case .zone:
                if a.shownZone != b.shownZone { return a.shownZone > b.shownZone }
                if a.percentOfMax != b.percentOfMax { return a.percentOfMax > b.percentOfMax }
            case .effort: if a.effortPoints != b.effortPoints { return a.effortPoints > b.effortPoints }
            }
            return a.shirtNumber < b.shirtNumber
        }
    }
}

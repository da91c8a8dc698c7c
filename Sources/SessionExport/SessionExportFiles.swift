import Analytics
import Foundation

/// File names and contents of every export of a session, for a folder or a USB
/// stick: "<team>_<date>_s<id>_summary.csv", "…_<player>_<number>.tcx" and ".fit".
/// Pure: the caller writes the bytes.
public struct SessionExportFiles: Sendable {
    public enum Format: String, Sendable, CaseIterable { case summaryCSV, tcx, fit, json }

    public var context: ExportContext
    /// e.g. "u17-boys_2026-11-23_s12"
    public var stem: String

    public init(context: ExportContext, stem: String) {
        self.context = context
        self.stem = stem
    }

    public func files(_ format: Format, slug: (String) -> String) throws -> [(name: String, bytes: [UInt8])] {
        switch format {
        case .summaryCSV:
            return [("\(stem)_summary.csv", Array(SummaryCSVEncoder.encode(context).utf8))]
        case .json:
            return [("\(stem)_summary.json", Array(try JSONSummaryEncoder.encode(context)))]
        case .tcx:
            return context.analysis.players.filter(\.stats.hasSignal).map {
                ("\(playerStem($0, slug: slug)).tcx", Array(TCXEncoder.encode($0, context: context).utf8))
            }
        case .fit:
            return context.analysis.players.filter(\.stats.hasSignal).map {
                ("\(playerStem($0, slug: slug)).fit", FITActivityEncoder.encode($0, context: context))
            }
        }
    }

    private func playerStem(_ p: PlayerAnalysis, slug: (String) -> String) -> String {
        "\(stem)_\(slug(context.name(of: p)))_\(p.shirtNumber)"
    }
}

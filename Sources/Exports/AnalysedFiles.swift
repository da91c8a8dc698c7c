import Analytics
import Foundation
import SessionReview

/// File names and contents of the formats written from a session's analysis: the summary table
/// "<team>_<date>_s<id>_summary.csv", the JSON summary, and "…_<player>_<number>.tcx" and ".fit" for
/// every player with a heart rate. Pure: the caller writes the bytes.
struct AnalysedFiles {
    var context: AnalysedSession
    /// e.g. "u17-boys_2026-11-23_s12"
    var stem: String

    func files(_ format: SessionExport.Format, slug: (String) -> String = ExportNaming.slug) throws -> [ExportedFile] {
        switch format {
        case .rawCSV:
            return []
        case .summaryCSV:
            return [ExportedFile(name: "\(stem)_summary.csv", bytes: Array(SummaryCSVEncoder.encode(context).utf8))]
        case .json:
            return [ExportedFile(name: "\(stem)_summary.json", bytes: Array(try JSONSummaryEncoder.encode(context)))]
        case .tcx:
            return context.analysis.players.filter(\.stats.hasSignal).map {
                ExportedFile(name: "\(playerStem($0, slug: slug)).tcx", bytes: Array(TCXEncoder.encode($0, context: context).utf8))
            }
        case .fit:
            return context.analysis.players.filter(\.stats.hasSignal).map {
                ExportedFile(name: "\(playerStem($0, slug: slug)).fit", bytes: FITActivityEncoder.encode($0, context: context))
            }
        }
    }

    private func playerStem(_ p: PlayerAnalysis, slug: (String) -> String) -> String {
        "\(stem)_\(slug(context.name(of: p)))_\(p.shirtNumber)"
    }
}

/// One file of an export: its name in the export folder and its bytes.
public struct ExportedFile: Sendable, Equatable {
    public var name: String
    public var bytes: [UInt8]
}

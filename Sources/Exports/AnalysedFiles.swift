import Analytics
import Foundation

/// File names and contents of the formats written from a session's analysis: the summary table
/// "<team>_<date>_s<id>_summary.csv", the JSON summary, and "…_<player>_<number>.tcx" and ".fit" for
/// every player with a heart rate. Pure: the caller writes the bytes.
public struct AnalysedFiles {
    public var context: AnalysedSession
    /// e.g. "u17-boys_2026-11-23_s12"
    public var stem: String

    public init(context: AnalysedSession, stem: String) {
        self.context = context
        self.stem = stem
    }

    public func files(_ format: ExportFormat, slug: (String) -> String = ExportNaming.slug) throws -> [ExportedFile] {
        switch format {
        case .rawCSV:
            // Every row as recorded: the caller feeds a `RawCSVWriter` from where the rows are.
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
        Self.playerStem(stem: stem, name: context.name(of: p), shirtNumber: p.shirtNumber, slug: slug)
    }

    /// e.g. "u17-boys_2026-11-23_s12_ada-lovelace_7": a player's TCX and FIT file names without the extension.
    public static func playerStem(stem: String, name: String, shirtNumber: Int, slug: (String) -> String = ExportNaming.slug) -> String {
        "\(stem)_\(slug(name))_\(shirtNumber)"
    }
}

/// One file of an export: its name in the export folder and its bytes.
public struct ExportedFile: Sendable, Equatable {
    public var name: String
    public var bytes: [UInt8]
}

import Analytics
import ClubProtocol
import Exports
import Foundation
import TeamCore

/// A stored session analysed, and what is written of it: `GET /api/v1/sessions/{uuid}` is the
/// document `sideline export --format json` writes on the kiosk (the `Exports` module's
/// `JSONSummaryEncoder`, from the same `SessionAnalysis` under the same HRV window), with the
/// session's and players' UUIDs beside their numbers; the session page's downloads are the
/// kiosk's other export formats from the same analysis.
public enum SessionDocument {
    /// The document's layout and the analysis behind it: a new version makes every cached document stale.
    public static let algorithm = "sideline-session-summary/1 analytics/2026-11 uuids rpe drills"

    /// The bundle's analysis with the names and UUIDs it carries (the kiosk's default HRV window: the first five minutes).
    public static func analysed(_ source: BundleAnalysisInput) -> AnalysedSession {
        AnalysedSession(teamName: source.identities.teamName, playerNames: source.identities.playerNames,
                        analysis: SessionAnalysis(source.input),
                        uuids: .init(session: source.identities.sessionUUID, players: source.identities.players.mapValues(\.uuid)),
                        ratings: source.ratings)
    }

    public static func json(for source: BundleAnalysisInput) throws -> Data {
        try json(analysed(source))
    }

    public static func json(_ analysed: AnalysedSession) throws -> Data {
        try JSONSummaryEncoder.encode(analysed)
    }

    /// e.g. "u17-girls_2026-03-17_5b0e6f7a": the kiosk's file names, the session's UUID for its local number.
    public static func stem(_ source: BundleAnalysisInput) -> String {
        stem(team: source.identities.teamName, startedAt: source.input.session.startedAt, session: source.identities.sessionUUID)
    }

    public static func stem(team: String, startedAt: Date, session: UUID) -> String {
        "\(ExportNaming.slug(team))_\(ExportNaming.day(startedAt))_" + session.uuidString.lowercased().prefix(8)
    }

    /// The files of one export format, as the kiosk writes them: the raw CSVs from every row of the
    /// bundle, every other format from its analysis.
    public static func files(_ format: ExportFormat, of source: BundleAnalysisInput) throws -> [ExportedFile] {
        let stem = stem(source)
        guard format == .rawCSV else { return try AnalysedFiles(context: analysed(source), stem: stem).files(format) }
        let input = source.input
        let who = RawCSVWriter.Who(
            sessionLabel: source.identities.sessionUUID.uuidString.lowercased(), names: source.identities.playerNames,
            numbers: Dictionary(uniqueKeysWithValues: input.players.map { ($0.playerID, $0.shirtNumber) }),
            straps: source.identities.straps.mapValues(\.address))
        var writer = RawCSVWriter(session: input.session, who: who)
        for p in input.players.map(\.playerID).sorted() {
            for s in input.samples[p] ?? [] { writer.append(s) }
        }
        for p in input.players.map(\.playerID).sorted() {
            for r in input.rrIntervals[p] ?? [] { writer.append(r) }
        }
        return writer.files(stem: stem)
    }
}

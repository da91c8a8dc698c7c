import Analytics
import Exports
import Foundation
import SessionReview
import Store
import TeamCore

/// Every export of one stored session, the one place that writes them: `sideline export`, the
/// kiosk's review "Export" and "Export all", and the benchmarks.
///
/// The raw CSVs are read straight from the store (every row as recorded); every other format comes
/// from one analysis of the session (`SessionReview.load`: the numbers the review screen shows),
/// made at most once per `write` — or handed over by a caller that holds it already.
/// Files are named "<team>_<date>_s<id>…" (`ExportNaming`) and written atomically (`ExportFile`).
/// The formats themselves are the pure `Exports` module, which a club server links without the store.
public struct SessionExport {
    public typealias Format = ExportFormat

    /// Where exports go on a USB stick: a folder of this name at its top.
    public static let folderOnStick = "sideline-export"

    /// Where exports go when no folder is named: that folder on `stick` when one is in, else in the
    /// user's home folder.
    public static func defaultFolder(onStick stick: String?) -> String {
        (stick ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/" + folderOnStick
    }

    public let store: SidelineStore
    public let session: Session
    private let teamName: String
    private let hrvWindows: [HRVWindow]
    private let analysed: AnalysedSession?

    /// The stored session `sessionID` (`StoreError.unknownSession` if there is none); its analysis,
    /// when a format needs it, is made with `hrvWindows`.
    public init(store: SidelineStore, sessionID: Int64, hrvWindows: [HRVWindow] = [.firstFiveMinutes]) throws {
        self.store = store
        session = try store.session(sessionID)
        teamName = try store.sessionNames(sessionID).team
        self.hrvWindows = hrvWindows
        analysed = nil
    }

    /// A session whose analysis the caller holds already (the review screen's, a benchmark's).
    public init(store: SidelineStore, analysed: AnalysedSession) {
        self.store = store
        session = analysed.analysis.session
        teamName = analysed.teamName
        hrvWindows = []
        self.analysed = analysed
    }

    /// e.g. "u17-boys_2026-11-23_s12"
    public var stem: String { ExportNaming.sessionStem(team: teamName, startedAt: session.startedAt, sessionID: session.id) }

    /// Writes the files of `formats`, in that order, into `directory` (created with its parents if
    /// needed); returns their paths. A file that cannot be written is `StoreError.cannotWriteExport`.
    @discardableResult
    public func write(_ formats: [Format], to directory: String) throws -> [String] {
        var analysis = analysed
        var written: [String] = []
        for format in formats {
            let files: [ExportedFile]
            if format == .rawCSV {
                files = try StoredRawCSV.files(store: store, session: session, stem: stem)
            } else {
                let made = try analysis ?? SessionReview.load(store: store, sessionID: session.id, hrvWindows: hrvWindows)
                analysis = made
                files = try AnalysedFiles(context: made, stem: stem).files(format)
            }
            for file in files {
                let path = (directory as NSString).appendingPathComponent(file.name)
                try ExportFile.write(Data(file.bytes), to: path)
                written.append(path)
            }
        }
        return written
    }

    /// "Export all": the raw CSVs of every finished session (ended or interrupted) into `directory`,
    /// which is made first even when there is none. Returns how many sessions.
    public static func writeFinishedSessions(store: SidelineStore, to directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var count = 0
        for overview in try store.sessions() where overview.session.state == .ended || overview.session.state == .interrupted {
            try SessionExport(store: store, sessionID: overview.session.id).write([.rawCSV], to: directory)
            count += 1
        }
        return count
    }
}

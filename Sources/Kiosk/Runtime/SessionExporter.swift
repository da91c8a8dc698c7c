import Foundation
import SessionExport
import SessionReview
import Store

/// "Export to a USB stick": every ended session as CSV into a folder (the first
/// mounted stick under /media, else the folder given on the command line).
public enum SessionExporter {
    public static func defaultDirectory() -> String {
        let user = ProcessInfo.processInfo.environment["USER"] ?? ""
        for base in ["/media/\(user)", "/media", "/mnt"] {
            if let sticks = try? FileManager.default.contentsOfDirectory(atPath: base).sorted(),
               let stick = sticks.first(where: { FileManager.default.isWritableFile(atPath: "\(base)/\($0)") && $0 != user }) {
                return "\(base)/\(stick)/sideline-export"
            }
        }
        return FileManager.default.homeDirectoryForCurrentUser.path + "/sideline-export"
    }

    /// One session in every format: CSV of samples and RR plus the summary table, TCX and
    /// FIT per player with a heart rate, and the JSON summary. Returns how many files.
    static func export(store: SidelineStore, sessionID: Int64, to directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let context = try SessionReview.load(store: store, sessionID: sessionID)
        var written = try SessionCSVExport.write(store: store, sessionID: sessionID, to: directory)
        for format in SessionExportFiles.Format.allCases {
            written += try SessionReview.write(format, of: context, to: directory)
        }
        return written.count
    }

    static func exportAll(store: SidelineStore, to directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var count = 0
        for overview in try store.sessions() where overview.session.state == .ended || overview.session.state == .interrupted {
            _ = try SessionCSVExport.write(store: store, sessionID: overview.session.id, to: directory)
            count += 1
        }
        return count
    }
}

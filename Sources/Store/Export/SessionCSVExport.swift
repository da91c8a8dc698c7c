import Foundation
import TeamCore

/// CSV exports of a session's raw data: one row per sample, one row per RR interval.
public enum SessionCSVExport {
    /// Writes `<stem>_samples.csv` and `<stem>_rr.csv` into `directory`; returns their paths.
    public static func write(store: SidelineStore, sessionID: Int64, to directory: String) throws -> [String] {
        let session = try store.session(sessionID)
        let teamName = try store.teamName(id: session.teamID)
        let stem = ExportNaming.sessionStem(team: teamName, startedAt: session.startedAt, sessionID: sessionID)
        let players = try store.sessionPlayers(sessionID)
        let numbers = Dictionary(uniqueKeysWithValues: players.map { ($0.playerID, $0.shirtNumber) })
        var names: [Int64: String] = [:]
        for p in players { names[p.playerID] = try store.player(id: p.playerID)?.fullName ?? "player \(p.playerID)" }
        let straps = Dictionary(uniqueKeysWithValues: try store.straps().map { ($0.id!, $0.address) })

        var samples = "session,player,shirt_number,strap,t_ms,bpm,contact,energy_kj\n"
        for s in try store.samples(sessionID) {
            samples += "\(sessionID),\(CSVRecords.escape(names[s.playerID] ?? "")),\(numbers[s.playerID] ?? 0),\(straps[s.strapID] ?? ""),\(s.tMs),\(s.bpm),\(contactName(s.contact)),\(s.energyKJ.map(String.init) ?? "")\n"
        }
        var rr = "session,player,shirt_number,t_ms,rr_1024,rr_ms\n"
        for r in try store.rrIntervals(sessionID) {
            rr += "\(sessionID),\(CSVRecords.escape(names[r.playerID] ?? "")),\(numbers[r.playerID] ?? 0),\(r.tMs),\(r.rr1024),\(String(format: "%.3f", r.milliseconds))\n"
        }
        let samplesPath = (directory as NSString).appendingPathComponent("\(stem)_samples.csv")
        let rrPath = (directory as NSString).appendingPathComponent("\(stem)_rr.csv")
        try ExportFile.write(samples, to: samplesPath)
        try ExportFile.write(rr, to: rrPath)
        return [samplesPath, rrPath]
    }

    static func contactName(_ contact: SensorContact) -> String {
        switch contact {
        case .notSupported: return "unsupported"
        case .notDetected: return "no"
        case .detected: return "yes"
        }
    }
}

/// Writes export files atomically, with errors a person can act on.
public enum ExportFile {
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw StoreError.cannotOpen(path: path, reason: "cannot write the export (\(SidelineStore.reason(error)))")
        }
    }
}

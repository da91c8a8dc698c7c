import Exports
import Foundation
import Store
import TeamCore

/// The raw CSVs of a stored session, read straight from the store: every row as recorded.
enum StoredRawCSV {
    static func files(store: SidelineStore, session: Session, stem: String) throws -> [ExportedFile] {
        let sessionID = session.id
        let players = try store.sessionPlayers(sessionID)
        // Named as recorded, as the club's raw CSVs are (decision 074).
        let names = try store.sessionNames(sessionID).players
        let who = RawCSVWriter.Who(sessionLabel: "\(sessionID)", names: names,
                                   numbers: Dictionary(uniqueKeysWithValues: players.map { ($0.playerID, $0.shirtNumber) }),
                                   straps: try store.strapAddresses())
        // Rows are read through SQLite's C API into the writer's byte buffers: a 2-hour team
        // session has ~200 k samples and ~650 k RR intervals.
        var writer = RawCSVWriter(session: session, who: who)
        try store.forEachSample(sessionID) { writer.append($0) }
        try store.forEachRRInterval(sessionID) { writer.append($0) }
        return writer.files(stem: stem)
    }
}

import Foundation
import XCTest
@testable import Exports
import StoredExports
import SessionReview
import Store
import TeamCore

/// The one export module on a stored session: every format from one analysis, the raw CSVs from
/// the rows as recorded, names by team, date and session.
final class SessionExportTests: XCTestCase {
    private var directory = ""

    override func setUp() {
        directory = NSTemporaryDirectory() + "sideline-exports-" + UUID().uuidString
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    /// A 3-minute session of two players with a heart rate and one without, a lap, tags.
    private func recorded(_ store: SidelineStore, state: Session.State = .ended) throws -> Int64 {
        let team = try store.createTeam(name: "U17 Boys")
        let strap = try store.strap(address: "a0:9e:1a:00:00:01", name: "one")
        func player(_ first: String, _ number: Int, strap: Int64? = nil) throws -> Int64 {
            try store.addPlayer(Player(firstName: first, lastName: "Berg", birthYear: 2008, sex: .female, weightKg: 60, restingHR: 55),
                                toTeam: team.id, shirtNumber: number, strapID: strap)
        }
        let ada = try player("Ada", 7, strap: strap.id), bea = try player("=Bea", 3), cleo = try player("Cleo", 12)
        let session = try store.startSession(teamID: team.id, participants: [ada, bea, cleo].map { Participant(playerID: $0, strapID: nil) },
                                             plannedDurationMs: 180_000, tags: ["match", "sitting"],
                                             at: Date(timeIntervalSince1970: 1_795_000_000))
        var batch = SessionRecording.Batch()
        for s in 0..<180 {
            batch.samples.append(Sample(playerID: ada, strapID: strap.id, tMs: Int64(s) * 1000 + 250, bpm: 120 + s % 40,
                                        contact: .detected, energyKJ: s == 10 ? 42 : nil))
            batch.samples.append(Sample(playerID: bea, strapID: strap.id, tMs: Int64(s) * 1000 + 500, bpm: 130, contact: .notSupported))
            batch.rrIntervals.append(RRInterval(playerID: ada, tMs: Int64(s) * 1000 + 250, rr1024: UInt16(512 + s % 7)))
        }
        try SessionWriter(store: store, sessionID: session.id).commit(batch, upToMs: 180_000)
        try store.addLap(Lap(sessionID: session.id, tMs: 90_000, label: "second half"))
        if state == .ended {
            try store.endSession(session.id, at: session.startedAt.addingTimeInterval(180))
        } else {
            try store.setSessionState(session.id, state)
        }
        return session.id
    }

    private func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    func testEveryFormatIsWrittenInOrderWithNamesByTeamDateAndSession() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let id = try recorded(store)
        let written = try SessionExport(store: store, sessionID: id).write(SessionExport.Format.allCases, to: directory + "/out")
        let stem = "u17-boys_\(ExportNaming.day(Date(timeIntervalSince1970: 1_795_000_000)))_s\(id)"
        XCTAssertEqual(written.map { ($0 as NSString).lastPathComponent },
                       ["\(stem)_samples.csv", "\(stem)_rr.csv", "\(stem)_summary.csv",
                        "\(stem)_bea-berg_3.tcx", "\(stem)_ada-berg_7.tcx", "\(stem)_bea-berg_3.fit", "\(stem)_ada-berg_7.fit",
                        "\(stem)_summary.json"], "players by shirt number; no TCX or FIT for Cleo, who had no heart rate")
        XCTAssertTrue(written.allSatisfy { $0.hasPrefix(directory + "/out/") })
    }

    /// One analysis serves every format: each file is the same whether its format is written alone
    /// (as `sideline export --format …` does), with all the others (the kiosk), or from an analysis
    /// the caller held already (the review screen's).
    func testAFormatsBytesDoNotDependOnWhatIsWrittenWithIt() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let id = try recorded(store)
        let together = try SessionExport(store: store, sessionID: id).write(SessionExport.Format.allCases, to: directory + "/all")
        var alone: [String] = []
        for format in SessionExport.Format.allCases {
            alone += try SessionExport(store: store, sessionID: id).write([format], to: directory + "/\(format)")
        }
        let held = try SessionExport(store: store, analysed: SessionReview.load(store: store, sessionID: id))
            .write(SessionExport.Format.allCases, to: directory + "/held")
        XCTAssertEqual(alone.count, together.count)
        for (a, (b, c)) in zip(together, zip(alone, held)) {
            XCTAssertEqual(try bytes(a), try bytes(b), (a as NSString).lastPathComponent)
            XCTAssertEqual(try bytes(a), try bytes(c), (a as NSString).lastPathComponent)
        }
    }

    func testTheRawCSVHoldsEveryRowAsRecorded() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        let id = try recorded(store)
        let paths = try SessionExport(store: store, sessionID: id).write([.rawCSV], to: directory)
        let samples = String(decoding: try bytes(paths[0]), as: UTF8.self)
        let rr = String(decoding: try bytes(paths[1]), as: UTF8.self)
        XCTAssertTrue(samples.hasPrefix("\u{FEFF}session,player,shirt_number,strap,t_ms,time,bpm,contact,energy_kj,tags\n"))
        let sampleRows = samples.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        XCTAssertEqual(sampleRows.count, 360)
        let adaAt10 = try XCTUnwrap(sampleRows.first { $0[1] == "Ada Berg" && $0[4] == "10250" })
        XCTAssertEqual([adaAt10[0], adaAt10[2], adaAt10[3], adaAt10[6], adaAt10[7], adaAt10[8], adaAt10[9]],
                       ["\(id)", "7", "A0:9E:1A:00:00:01", "130", "yes", "42", "match sitting"])
        XCTAssertTrue(adaAt10[5].hasPrefix("2026-11-18T"), "the clock time beside the offset")
        let bea = try XCTUnwrap(sampleRows.first { $0[2] == "3" })
        XCTAssertEqual([bea[1], bea[7], bea[8]], ["'=Bea Berg", "unsupported", ""], "a name a spreadsheet would run is guarded; no energy sent")
        let rrRows = rr.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        XCTAssertEqual(rrRows.count, 180)
        XCTAssertEqual([rrRows[1][5], rrRows[1][6]], ["513", "500.977"], "1/1024 s units and milliseconds")
    }

    func testExportAllWritesTheRawCSVsOfFinishedSessionsOnly() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        XCTAssertEqual(try SessionExport.writeFinishedSessions(store: store, to: directory + "/none"), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory + "/none"), [], "the folder is made all the same")
        _ = try recorded(store)
        try store.deleteTeam(try store.requireTeam(named: "U17 Boys").id)
        let finished = try recorded(store)
        try store.renameTeam(try store.requireTeam(named: "U17 Boys").id, to: "A")
        _ = try recorded(store, state: .running)
        XCTAssertEqual(try SessionExport.writeFinishedSessions(store: store, to: directory + "/all"), 1)
        // Named by the team as the session recorded it, not as it was renamed since (decision 074).
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory + "/all").sorted(),
                       ["u17-boys_\(ExportNaming.day(Date(timeIntervalSince1970: 1_795_000_000)))_s\(finished)_rr.csv",
                        "u17-boys_\(ExportNaming.day(Date(timeIntervalSince1970: 1_795_000_000)))_s\(finished)_samples.csv"])
    }

    func testAnUnknownSessionAndAnUnwritableFolderAreSaidPlainly() throws {
        let store = try SidelineStore(path: directory + "/s.sqlite")
        XCTAssertThrowsError(try SessionExport(store: store, sessionID: 99)) { XCTAssertEqual($0 as? StoreError, .unknownSession(99)) }
        let id = try recorded(store)
        _ = FileManager.default.createFile(atPath: directory + "/file", contents: Data())
        XCTAssertThrowsError(try SessionExport(store: store, sessionID: id).write([.json], to: directory + "/file/out")) {
            guard case .cannotWriteExport(let path, let reason)? = $0 as? StoreError else { return XCTFail("\($0)") }
            XCTAssertTrue(path.hasPrefix(self.directory + "/file/out/"), path)
            XCTAssertTrue(reason.english.hasPrefix("cannot create the folder"), reason.english)
        }
    }
}

import Foundation
@testable import TeamCore
import XCTest

/// Who wears which strap, asked both ways: by the recorder (strap index → player and stored strap)
/// and by the live tiles (player → strap index).
final class LineupTests: XCTestCase {
    let lineup = Lineup([
        .init(playerID: 10, strapID: 100, strapIndex: 2),
        .init(playerID: 11, strapID: nil, strapIndex: nil),
        .init(playerID: 12, strapID: 103, strapIndex: 0),
    ])

    func testEachStrapIndexNamesItsWearerAndEachWearerTheirStrap() {
        XCTAssertEqual(lineup.wearer(ofStrap: 2), .init(playerID: 10, strapID: 100, strapIndex: 2))
        XCTAssertEqual(lineup.wearer(ofStrap: 0)?.playerID, 12)
        XCTAssertNil(lineup.wearer(ofStrap: 1), "a strap nobody in the session wears")
        XCTAssertNil(lineup.wearer(ofStrap: 3), "nor one past the last worn")
        XCTAssertNil(lineup.wearer(ofStrap: 65535))
        XCTAssertEqual(lineup.strapIndex(ofPlayer: 10), 2)
        XCTAssertNil(lineup.strapIndex(ofPlayer: 11), "no strap today")
        XCTAssertEqual(lineup.strapIndices, [0, 2])
    }

    func testAStrapGivenTwiceStaysWithItsFirstWearer() {
        let twice = Lineup([.init(playerID: 1, strapID: 5, strapIndex: 0), .init(playerID: 2, strapID: 5, strapIndex: 0)])
        XCTAssertEqual(twice.wearer(ofStrap: 0)?.playerID, 1)
    }

    func testTheRecordingFilesEventsUnderTheLineup() {
        var recording = SessionRecording(start: SessionStart(sessionID: 1, ns: 0, date: Date(timeIntervalSince1970: 0)), lineup: lineup)
        for strap: StrapIndex in [0, 1, 2] {
            recording.ingest(SensorEvent(strap: strap, timestampNs: 1_000_000_000, kind: .measurement, bpm: 90, contact: .detected))
        }
        XCTAssertEqual(recording.takeBatch().samples.map { [$0.playerID, $0.strapID] }, [[12, 103], [10, 100]])
        XCTAssertEqual(recording.counters.unassigned, 1)
    }

    func testAStrapSelectionCountsAndContains() {
        XCTAssertTrue(StrapSelection.all.contains(7))
        XCTAssertEqual(StrapSelection.all.count(ofTable: 12), 12)
        XCTAssertFalse(StrapSelection.only([1, 2]).contains(7))
        XCTAssertEqual(StrapSelection.only([1, 2]).count(ofTable: 12), 2)
    }
}

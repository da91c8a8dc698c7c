@testable import Analytics
import TeamCore
import XCTest

/// The HRmax found in the data rests on a five-second plateau, not on a spike, and not across a dropout.
final class SustainedPeakTests: XCTestCase {
    private func samples(_ bpm: [Int], from startMs: Int64 = 0) -> [Sample] {
        bpm.enumerated().map { Sample(playerID: 1, strapID: 1, tMs: startMs + Int64($0.offset) * 1000, bpm: $0.element, contact: .detected) }
    }

    func testTheHighestFloorOfAnyFiveSecondsIsThePeak() {
        // 185 for five notifications (0…4 s covers five seconds), 190 for four: the plateau is 185.
        let track = HeartRateTrack(samples: samples([150, 185, 186, 185, 187, 185, 160, 190, 190, 190, 190, 150]))
        XCTAssertEqual(SustainedPeak.bpm(of: track), 185)
    }

    func testASpikeIsNotAPeak() {
        let track = HeartRateTrack(samples: samples(Array(repeating: 160, count: 20) + [235] + Array(repeating: 160, count: 20)))
        XCTAssertEqual(SustainedPeak.bpm(of: track), 160)
    }

    func testADropoutBreaksTheHold() {
        // Three seconds at 200, eight seconds of nothing, three more at 200: never five seconds held.
        let track = HeartRateTrack(samples: samples([150, 150, 150, 150, 150, 200, 200, 200]) + samples([200, 200, 200], from: 16_000))
        XCTAssertEqual(SustainedPeak.bpm(of: track), 150)
    }

    func testLostContactIsNotHeld() {
        var held = samples([150, 150, 150, 150, 150, 199, 199, 199, 199, 199])
        held[7].contact = .notDetected // the track leaves it out; its neighbour stands for the second
        XCTAssertEqual(SustainedPeak.bpm(of: HeartRateTrack(samples: held)), 199, "a second's neighbour covers a lost contact")
        held[6].contact = .notDetected
        held[8].contact = .notDetected
        XCTAssertEqual(SustainedPeak.bpm(of: HeartRateTrack(samples: held)), 199, "…up to the track's gap cap")
    }

    func testTooShortARecordingHasNoPeak() {
        XCTAssertNil(SustainedPeak.bpm(of: HeartRateTrack(samples: samples([180, 180, 180, 180]))), "four seconds")
        XCTAssertNil(SustainedPeak.bpm(of: HeartRateTrack(samples: [])))
        XCTAssertEqual(SustainedPeak.bpm(of: HeartRateTrack(samples: samples([180, 181, 182, 183, 184]))), 180, "exactly five seconds")
    }

    /// A property: the peak is never above the highest sample, and at least one five-second window has it as its floor.
    func testThePeakIsAWindowsFloorOnRandomSeries() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bpm = (0..<Int.random(in: 5...60, using: &rng)).map { _ in Int.random(in: 60...220, using: &rng) }
            let peak = SustainedPeak.bpm(of: HeartRateTrack(samples: samples(bpm)))
            let floors = (0...(bpm.count - 5)).map { bpm[$0..<($0 + 5)].min()! }
            XCTAssertEqual(peak, floors.max(), "\(bpm)")
        }
    }
}

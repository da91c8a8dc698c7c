import TeamCore
import XCTest

/// Issue 25, item 4: an interval program's blocks on the session's clock, their labels and laps,
/// the presets as the settings table keeps them.
final class IntervalProgramTests: XCTestCase {
    private let eightByThirty = IntervalProgram(repeats: 8, workMs: 30_000, restMs: 30_000)

    func testEightTimesThirtyByThirtyHasFifteenBlocksAndEndsWithItsLastWork() {
        let p = eightByThirty
        XCTAssertEqual(p.totalMs, 450_000, "8 work blocks and the 7 rests between them")
        XCTAssertEqual(p.blockCount, 15)
        XCTAssertEqual(p.block(0), IntervalBlock(index: 0, kind: .work, number: 1, of: 8, startMs: 0, endMs: 30_000))
        XCTAssertEqual(p.block(5), IntervalBlock(index: 5, kind: .rest, number: 3, of: 8, startMs: 150_000, endMs: 180_000))
        XCTAssertEqual(p.block(14), IntervalBlock(index: 14, kind: .work, number: 8, of: 8, startMs: 420_000, endMs: 450_000))
        XCTAssertNil(p.block(15))
        // Every block starts where the one before ended, and lookups agree at each edge.
        for i in 0..<p.blockCount {
            let b = p.block(i)!
            if i > 0 { XCTAssertEqual(b.startMs, p.block(i - 1)!.endMs) }
            XCTAssertEqual(p.block(atElapsedMs: b.startMs), b)
            XCTAssertEqual(p.block(atElapsedMs: b.endMs - 1), b)
        }
        XCTAssertNil(p.block(atElapsedMs: 450_000), "over")
        XCTAssertNil(p.block(atElapsedMs: -1))
    }

    func testWithoutRestTheWorkBlocksFollowEachOther() {
        let p = IntervalProgram(repeats: 5, workMs: 120_000, restMs: 0)
        XCTAssertEqual(p.totalMs, 600_000)
        XCTAssertEqual(p.blockCount, 5)
        XCTAssertEqual(p.block(atElapsedMs: 250_000), IntervalBlock(index: 2, kind: .work, number: 3, of: 5, startMs: 240_000, endMs: 360_000))
        XCTAssertEqual(p.label, "5 × 2 min")
    }

    func testLabelsAsTheCoachReadsThem() {
        XCTAssertEqual(eightByThirty.label, "8 × 30 s / 30 s")
        XCTAssertEqual(IntervalProgram(repeats: 4, workMs: 240_000, restMs: 180_000).label, "4 × 4 min / 3 min")
        XCTAssertEqual(IntervalProgram(repeats: 10, workMs: 90_000, restMs: 45_000).label, "10 × 1:30 / 45 s")
        XCTAssertEqual(IntervalProgram(repeats: 3, workMs: 65_000, restMs: 60_000).label, "3 × 1:05 / 1 min")
        XCTAssertEqual(eightByThirty.block(4)!.lapLabel, "WORK 3/8")
        XCTAssertEqual(eightByThirty.block(5)!.lapLabel, "REST 3/8")
        XCTAssertEqual(eightByThirty.block(4)!.shown(remainingMs: 22_001), "WORK 0:23 · 3/8")
        XCTAssertEqual(eightByThirty.block(4)!.shown(remainingMs: 30_000), "WORK 0:30 · 3/8")
        XCTAssertEqual(IntervalBlock.clock(240_000), "4:00")
    }

    func testTheStoredFormRoundTripsAndRefusesWhatTheEditorWould() {
        for p in IntervalProgram.defaultPresets + [IntervalProgram(repeats: 99, workMs: 5_000, restMs: 0)] {
            XCTAssertEqual(IntervalProgram(storedForm: Substring(p.storedForm)), p)
        }
        XCTAssertEqual(eightByThirty.storedForm, "8x30+30")
        for bad in ["", "8x30", "0x30+30", "100x30+30", "8x4+30", "8x3601+0", "8x30+-1", "ax30+30", "8x30+30+1"] {
            XCTAssertNil(IntervalProgram(storedForm: Substring(bad)), bad)
        }
    }

    func testALapLabelIsReadBackAndACoachsLapIsNot() {
        XCTAssertEqual(IntervalLapLabel("WORK 3/8"), IntervalLapLabel(kind: .work, number: 3, of: 8))
        XCTAssertEqual(IntervalLapLabel("REST 7/8"), IntervalLapLabel(kind: .rest, number: 7, of: 8))
        for other in [nil, "", "Lap 3", "WORK", "WORK 9/8", "WORK 0/8", "work 3/8", "REST 3/8 x"] {
            XCTAssertNil(IntervalLapLabel(other), "\(other ?? "nil")")
        }
    }

    func testRecordedBlocksComeFromTheLapsThatClosedThemThroughACoachsLap() {
        let laps = [Lap(sessionID: 1, tMs: 31_000, label: "WORK 1/2"), Lap(sessionID: 1, tMs: 45_000),
                    Lap(sessionID: 1, tMs: 61_000, label: "REST 1/2"), Lap(sessionID: 1, tMs: 88_000, label: "WORK 2/2")]
        let blocks = SessionPhase.intervalBlocks(fromLaps: laps.reversed())
        XCTAssertEqual(blocks, [
            SessionPhase(kind: .work, name: "WORK 1/2", fromMs: 0, toMs: 31_000),
            SessionPhase(kind: .rest, name: "REST 1/2", fromMs: 31_000, toMs: 61_000),
            SessionPhase(kind: .work, name: "WORK 2/2", fromMs: 61_000, toMs: 88_000),
        ])
        XCTAssertEqual(blocks.map(\.intervalLabel), [IntervalLapLabel(kind: .work, number: 1, of: 2),
                                                     IntervalLapLabel(kind: .rest, number: 1, of: 2), IntervalLapLabel(kind: .work, number: 2, of: 2)])
        XCTAssertEqual(SessionPhase.intervalBlocks(fromLaps: [Lap(sessionID: 1, tMs: 5_000)]), [])
    }

    func testPresetsRuleAndCuesAreKeptAsSettings() {
        var settings = KioskSettings()
        XCTAssertEqual(settings.intervalPresets, IntervalProgram.defaultPresets)
        settings.intervalPresets[1] = IntervalProgram(repeats: 6, workMs: 45_000, restMs: 15_000)
        settings.challengeRule = .higherZone
        settings.spokenCues = false
        let stored = Dictionary(uniqueKeysWithValues: settings.keyValues)
        XCTAssertEqual(stored["intervalPresets"], "8x30+30,6x45+15,4x240+180,6x180+120")
        XCTAssertEqual(KioskSettings(keyValues: { stored[$0] }), settings)
        XCTAssertEqual(settings.keyValues(changedSince: KioskSettings()).map(\.0), ["intervalPresets", "challengeRule", "spokenCues"])
        // A list that is not the presets (one too few, one unreadable) keeps the defaults.
        for bad in ["8x30+30,6x45+15,4x240+180", "8x30+30,6x45+15,4x240+180,junk"] {
            XCTAssertEqual(KioskSettings(keyValues: { $0 == "intervalPresets" ? bad : nil }).intervalPresets, IntervalProgram.defaultPresets)
        }
    }
}

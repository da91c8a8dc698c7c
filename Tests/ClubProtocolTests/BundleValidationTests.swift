import ClubProtocol
import Foundation
import TeamCore
import XCTest

final class BundleValidationTests: XCTestCase {
    func testRandomBundlesInsideTheRulesHaveNoProblems() {
        for seed in 0..<40 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            XCTAssertEqual(RandomBundles.make(&rng).problems, [], "seed \(seed)")
        }
    }

    func testMadeUpSessionsAreValidAndRepeatTheirBytes() throws {
        let a = SyntheticSession.make(seed: 4, players: 3, minutes: 2, startedMs: 1_767_225_600_000)
        XCTAssertEqual(a.problems, [])
        XCTAssertEqual(a.sampleCount, 3 * 120)
        XCTAssertEqual(try a.contentHash(), try SyntheticSession.make(seed: 4, players: 3, minutes: 2, startedMs: 1_767_225_600_000).contentHash())
        XCTAssertNotEqual(try a.contentHash(), try SyntheticSession.make(seed: 5, players: 3, minutes: 2, startedMs: 1_767_225_600_000).contentHash())
    }

    func testEachBrokenRuleIsNamed() {
        var rng = SeededGenerator(seed: 99)
        var good = RandomBundles.make(&rng, maxPlayers: 3)
        while good.participants.isEmpty || good.participants[0].samples.count == 0 { good = RandomBundles.make(&rng, maxPlayers: 3) }
        func problems(_ change: (inout SessionBundle) -> Void) -> [String] {
            var b = good
            change(&b)
            return b.problems
        }
        XCTAssertTrue(problems { $0.format = 4 }.contains { $0.contains("format") })
        XCTAssertTrue(problems { $0.session.state = "lost" }.contains { $0.contains("state") })
        XCTAssertTrue(problems { $0.session.zoneModel = "vibes" }.contains { $0.contains("zone model") })
        XCTAssertTrue(problems { $0.participants[0].samples.bpm.removeLast() }.contains { $0.contains("differ in length") })
        XCTAssertTrue(problems { $0.participants[0].samples.tMsDeltas[0] = -1 }.contains { $0.contains("go back") })
        XCTAssertTrue(problems { $0.participants[0].samples.strap[0] = 99 }.contains { $0.contains("strap not in the list") })
        XCTAssertTrue(problems { $0.participants[0].samples.contact[0] = 7 }.contains { $0.contains("contact") })
        XCTAssertTrue(problems { $0.participants[0].physiology.maxHR = .nan }.contains { $0.contains("max HR") })
        XCTAssertTrue(problems { $0.participants.append($0.participants[0]) }.contains { $0.contains("twice") })
        XCTAssertTrue(problems { $0.straps[0].address = "nope" }.contains { $0.contains("address") })
        XCTAssertTrue(problems { $0.strapEvents = [BundleStrapEvent(strap: 0, tMs: 1, kind: "mood", value: 1)] }.contains { $0.contains("kind") })
    }

    /// A participant's physiology is `TeamCore.Physiology` (no twin type): its bytes on the wire, written out by hand, and
    /// a sex or max HR source it has no case for is no bundle at all (the commit's 422: "not a session bundle").
    func testPhysiologyOnTheWireIsTeamCoresAndAnUnknownWordDoesNotDecode() throws {
        let physiology = Physiology(age: 17, sex: .female, weightKg: 58.5, restingHR: 52.5, maxHR: 196.1, maxSource: .tanaka)
        let wire = #"{"age":17,"maxHR":196.1,"maxSource":"tanaka","restingHR":52.5,"sex":"F","weightKg":58.5}"#
        XCTAssertEqual(String(decoding: try CanonicalJSON.encode(physiology), as: UTF8.self), wire)
        XCTAssertEqual(try CanonicalJSON.decode(Physiology.self, from: Data(wire.utf8)), physiology)
        for wrong in [wire.replacingOccurrences(of: #""F""#, with: #""X""#), wire.replacingOccurrences(of: "tanaka", with: "guess")] {
            XCTAssertThrowsError(try CanonicalJSON.decode(Physiology.self, from: Data(wrong.utf8)), wrong)
        }
    }

    /// Every bound of `InputBounds`, at its edge (kept) and one past it (refused), one field at a time.
    func testEveryNumberIsHeldToItsBoundsAtAndPastTheEdge() {
        let good = SyntheticSession.make(seed: 7, players: 2, minutes: 2, startedMs: 1_767_225_600_000)
        XCTAssertEqual(good.problems, [])
        func problems(_ change: (inout SessionBundle) -> Void) -> [String] {
            var b = good
            change(&b)
            return b.problems
        }
        func refused(_ words: String, file: StaticString = #filePath, line: UInt = #line, _ change: (inout SessionBundle) -> Void) {
            let found = problems(change)
            XCTAssertTrue(found.contains { $0.contains(words) }, "\(words): \(found)", file: file, line: line)
        }
        func kept(file: StaticString = #filePath, line: UInt = #line, _ change: (inout SessionBundle) -> Void) {
            XCTAssertEqual(problems(change), [], file: file, line: line)
        }
        // Times: 2000 to 2100, a session of at most 24 h.
        kept { $0.session.startedMs = InputBounds.unixMs.lowerBound; $0.session.endedMs = nil }
        refused("startedMs") { $0.session.startedMs = InputBounds.unixMs.lowerBound - 1 }
        refused("startedMs") { $0.session.startedMs = Int64.max - 1000; $0.session.endedMs = nil }
        refused("startedMs") { $0.session.startedMs = -1 }
        kept { $0.session.endedMs = $0.session.startedMs + InputBounds.sessionMs }
        refused("endedMs") { $0.session.endedMs = $0.session.startedMs + InputBounds.sessionMs + 1 }
        refused("endedMs") { $0.session.endedMs = Int64.max }
        refused("plannedMs") { $0.session.plannedMs = InputBounds.sessionMs + 1 }
        refused("effortEndMs") { $0.session.effortEndMs = -1 }
        refused("lap") { $0.laps[0].tMs = InputBounds.sessionMs + 1 }
        refused("sample times") { $0.participants[0].samples.tMsDeltas[1] = InputBounds.sessionMs }
        refused("sample times") { $0.participants[0].samples.tMsDeltas[1] = .max } // no overflow on the way
        refused("RR times") { $0.participants[0].rr.tMsDeltas[0] = Int64.max / 2; $0.participants[0].rr.tMsDeltas[1] = Int64.max / 2 }
        // Physiology: 1e300 and 1e-300 and NaN are refused like any value out of range.
        kept { $0.participants[0].physiology.weightKg = 250; $0.participants[0].physiology.restingHR = 20; $0.participants[0].physiology.maxHR = 260 }
        refused("weight") { $0.participants[0].physiology.weightKg = 1e300 }
        refused("weight") { $0.participants[0].physiology.weightKg = 1e-300 }
        refused("weight") { $0.participants[0].physiology.weightKg = 250.01 }
        refused("max HR") { $0.participants[0].physiology.maxHR = 260.5 }
        refused("resting") { $0.participants[0].physiology.restingHR = 1e-300 }
        refused("max HR") { $0.participants[0].physiology.maxHR = -.infinity }
        refused("age") { $0.participants[0].physiology.age = 151 }
        // Readings: what a strap's field can say (the analysis drops the implausible ones itself).
        kept { $0.participants[0].samples.bpm[0] = 0; $0.participants[0].samples.bpm[1] = 255 }
        refused("heart rate") { $0.participants[0].samples.bpm[0] = -1 }
        refused("heart rate") { $0.participants[0].samples.bpm[0] = 256 }
        kept { $0.participants[0].rr.rr1024[0] = 1; $0.participants[0].rr.rr1024[1] = 65_535 }
        refused("RR interval") { $0.participants[0].rr.rr1024[0] = 0 }
        refused("RR interval") { $0.participants[0].rr.rr1024[0] = 65_536 }
        refused("strap event") { $0.strapEvents = [BundleStrapEvent(strap: 0, tMs: 1, kind: "battery", value: 256)] }
        refused("battery") { $0.straps[0].lastBattery = -1 }
    }

    func testCountsAreBoundedByWhatSixtyStrapsSendInADay() {
        XCTAssertEqual(InputBounds.readingsPerSession, 60 * 24 * 3600)
        var b = SyntheticSession.make(seed: 8, players: 1, minutes: 1, startedMs: 1_767_225_600_000)
        let n = InputBounds.readingsPerParticipant + 1
        b.participants[0].samples = SampleColumns(tMsDeltas: Array(repeating: 0, count: n), bpm: Array(repeating: 100, count: n),
                                                  contact: Array(repeating: 2, count: n), strap: Array(repeating: 0, count: n),
                                                  energyKJ: Array(repeating: nil, count: n))
        XCTAssertTrue(b.problems.contains { $0.contains("more than \(InputBounds.readingsPerParticipant) readings") }, "\(b.problems)")
    }

    /// Texts are bounded in bytes as well as characters, and carry no control character.
    func testTextsAreBoundedInBytesAndRefuseControlCharacters() {
        let good = SyntheticSession.make(seed: 9, players: 2, minutes: 1, startedMs: 1_767_225_600_000)
        func problems(_ change: (inout SessionBundle) -> Void) -> [String] {
            var b = good
            change(&b)
            return b.problems
        }
        // One "character": a letter and 3 million combining acute accents (6 MB).
        let zalgo = "A" + String(repeating: "\u{301}", count: 3_000_000)
        XCTAssertEqual(zalgo.count, 1)
        XCTAssertTrue(problems { $0.session.teamName = zalgo }.contains { $0.contains("team name") && $0.contains("bytes") })
        XCTAssertTrue(problems { $0.participants[1].lastName = zalgo }.contains { $0.contains("last name") && $0.contains("bytes") })
        XCTAssertTrue(problems { $0.session.teamName = "U17\u{0}" }.contains { $0.contains("control character (U+0000)") })
        XCTAssertTrue(problems { $0.straps[0].name = "H10\n" }.contains { $0.contains("control character (U+000A)") })
        XCTAssertTrue(problems { $0.session.tags = ["a\u{1B}[31m"] }.contains { $0.contains("control character (U+001B)") })
        XCTAssertTrue(problems { $0.laps[0].label = String(repeating: "ü", count: 201) }.contains { $0.contains("characters") })
        XCTAssertTrue(problems { $0.session.teamName = " " }.contains { $0.contains("empty") })
        XCTAssertEqual(problems { $0.session.teamName = String(repeating: "😀", count: 200) }, [], "200 characters of 4 bytes: 800 bytes fit")
        XCTAssertEqual(TextBounds(characters: 3, bytes: 6).problem("ééé"), nil)
        XCTAssertNotNil(TextBounds(characters: 3, bytes: 5).problem("ééé"))
    }
}

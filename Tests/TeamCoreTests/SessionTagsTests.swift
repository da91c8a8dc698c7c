import XCTest
@testable import TeamCore

/// The words `record --tag`, `sessions --tag` and the kiosk share.
final class SessionTagsTests: XCTestCase {
    func testKnownWordsAndAliasesTakeTheirPlaceInOrder() throws {
        let tags = try SessionTags.parse(["Seated", "sprint", "MATCH", "before"])
        XCTAssertEqual(tags, SessionTags(moment: .beforeTraining, kind: .match, posture: .sitting, word: "sprint"))
        XCTAssertEqual(tags.tags, ["before-training", "match", "sitting", "sprint"])
        XCTAssertEqual(try SessionTags.parse(["recovery", "lying-down", "after"]).tags, ["after-training", "recovery-day", "lying"])
        XCTAssertEqual(try SessionTags.parse(["Sprint Test"]).word, "sprint-test")
        XCTAssertEqual(try SessionTags.parse([]).tags, [])
        XCTAssertEqual(try SessionTags.parse(["match", "match"]).tags, ["match"], "the same twice is once")
    }

    func testContradictionsAndBadWordsAreRefusedWithAReason() {
        func problem(_ typed: [String]) -> String? {
            do { _ = try SessionTags.parse(typed); return nil } catch { return error.description }
        }
        XCTAssertEqual(problem(["match", "training"]), "a session is one kind: match or training, not both")
        XCTAssertEqual(problem(["before", "after"]), "a session is either before-training or after-training, not both")
        XCTAssertEqual(problem(["lying", "standing"]), "one posture per session: lying or standing")
        XCTAssertTrue(problem(["derby", "cup"])?.hasPrefix("one free word per session ('derby' and 'cup')") == true)
        XCTAssertEqual(problem(["a,b"]), "tag 'a,b': only letters, digits and hyphens")
        XCTAssertEqual(problem([String(repeating: "x", count: 17)]), "tag '\(String(repeating: "x", count: 17))': longer than 16 characters")
        XCTAssertEqual(problem([" "]), "tag ' ': empty")
    }

    func testStoredTagsAreReadLeniently() {
        XCTAssertEqual(SessionTags(stored: ["rest-test", "seated", "match", "extra", "training"]),
                       SessionTags(kind: .match, posture: .sitting, word: "rest-test"))
        XCTAssertEqual(SessionTags(stored: ["no,pe", "ok"]).word, "ok", "a word that could not be typed is left out")
    }

    func testAFilterIsTheStoredForm() throws {
        XCTAssertEqual(try SessionTags.normalised("Before"), "before-training")
        XCTAssertEqual(try SessionTags.normalised("Derby"), "derby")
        XCTAssertThrowsError(try SessionTags.normalised(""))
    }
}

/// Issue 24: a readiness check is a session tagged with its kind and its posture; the tag sheet
/// does not offer the kind, and the season's load status ratios are a setting.
final class ReadinessCheckTagsTests: XCTestCase {
    func testACheckIsTaggedWithItsKindAndPosture() throws {
        let plan = ReadinessCheckPlan(lengthMs: 240_000, posture: .lying)
        XCTAssertEqual(plan.tags.tags, ["readiness", "lying"])
        XCTAssertTrue(SessionTags(stored: ["lying", "readiness"]).isReadinessCheck)
        XCTAssertFalse(try SessionTags.parse(["match", "sitting"]).isReadinessCheck)
        XCTAssertFalse(SessionTags.Kind.choosable.contains(.readiness))
        XCTAssertFalse(SessionTags.Kind.choosable.contains(.fitnessTest))
        XCTAssertEqual(SessionTags.Kind.choosable.count, SessionTags.Kind.allCases.count - 2)
        // A fitness test: its kind and its pace as the free word, read back as the plan it ran.
        let test = FitnessTestPlan.standard
        XCTAssertEqual(test.tags.tags, ["fitness-test", "12kmh-20m"])
        XCTAssertTrue(SessionTags(stored: test.tags.tags).isFitnessTest && SessionTags(stored: test.tags.tags).isMeasurement)
        XCTAssertEqual(test.beepIntervalMs, 6_000)
        XCTAssertEqual(FitnessTestPlan(runMs: 240_000, paceWord: "12kmh-20m"), test)
        XCTAssertNil(FitnessTestPlan(runMs: 240_000, paceWord: "12-20"))
        XCTAssertNil(test.problem)
        XCTAssertEqual(FitnessTestPlan(runMs: 240_000, speedKmh: 25, shuttleMetres: 20).problem, "a fitness test's pace is 6 to 20 km/h, not 25")
        XCTAssertNotNil(FitnessTestPlan(runMs: 60_000, speedKmh: 12, shuttleMetres: 20).problem)
        XCTAssertEqual(ReadinessCheckPlan().lengthMs, 180_000)
        XCTAssertEqual(ReadinessCheckPlan().posture, .sitting)
        XCTAssertTrue(ReadinessCheckPlan.allows(lengthMs: 120_000))
        XCTAssertTrue(ReadinessCheckPlan.allows(lengthMs: 300_000))
        XCTAssertFalse(ReadinessCheckPlan.allows(lengthMs: 119_999))
        XCTAssertFalse(ReadinessCheckPlan.allows(lengthMs: 300_001))
        let session = Session(id: 1, teamID: 1, plannedDurationMs: 180_000, startedAt: Date(), tags: ["readiness", "sitting"])
        XCTAssertTrue(session.isReadinessCheck)
    }

    func testTheLoadStatusRatiosAreThreeRisingPositiveNumbers() {
        XCTAssertEqual(KioskSettings().loadStatusRatios, [0.8, 1.0, 1.5])
        XCTAssertEqual(KioskSettings.loadStatusRatios(parsing: "0.7, 0.9,1.3"), [0.7, 0.9, 1.3])
        XCTAssertEqual(KioskSettings.loadStatusRatios(parsing: "1,1,1"), [1, 1, 1])
        for bad in ["1.2,1.0,1.5", "0.8,1.0", "0.8,1.0,1.5,2", "0,1,2", "a,b,c", "0.8,,1.5", "-1,1,2", "inf,inf,inf"] {
            XCTAssertNil(KioskSettings.loadStatusRatios(parsing: bad), bad)
        }
        var settings = KioskSettings()
        settings.loadStatusRatios = [0.7, 0.9, 1.3]
        let stored = Dictionary(uniqueKeysWithValues: settings.keyValues)
        XCTAssertEqual(KioskSettings { stored[$0] }.loadStatusRatios, [0.7, 0.9, 1.3])
        XCTAssertEqual(KioskSettings { $0 == "loadStatusRatios" ? "2,1,0" : nil }.loadStatusRatios, [0.8, 1.0, 1.5], "a bad value keeps the default")
    }

    func testRetentionCountsCalendarMonthsBackAndKeepsEverythingByDefault() throws {
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        XCTAssertTrue(KioskSettings().retention.keepsEverything)
        XCTAssertNil(SessionRetention(months: 0).cutoff(now: Date(), timeZone: utc))
        let endOfMarch = Date(timeIntervalSince1970: 1_774_958_400)  // 2026-03-31T12:00Z
        XCTAssertEqual(SessionRetention(months: 1).cutoffMs(now: endOfMarch, timeZone: utc), 1_772_280_000_000, "2026-02-28T12:00Z: the month's last day")
        XCTAssertEqual(SessionRetention(months: 12).cutoffMs(now: endOfMarch, timeZone: utc), 1_743_422_400_000, "2025-03-31T12:00Z")
        var settings = KioskSettings()
        settings.retention = SessionRetention(months: 24)
        let stored = Dictionary(uniqueKeysWithValues: settings.keyValues)
        XCTAssertEqual(stored["retentionMonths"], "24")
        XCTAssertEqual(KioskSettings { stored[$0] }.retention, SessionRetention(months: 24))
        XCTAssertEqual(KioskSettings { $0 == "retentionMonths" ? "601" : nil }.retention.months, 0, "out of range keeps the default")
        XCTAssertEqual(SessionRetention(months: 1).shortRule, "1 month, then deleted")
    }
}

import ClubProtocol
import Foundation
import TeamCore
import XCTest

final class RosterTests: XCTestCase {
    let player = UUID().uuidString.lowercased(), team = UUID().uuidString.lowercased()

    func edit(_ entity: RosterEntity, _ key: String, _ field: String, _ value: RosterValue) -> RosterEdit {
        RosterEdit(entity: entity, key: key, field: field, value: value, stamp: HybridTimestamp(wallMs: 1_700_000_000_000, origin: "kiosk:a"))
    }

    func testValidEditsPass() {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).base64EncodedString()
        for e in [edit(.player, player, "firstName", .string("Mia")), edit(.player, player, "lastName", .string("")),
                  edit(.player, player, "weightKg", .number(61.5)), edit(.player, player, "weightKg", .integer(61)),
                  edit(.player, player, "maxHR", .null), edit(.player, player, "photo", .string(jpeg)),
                  edit(.team, team, "colour", .string("#43A047")), edit(.player, player, "deleted", .bool(true)),
                  edit(.membership, "\(team)/\(player)", "shirtNumber", .integer(7)),
                  edit(.strap, StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:01").uuidString.lowercased(), "address", .string("A0:9E:1A:00:00:01")),
                  edit(.settings, "club", "zoneModel", .string("heartRateReserve")),
                  edit(.settings, "club", "loadStatusRatios", .string("0.7,0.9,1.3")), edit(.settings, "club", "loadStatusRatios", .string("1.0,1.0,1.0")),
                  edit(.settings, "club", "seasonStart", .string("07-15")), edit(.settings, "club", "seasonStart", .string("02-28"))] {
            XCTAssertNil(RosterSchema.problem(with: e), "\(e)")
        }
    }

    func testInvalidEditsAreRefusedWithAReason() {
        let cases: [(RosterEdit, String)] = [
            (edit(.player, player.uppercased(), "firstName", .string("Mia")), "lower case"),
            (edit(.player, "not-a-uuid", "firstName", .string("Mia")), "UUID"),
            (edit(.player, player, "shoeSize", .integer(42)), "no field"),
            (edit(.player, player, "firstName", .string("   ")), "empty"),
            (edit(.player, player, "firstName", .string(String(repeating: "x", count: 25))), "at most 24"),
            (edit(.player, player, "lastName", .string("Berg\nEvil")), "control"),
            (edit(.player, player, "birthYear", .integer(1800)), "1900"),
            (edit(.player, player, "weightKg", .string("heavy")), "number"),
            (edit(.player, player, "photo", .string(Data("PNG…".utf8).base64EncodedString())), "JPEG"),
            (edit(.team, team, "colour", .string("green")), "#RRGGBB"),
            (edit(.membership, team, "shirtNumber", .integer(7)), "<team uuid>/<player uuid>"),
            (edit(.session, team, "deleted", .bool(false)), "cannot be taken back"),
            (edit(.settings, "other", "zoneModel", .string("percentOfMax")), "\"club\""),
            (edit(.settings, "club", "loadStatusRatios", .string("1.2,1.0,1.5")), "do not fall"),
            (edit(.settings, "club", "loadStatusRatios", .string("0.8,1.0")), "three"),
            (edit(.settings, "club", "loadStatusRatios", .string("0,1.0,1.5")), "positive"),
            (edit(.settings, "club", "loadStatusRatios", .number(0.8)), "three"),
            (edit(.settings, "club", "seasonStart", .string("02-29")), "month and day"),
            (edit(.settings, "club", "seasonStart", .string("13-01")), "month and day"),
            (edit(.settings, "club", "seasonStart", .string("August")), "month and day"),
        ]
        for (e, expected) in cases {
            let problem = RosterSchema.problem(with: e)
            XCTAssertTrue(problem?.contains(expected) == true, "\(e.entity) \(e.field): \(problem ?? "nil")")
        }
        var noOrigin = edit(.player, player, "firstName", .string("Mia"))
        noOrigin.stamp.origin = ""
        XCTAssertNotNil(RosterSchema.problem(with: noOrigin))
    }

    /// A hostile kiosk's edits: numbers far out, a 6 MB "character", a NUL, a stamp near the end of time.
    func testOutOfRangeValuesAndBytesAreRefused() {
        let zalgo = "M" + String(repeating: "\u{301}", count: 3_000_000)
        let cases: [(RosterEdit, String)] = [
            (edit(.player, player, "weightKg", .number(1e300)), "20…250"),
            (edit(.player, player, "weightKg", .number(1e-300)), "20…250"),
            (edit(.player, player, "restingHR", .integer(Int64.max)), "25…120"),
            (edit(.player, player, "maxHR", .integer(-1)), "120…240"),
            (edit(.player, player, "firstName", .string(zalgo)), "96 bytes"),
            (edit(.player, player, "firstName", .string("Mia\u{0}")), "U+0000"),
            (edit(.team, team, "name", .string(String(repeating: "\u{1F600}", count: 25))), "at most 24 characters"),
            (edit(.strap, team, "name", .string(String(repeating: "e\u{301}", count: 200))), "256 bytes"),
        ]
        for (e, expected) in cases {
            let problem = RosterSchema.problem(with: e)
            XCTAssertTrue(problem?.contains(expected) == true, "\(e.entity) \(e.field): \(problem ?? "nil")")
        }
        XCTAssertNil(RosterSchema.problem(with: edit(.player, player, "firstName", .string(String(repeating: "\u{1F600}", count: 24)))),
                     "24 characters of 4 bytes fit")
        for wallMs in [Int64.max, 1, InputBounds.unixMs.upperBound + 1] {
            var e = edit(.player, player, "firstName", .string("Mia"))
            e.stamp.wallMs = wallMs
            XCTAssertTrue(RosterSchema.problem(with: e)?.contains("2000 to 2100") == true, "\(wallMs)")
        }
    }

    func testRosterValuesKeepTheirKindOnTheWire() throws {
        for value in [RosterValue.null, .bool(true), .integer(-7), .number(61.5), .string("Zoë \"Z\"")] {
            XCTAssertEqual(try CanonicalJSON.decode(RosterValue.self, from: CanonicalJSON.encode(value)), value)
        }
    }

    func testAStrapsIdentityFollowsFromItsAddress() {
        let a = StrapIdentity.uuid(forAddress: "a0:9e:1a:00:00:01"), b = StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:01")
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:02"))
        XCTAssertEqual(a.uuidString.dropFirst(14).first, "5", "a version-5 UUID")
    }

    /// A bundle's strap is the kiosk's `Strap` mapped in one place (`BundleStrap(_:)`): what it said of itself and its
    /// battery go, its store id, last seen and the club's label stay home; without a UUID, its address gives one.
    func testABundlesStrapIsTheKiosksStrapWithoutWhatStaysHome() {
        let strap = Strap(id: 7, address: "a0:9e:1a:00:00:01", name: "Polar H10 1", lastBattery: 80, lastSeen: Date(), bodyLocation: "chest",
                          manufacturer: "Polar Electro Oy", label: "Box A 7")
        XCTAssertEqual(BundleStrap(strap), BundleStrap(uuid: StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:01"), address: "A0:9E:1A:00:00:01",
                                                       name: "Polar H10 1", bodyLocation: "chest", manufacturer: "Polar Electro Oy", lastBattery: 80))
        var known = strap
        known.uuid = UUID(uuidString: "00000000-0000-4000-8000-000000000007")
        XCTAssertEqual(BundleStrap(known).uuid, known.uuid, "the club's identity when the store has it")
    }
}

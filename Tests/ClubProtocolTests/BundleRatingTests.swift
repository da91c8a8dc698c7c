import Analytics
import ClubProtocol
import Foundation
import TeamCore
import XCTest

/// Format 2: the players' session RPE in the bundle. Without a rating a bundle is format 1 with the same
/// bytes as before ratings existed; with one, format 2; ratings read back into the analysis; the only
/// difference two uploads of a session may have is their ratings.
final class BundleRatingTests: XCTestCase {
    private func bundle(_ seed: UInt64 = 3) -> SessionBundle {
        var rng = SeededGenerator(seed: seed)
        var b = RandomBundles.make(&rng)
        while b.participants.count < 2 { b = RandomBundles.make(&rng) }
        return b
    }

    func testAnUnratedBundleIsFormatOneAndCarriesNoRatingKey() throws {
        let b = bundle()
        let read = b.contents(sessionID: 5)
        let again = try SessionBundle(rows: read.rows, identities: read.identities, strapEvents: read.strapEvents, ratings: read.ratings)
        XCTAssertEqual(again.format, 1)
        XCTAssertFalse(String(decoding: try again.canonicalBytes(), as: UTF8.self).contains("\"rating\""))
        XCTAssertEqual(try again.contentHash(), try b.contentHash(), "the same bytes as a kiosk before ratings")
        XCTAssertTrue(again.problems.isEmpty, again.problems.joined(separator: "; "))
    }

    func testRatingsMakeFormatTwoAndReadBackIntoTheAnalysis() throws {
        let b = bundle()
        let read = b.contents(sessionID: 5)
        let ratedAt = Date(unixMs: 1_773_490_000_000)
        let ratings: [Int64: SessionRating] = [1: SessionRating(sessionID: 5, playerID: 1, rpe: 7, ratedAt: ratedAt, byCoach: false),
                                               2: SessionRating(sessionID: 5, playerID: 2, rpe: 0, ratedAt: ratedAt, byCoach: true)]
        let rated = try SessionBundle(rows: read.rows, identities: read.identities, strapEvents: read.strapEvents, ratings: ratings)
        XCTAssertEqual(rated.format, 2)
        XCTAssertEqual(rated.participants[0].rating, BundleRating(rpe: 7, ratedMs: ratedAt.unixMs, byCoach: false))
        XCTAssertTrue(rated.problems.isEmpty, rated.problems.joined(separator: "; "))
        let decoded = try CanonicalJSON.decode(SessionBundle.self, from: try rated.canonicalBytes())
        XCTAssertEqual(decoded, rated)
        XCTAssertEqual(decoded.contents(sessionID: 5).ratings, ratings)
        XCTAssertEqual(try rated.withoutRatings.canonicalBytes(), try b.canonicalBytes(), "only the ratings differ")
        XCTAssertNotEqual(try rated.contentHash(), try b.contentHash())
    }

    func testBoundsOfARating() {
        var b = bundle()
        b.format = 2
        b.participants[0].rating = BundleRating(rpe: 11, ratedMs: 1_773_490_000_000, byCoach: false)
        XCTAssertTrue(b.problems.contains { $0.contains("off the CR-10 scale") }, b.problems.joined(separator: "; "))
        b.participants[0].rating = BundleRating(rpe: 5, ratedMs: 12, byCoach: false)
        XCTAssertTrue(b.problems.contains { $0.contains("ratedMs 12") })
        b.participants[0].rating = BundleRating(rpe: 5, ratedMs: 1_773_490_000_000, byCoach: false)
        XCTAssertTrue(b.problems.isEmpty)
        b.format = 1
        XCTAssertTrue(b.problems.contains { $0.contains("format 1 bundle carries no ratings") })
        b.format = 4
        XCTAssertTrue(b.problems.contains { $0.contains("format 4 is not one of 1, 2, 3") })
    }

    /// A club's rewrite without an erased player equals the kiosk's own bundle after the erasure (decision 068):
    /// when that player gave the session's only rating, both are format 1 again, with format 1's bytes.
    func testErasingTheOnlyRaterGivesFormatOneAgain() throws {
        let b = bundle()
        let read = b.contents(sessionID: 5)
        let ratedAt = Date(unixMs: 1_773_490_000_000)
        let rated = try SessionBundle(rows: read.rows, identities: read.identities, strapEvents: read.strapEvents,
                                      ratings: [1: SessionRating(sessionID: 5, playerID: 1, rpe: 7, ratedAt: ratedAt, byCoach: false)])
        XCTAssertEqual(rated.format, 2)
        let erased = rated.erasing(players: [rated.participants[0].playerUUID])
        XCTAssertEqual(erased.format, 1)
        XCTAssertEqual(try erased.contentHash(), try b.erasing(players: [b.participants[0].playerUUID]).contentHash())
        XCTAssertEqual(rated.erasing(players: [rated.participants[1].playerUUID]).format, 2, "the rater stays: format 2")
    }
}

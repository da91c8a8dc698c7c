import XCTest
@testable import ClubStorage

/// The sign-in limit on virtual time: a stand-in for the failures table (what `sideline_login_failed` keeps),
/// a clock moved by hand, and guessers and the admin trying as the tests script them. No sleeps.
final class SignInLimitTests: XCTestCase {
    struct Failure { var email: String, address: String, at: Date }

    /// The table and the clock: `attempt` decides, checks the password when allowed, records a failure.
    struct World {
        let limit = SignInLimit()
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var failures: [Failure] = []

        func history(_ email: String, _ address: String) -> SignInLimit.History {
            let newestFirst = failures.sorted { $0.at > $1.at }
            return .init(email: newestFirst.filter { $0.email == email }.map(\.at),
                         pair: newestFirst.filter { $0.email == email && $0.address == address }.map(\.at),
                         address: newestFirst.filter { $0.address == address }.map(\.at))
        }

        /// The decision; a checked wrong password is recorded as a failure, a right one clears its pair.
        mutating func attempt(_ email: String, from address: String, right: Bool) -> SignInLimit.Decision {
            let decision = limit.decide(history(email, address), now: now)
            if decision == .check {
                if right { failures.removeAll { $0.email == email && $0.address == address } } else { failures.append(Failure(email: email, address: address, at: now)) }
            }
            return decision
        }
    }

    func testAStrangerHammeringTheAdminFromOneAddressNeverStopsTheAdminFromAnother() {
        var world = World()
        var checked = 0
        for second in 0..<3600 {
            world.now = Date(timeIntervalSince1970: 1_800_000_000 + Double(second))
            if world.attempt("admin@club.example", from: "198.51.100.66", right: false) == .check { checked += 1 }
            // Every ten seconds the admin tries from home: never refused, whatever the stranger did.
            if second % 10 == 0 {
                XCTAssertEqual(world.attempt("admin@club.example", from: "203.0.113.7", right: true), .check, "at \(second) s")
            }
        }
        // Five guesses per quarter hour from that address, and the rest refused unread.
        XCTAssertLessThanOrEqual(checked, 5 * 4 + 5)
        guard case .refused(.pair, let wait) = world.attempt("admin@club.example", from: "198.51.100.66", right: true) else {
            return XCTFail("the stranger's address is refused for the admin's e-mail, even with the right password")
        }
        XCTAssertLessThanOrEqual(wait, world.limit.window)
    }

    func testGuessersOnManyAddressesAreSpacedAndTheRightPasswordWaitsAtMostTheSpacing() {
        var world = World()
        var checked = 0
        var longestRefusal: TimeInterval = 0
        // A new address for every guess, ten guesses a second, for half an hour.
        for tick in 0..<18_000 {
            world.now = Date(timeIntervalSince1970: 1_800_000_000 + Double(tick) / 10)
            if world.attempt("admin@club.example", from: "10.0.\(tick / 250).\(tick % 250)", right: false) == .check { checked += 1 }
            if tick % 37 == 0, case .refused(let reason, let wait) = world.attempt("admin@club.example", from: "203.0.113.7", right: true) {
                XCTAssertEqual(reason, .email)
                longestRefusal = max(longestRefusal, wait)
            }
        }
        XCTAssertLessThanOrEqual(longestRefusal, world.limit.maxSpacing, "the right password is never kept out longer than the spacing")
        // At most the free ten plus one check per 30 s once spaced: ~70 in 30 minutes, not 18,000.
        XCTAssertLessThanOrEqual(checked, 10 + 2 * 30 * 2 + 10)
        // The guesses stop: after the spacing the admin is checked, and signs in.
        world.now = world.now.addingTimeInterval(world.limit.maxSpacing)
        XCTAssertEqual(world.attempt("admin@club.example", from: "203.0.113.7", right: true), .check)
    }

    func testTheSpacingDoublesFromOneSecondUpToItsCap() {
        let limit = SignInLimit()
        XCTAssertEqual((9...17).map { limit.spacing(afterFailures: $0) }, [0, 0, 1, 2, 4, 8, 16, 30, 30])
        XCTAssertEqual(limit.spacing(afterFailures: 10_000), 30)
    }

    func testOneAddressSprayingManyEmailsIsRefusedAndOthersAreNot() {
        var world = World()
        for i in 0..<20 { XCTAssertEqual(world.attempt("user\(i)@club.example", from: "198.51.100.66", right: false), .check) }
        guard case .refused(.address, _) = world.attempt("admin@club.example", from: "198.51.100.66", right: true) else {
            return XCTFail("the twenty-first try from that address is refused")
        }
        XCTAssertEqual(world.attempt("admin@club.example", from: "203.0.113.7", right: true), .check)
    }

    func testFailuresOlderThanTheWindowCountForNothing() {
        var world = World()
        for _ in 0..<5 { _ = world.attempt("coach@club.example", from: "198.51.100.66", right: false) }
        guard case .refused(.pair, let wait) = world.attempt("coach@club.example", from: "198.51.100.66", right: true) else {
            return XCTFail("five failures from one address refuse the sixth try")
        }
        XCTAssertEqual(wait, 15 * 60, accuracy: 0.001)
        world.now = world.now.addingTimeInterval(wait)
        XCTAssertEqual(world.attempt("coach@club.example", from: "198.51.100.66", right: true), .check)
    }

    func testASuccessClearsOnlyItsOwnPair() {
        var world = World()
        for _ in 0..<5 { _ = world.attempt("admin@club.example", from: "198.51.100.66", right: false) }
        XCTAssertEqual(world.attempt("admin@club.example", from: "203.0.113.7", right: true), .check)
        guard case .refused(.pair, _) = world.attempt("admin@club.example", from: "198.51.100.66", right: false) else {
            return XCTFail("the admin signing in elsewhere gives the guesser no fresh tries")
        }
    }
}

import ClubProtocol
import ClubSync
import Foundation
import Store
import XCTest

/// Decision 098: a store written before v32 (`Tests/Fixtures/rr-minute-v30`, made by the v30 binary: beats at a
/// minute's edges, ties, the u16 extremes, a beat placed back across an edge, an erased player, a session left
/// recording) gives, once its beats are packed a row a player and minute, the club bundles v30 gave, byte for byte.
final class RRMinuteBundleTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rr-minute-v30")
    let fixture = ClubSyncFixture()
    override func tearDown() { fixture.remove() }

    func testBundlesOfAV30StoreAreTheOnesV30Gave() throws {
        for name in ["v30.sqlite", "v30.sqlite.erasures"] {
            try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(name).path,
                                             toPath: fixture.path + name.dropFirst("v30.sqlite".count))
        }
        let store = try fixture.open()
        for session in [1, 2] as [Int64] {
            let made = try DispatchQueue.global().sync { try KioskSessionBundle.make(store: store, sessionID: session).canonicalBytes() }
            let expected = Self.fixtures.appendingPathComponent("expected/bundle-s\(session).json")
            guard made != (try? Data(contentsOf: expected)) else { continue }
            // Kept outside the fixture's folder (removed at the end) to be compared by eye.
            let kept = NSTemporaryDirectory() + "rr-minute-bundle-s\(session).json"
            try made.write(to: URL(fileURLWithPath: kept))
            XCTFail("session \(session): the bundle is not the one v30 gave (\(expected.path)); the one made now is at \(kept)")
        }
    }
}

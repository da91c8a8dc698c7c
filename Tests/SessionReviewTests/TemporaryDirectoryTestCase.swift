import Foundation
import XCTest

/// A test case with a fresh directory for its database, removed afterwards.
class TemporaryDirectoryTestCase: XCTestCase {
    private(set) var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "sideline-review-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }
}

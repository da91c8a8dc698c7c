import Foundation
import XCTest

/// A test case with a fresh folder for its store, removed afterwards.
class TemporaryFolderTestCase: XCTestCase {
    private(set) var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sideline-recording-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }
}

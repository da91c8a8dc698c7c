import Foundation
@testable import Store
import TeamCore

/// A fresh database in a temporary folder per test.
struct StoreFixture {
    let directory: String
    var path: String { directory + "/sideline.sqlite" }

    init() {
        directory = NSTemporaryDirectory() + "sideline-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func open() throws -> SidelineStore { try SidelineStore(path: path) }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    static func player(_ first: String, born: Int = 2000, sex: Sex = .female) -> Player {
        Player(firstName: first, lastName: "Test", birthYear: born, sex: sex, weightKg: 65, restingHR: 55)
    }
}

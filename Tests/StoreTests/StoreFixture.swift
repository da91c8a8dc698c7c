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

    /// The store with a team, a player and an ended session.
    func openWithASession() throws -> SidelineStore {
        let store = try open()
        let team = try store.createTeam(name: "U17")
        let mia = try store.addPlayer(Self.player("Mia"), toTeam: team.id, shirtNumber: 7)
        let session = try store.startSession(teamID: team.id, participants: [Participant(playerID: mia, strapID: nil)],
                                             plannedDurationMs: 60_000, zoneModel: .percentOfMax, formula: .tanaka, at: Date())
        try store.endSession(session.id)
        return store
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    static func player(_ first: String, born: Int = 2000, sex: Sex = .female) -> Player {
        Player(firstName: first, lastName: "Test", birthYear: born, sex: sex, weightKg: 65, restingHR: 55)
    }
}

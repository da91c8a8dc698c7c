@testable import AppCore
import XCTest
import TeamCore

/// Photos on a USB stick named by shirt number or name, matched with the roster.
final class PhotoFileNamesTests: XCTestCase {
    private let roster = [
        RosterLine(playerID: 1, player: Player(firstName: "Mia", lastName: "Berg", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55),
                   shirtNumber: 9, strapID: nil),
        RosterLine(playerID: 2, player: Player(firstName: "Zoë", lastName: "Van Dijk", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55),
                   shirtNumber: 14, strapID: nil),
        RosterLine(playerID: 3, player: Player(firstName: "Noah", lastName: "Costa", birthYear: 2000, sex: .male, weightKg: 70, restingHR: 55),
                   shirtNumber: 1, strapID: nil),
    ]

    func testNumbersAndNamesInAnyCaseAccentOrSeparator() {
        let files = ["/s/09.JPG", "/s/zoe_van-dijk.png", "/s/photos/costa noah.jpeg", "/s/readme.txt", "/s/._9.jpg", "/s/7.jpg", "/s/Mia Berg.webp"]
        let result = PhotoFileNames.match(files, roster: roster)
        XCTAssertEqual(result.matches.map(\.playerID).sorted(), [1, 2, 3])
        XCTAssertEqual(result.matches.first { $0.playerID == 1 }?.file, "/s/09.JPG", "by path order: 09.JPG before Mia Berg.webp")
        XCTAssertEqual(result.unmatched, ["/s/7.jpg"], "nobody wears 7; text files and hidden files are not pictures")
    }

    func testNothingMatchesAnotherTeamsPlayer() {
        XCTAssertEqual(PhotoFileNames.match(["/s/Ida Fischer.jpg"], roster: roster).matches, [])
    }
}

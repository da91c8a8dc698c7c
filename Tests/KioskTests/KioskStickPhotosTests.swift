import AppCore
import Foundation
@testable import Kiosk
import KioskShell
import Store
import TeamCore
import XCTest

/// "Import photos from USB" against pictures a stranger's stick may carry (issue 26): the first that
/// cannot be a photo is named and nothing is stored, however many good ones came before it. The
/// pictures are decoded in process here (the shell's preparer, told so); the helper process is the
/// end-to-end tests' (the real binary).
final class KioskStickPhotosTests: XCTestCase {
    private var folder: String!
    /// SDL_image in this process (the kiosk uses a helper process: `HelperPhotoPreparer()`).
    private let inProcess = HelperPhotoPreparer(.inProcess)

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sideline-kiosk-photos-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/stick/photos", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A 2 × 2 BMP: a real picture, small enough to write here by hand.
    private let goodPicture: [UInt8] = Array("BM".utf8) + [70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 24, 0]
        + [UInt8](repeating: 0, count: 24) + [UInt8](repeating: 0x80, count: 16)

    /// The crash, cut to its header: a PNG declaring 40000 × 40000 pixels.
    private let bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40, 8, 2, 0, 0, 0, 0, 0, 0, 0]

    func testTheFirstPictureThatCannotBeAPhotoIsNamedAndNothingIsStored() throws {
        let store = try SidelineStore(path: folder + "/kiosk.sqlite")
        let rows = [RosterCSV.Row(line: 1, shirtNumber: 4, player: Player(firstName: "Ada", lastName: "Berg", birthYear: 2008, sex: .female, weightKg: 60, restingHR: 55)),
                    RosterCSV.Row(line: 2, shirtNumber: 7, player: Player(firstName: "Mia", lastName: "Lind", birthYear: 2008, sex: .female, weightKg: 60, restingHR: 55))]
        let team = try store.importRoster(rows, teamNamed: "Eagles")
        let roster = try store.roster(teamID: team.id).map { RosterLine(playerID: $0.playerID, player: $0.player, shirtNumber: $0.shirtNumber, strapID: nil) }
        try Data(goodPicture).write(to: URL(fileURLWithPath: folder + "/stick/photos/4.bmp"))
        try Data(bomb).write(to: URL(fileURLWithPath: folder + "/stick/photos/7.png"))
        let notice = try StickServices.importPhotos(from: folder + "/stick", roster: roster, into: store, preparing: inProcess)
        XCTAssertEqual(notice.english, "Photos not imported, nothing changed: 7.png cannot be used as a photo (a PNG of 40000×40000 pixels is too large for a photo (at most 8000 pixels a side and 40 megapixels))")
        XCTAssertNil(try store.playerPhoto(roster[0].playerID), "the good one before it is not stored either")

        // A folder named like a photo, and a pipe: refused without being read (a pipe would block a read).
        try FileManager.default.removeItem(atPath: folder + "/stick/photos/7.png")
        try FileManager.default.createDirectory(atPath: folder + "/stick/photos/7.jpg", withIntermediateDirectories: false)
        XCTAssertTrue(try StickServices.importPhotos(from: folder + "/stick", roster: roster, into: store, preparing: inProcess)
            .english.hasSuffix("7.jpg cannot be used as a photo (a folder, not a file)"))
        try FileManager.default.removeItem(atPath: folder + "/stick/photos/7.jpg")
        XCTAssertEqual(mkfifo(folder + "/stick/photos/7.gif", 0o600), 0)
        XCTAssertTrue(try StickServices.importPhotos(from: folder + "/stick", roster: roster, into: store, preparing: inProcess)
            .english.hasSuffix("7.gif cannot be used as a photo (not a plain file (a device or a pipe))"))

        try FileManager.default.removeItem(atPath: folder + "/stick/photos/7.gif")
        XCTAssertEqual(try StickServices.importPhotos(from: folder + "/stick", roster: roster, into: store, preparing: inProcess).english,
                       "Imported 1 photo from the USB stick")
        XCTAssertNotNil(try store.playerPhoto(roster[0].playerID))
    }
}

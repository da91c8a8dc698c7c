import CSDL2
@testable import PlayerPhotos
import XCTest

/// Photos as players' faces: decoded by SDL_image, cropped around the face, scaled, stored as JPEG.
final class PhotoImageTests: XCTestCase {
    private func png(width: Int, height: Int) throws -> [UInt8] { try TestPictures.written(.png, width: width, height: height) }

    private func pixel(_ image: PhotoImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        image.withPixels { pixels, pitch in
            let p = pixels[y * pitch + x]
            return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
        }
    }

    func testAPortraitIsCroppedToASquareFromItsUpperPartAndScaled() throws {
        // 400×1000: the square is 400 high, starting a quarter of the spare 600 down (150): rows 150–550,
        // so red (0–499) fills all but its bottom eighth.
        let image = try PhotoImage(decoding: png(width: 400, height: 1000)).square(side: 64)
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 64)
        XCTAssertEqual(pixel(image, 32, 10).r, 255)
        XCTAssertEqual(pixel(image, 32, 50).r, 255, "row 150 + 50/64 × 400 = 462 is still red")
        XCTAssertGreaterThan(pixel(image, 32, 63).b, 200, "the bottom of the square is blue")
    }

    func testALandscapeKeepsItsMiddle() throws {
        let image = try PhotoImage(decoding: png(width: 1000, height: 400)).square(side: 100)
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(pixel(image, 50, 20).r, 255)
        XCTAssertGreaterThan(pixel(image, 50, 80).b, 200)
    }

    func testStoredPhotosAreSmallSquareJPEGsThatDecodeAgain() throws {
        let stored = try StoredPhoto(preparing: png(width: 1600, height: 1200))
        XCTAssertEqual(Array(stored.jpeg.prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG")
        XCTAssertLessThan(stored.jpeg.count, 30_000)
        let again = try PhotoImage(decoding: stored.jpeg)
        XCTAssertEqual([again.width, again.height], [StoredPhoto.side, StoredPhoto.side])
    }

    func testWhatIsNotAPictureIsRefusedWithAReason() throws {
        XCTAssertThrowsError(try StoredPhoto(preparing: Array("number,first,last\n7,Mia,Berg\n".utf8))) { error in
            XCTAssertEqual("\(error)", "not a JPEG, PNG, GIF, BMP or WebP picture")
        }
        XCTAssertThrowsError(try StoredPhoto(preparing: [])) { XCTAssertEqual("\($0)", "the file is empty") }
        // A real PNG cut short: its pixels are missing.
        let cut = Array(try png(width: 300, height: 300).prefix(60))
        XCTAssertThrowsError(try StoredPhoto(preparing: cut))
    }
}

import CSDL2
@testable import KioskUI
import XCTest

/// Opaque text copies only its ink (decision 101): the part of its box whose pixels are not the
/// background's, found once when it is rendered; and big numbers' characters found by their place.
final class TextInkTests: XCTestCase {
    private let background = Colour(0x2E, 0x7D, 0x32)

    private func surface(width: Int32, height: Int32) throws -> UnsafeMutablePointer<SDL_Surface> {
        let s = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, sideline_SDL_PIXELFORMAT_RGB888()))
        SDL_FillRect(s, nil, SDL_MapRGB(s.pointee.format, background.r, background.g, background.b))
        return s
    }

    private func set(_ s: UnsafeMutablePointer<SDL_Surface>, x: Int, y: Int, _ c: Colour) {
        let pixels = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        pixels[y * Int(s.pointee.pitch) / 4 + x] = SDL_MapRGB(s.pointee.format, c.r, c.g, c.b)
    }

    func testTheInkIsTheSmallestRectangleHoldingEveryPixelUnlikeTheBackground() throws {
        let s = try surface(width: 20, height: 30)
        defer { SDL_FreeSurface(s) }
        // One unit off in blue is ink: a copy must not lose it.
        set(s, x: 3, y: 7, Colour(background.r, background.g, background.b &+ 1))
        set(s, x: 15, y: 21, Colour(255, 255, 255))
        let ink = Precomposite.ink(s, unlike: background)
        XCTAssertEqual([ink.x, ink.y, ink.w, ink.h], [3, 7, 13, 15])
    }

    func testABoxOfBackgroundOnlyHasNoInk() throws {
        let s = try surface(width: 9, height: 4)
        defer { SDL_FreeSurface(s) }
        XCTAssertEqual(Precomposite.ink(s, unlike: background).w, 0)
        XCTAssertEqual(Precomposite.ink(s, unlike: Colour(0, 0, 0)).w, 9, "another colour behind it: all of it is ink")
    }

    func testBigNumbersAreMadeOfTheFourteenCharactersAndAtMostEight() {
        for (place, scalar) in GlyphSet.friendly.enumerated() { XCTAssertEqual(GlyphSet.place(scalar), place) }
        XCTAssertNil(GlyphSet.place("a"))
        XCTAssertNil(GlyphSet.place("+"))
        for big in ["173", "1:05:00", "−3", "85%", "12345678", "-0"] { XCTAssertTrue(Canvas.usesGlyphs(big, size: 40), big) }
        for other in ["123456789", "1 2", "+3", "1\u{301}"] { XCTAssertFalse(Canvas.usesGlyphs(other, size: 40), other) }
        XCTAssertFalse(Canvas.usesGlyphs("173", size: Canvas.glyphPathMinSize - 1), "small numbers are cached whole")
    }
}

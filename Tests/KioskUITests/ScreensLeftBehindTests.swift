import CSDL2
@testable import KioskUI
import XCTest

/// The live screen keeps only what its first frame drew (decision 109): the texts earlier screens drew and
/// the fonts only they used are let go, and a text drawn again comes out pixel for pixel as before.
final class ScreensLeftBehindTests: XCTestCase {
    private var surface: UnsafeMutablePointer<SDL_Surface>!
    private var renderer: OpaquePointer!

    override func setUpWithError() throws {
        surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 400, 100, 32, sideline_SDL_PIXELFORMAT_ARGB8888()))
        renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
    }

    override func tearDown() {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    private func pixels() -> [UInt32] {
        let words = Int(surface.pointee.pitch) / 4 * Int(surface.pointee.h)
        return Array(UnsafeBufferPointer(start: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: words))
    }

    func testOnlyTheLastFramesTextsAndTheirFontsStay() throws {
        let fonts = try FontBook(assetsDirectory: nil)
        let canvas = Canvas(renderer: renderer, fonts: fonts, width: 400, height: 100)
        let white = Colour(255, 255, 255), green = Colour(0x2E, 0x7D, 0x32)
        // An earlier screen: two texts in sizes of their own, one measured only.
        canvas.beginFrame()
        XCTAssertNotNil(canvas.text.texture("Pick a team", size: 30, bold: true, colour: white))
        XCTAssertNotNil(canvas.text.texture("Squad", size: 18, bold: false, colour: white, background: green))
        _ = canvas.text.measure("Lobby", size: 40, bold: false)
        // The next screen's first frame: one text in a size of its own, one the earlier screen drew too.
        canvas.beginFrame()
        XCTAssertNotNil(canvas.text.texture("173", size: 22, bold: true, colour: white, background: green))
        XCTAssertNotNil(canvas.text.texture("Squad", size: 18, bold: false, colour: white, background: green))
        XCTAssertEqual(fonts.openCount, 4)
        XCTAssertEqual(canvas.cachedTextCount, 3)

        Canvas.keepOnlyLastFrames(of: [canvas])
        XCTAssertEqual(canvas.cachedTextCount, 2, "the earlier screen's own text is gone")
        XCTAssertEqual(fonts.openCount, 2, "bold 30 and regular 40 are closed; bold 22 and regular 18 stay")
        XCTAssertNotNil(fonts.font(size: 22, bold: true))
        XCTAssertEqual(fonts.openCount, 2)
    }

    func testATextDrawnAgainAfterItsFontWasClosedIsTheSamePixels() throws {
        let fonts = try FontBook(assetsDirectory: nil)
        let canvas = Canvas(renderer: renderer, fonts: fonts, width: 400, height: 100)
        let colour = Colour(250, 250, 250), background = Colour(0x2E, 0x7D, 0x32)
        func draw() -> [UInt32] {
            canvas.beginFrame()
            SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 255)
            SDL_RenderClear(renderer)
            canvas.text(" Zoë Ødegård 173 ", size: 30, bold: true, colour: colour, in: Rect(0, 0, 400, 100), background: background)
            canvas.text("Ready", size: 18, bold: false, colour: colour, in: Rect(0, 60, 400, 40))
            return pixels()
        }
        let first = draw()
        XCTAssertNotEqual(Set(first).count, 1, "nothing was drawn")
        canvas.beginFrame()
        Canvas.keepOnlyLastFrames(of: [canvas])
        XCTAssertEqual(canvas.cachedTextCount, 0)
        XCTAssertEqual(fonts.openCount, 0)
        XCTAssertEqual(draw(), first)
    }
}

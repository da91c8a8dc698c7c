import KioskUI
import XCTest

final class TileGridTests: XCTestCase {
    func testDesignGridsAtWallDisplaySizes() {
        // DESIGN.md: 4 → 2×2, 8 → 4×2, 12 → 4×3, 16 → 4×4.
        XCTAssertTrue(TileGrid.dimensions(count: 4, width: 1920, height: 1000) == (2, 2))
        XCTAssertTrue(TileGrid.dimensions(count: 8, width: 1920, height: 1000) == (4, 2))
        XCTAssertTrue(TileGrid.dimensions(count: 12, width: 1920, height: 1000) == (4, 3))
        XCTAssertTrue(TileGrid.dimensions(count: 16, width: 1920, height: 1000) == (4, 4))
    }

    func testEveryCountFromOneToFortyFitsWithoutOverlap() {
        for (w, h) in [(800, 416), (1920, 1016), (3840, 2100)] {
            let area = Rect(0, 0, w, h)
            for n in 1...40 {
                let rects = TileGrid.rects(count: n, in: area, gap: 6)
                XCTAssertEqual(rects.count, n)
                for r in rects {
                    XCTAssertTrue(r.x >= 0 && r.y >= 0 && r.maxX <= w && r.maxY <= h, "\(n) tiles at \(w)x\(h): \(r)")
                    XCTAssertGreaterThan(r.w, 40)
                    XCTAssertGreaterThan(r.h, 30)
                }
                for i in rects.indices { for j in rects.indices where j > i { XCTAssertFalse(rects[i].intersects(rects[j])) } }
            }
        }
    }
}

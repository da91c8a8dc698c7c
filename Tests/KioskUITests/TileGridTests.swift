import KioskUI
import XCTest

final class TileGridTests: XCTestCase {
    func testDesignGridsAtWallDisplaySizes() {
        // DESIGN.md: 4 → 2×2, 8 → 4×2, 12 → 4×3, 16 → 4×4.
        assertGrid(4, columns: 2, rows: 2)
        assertGrid(8, columns: 4, rows: 2)
        assertGrid(12, columns: 4, rows: 3)
        assertGrid(16, columns: 4, rows: 4)
    }

    private func assertGrid(_ n: Int, columns: Int, rows: Int, file: StaticString = #filePath, line: UInt = #line) {
        let d = TileGrid.dimensions(count: n, width: 1920, height: 1000)
        XCTAssertEqual(d.columns, columns, "\(n) tiles", file: file, line: line)
        XCTAssertEqual(d.rows, rows, "\(n) tiles", file: file, line: line)
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

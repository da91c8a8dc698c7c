import AppCore
@testable import KioskUI
import TeamCore
import XCTest

/// The tile's parts never overlap, at any size a grid of 1 to 40 tiles gives on the coach screen
/// or the wall display; a name is the longest of its forms that fits at a readable size.
final class TileLayoutTests: XCTestCase {
    func testRowsAvatarHeartNumberBadgeAndBatteryNeverOverlap() {
        for (w, h, minText) in [(800, 404, 12), (1920, 1000, 24), (3840, 2000, 48)] {
            for n in 1...40 {
                for r in TileGrid.rects(count: n, in: Rect(0, 0, w, h), gap: 6) {
                    for avatar in [true, false] {
                        let g = TileGeometry(r, minText: minText, showsAvatar: avatar)
                        let parts = [g.label, g.heart, g.numberBox, g.detailBox, g.badge, g.battery] + (g.avatar.map { [$0] } ?? [])
                        for p in parts {
                            XCTAssertTrue(p.x >= r.x && p.y >= r.y && p.maxX <= r.maxX && p.maxY <= r.maxY, "\(n) tiles \(w)x\(h): \(p) in \(r)")
                        }
                        for i in parts.indices { for j in parts.indices where j > i {
                            XCTAssertFalse(parts[i].intersects(parts[j]), "\(n) tiles \(w)x\(h): \(parts[i]) and \(parts[j])")
                        } }
                        XCTAssertGreaterThanOrEqual(g.header.h, minText, "a readable name fits the header")
                        XCTAssertGreaterThanOrEqual(g.battery.h, 8, "a glyph with an outline and a fill inside it")
                        XCTAssertGreaterThanOrEqual(g.battery.w, g.battery.h * 3 / 2)
                        XCTAssertTrue(g.battery.y >= g.footer.y && g.battery.maxY <= g.footer.maxY, "the battery sits in the footer")
                        if let a = g.avatar { XCTAssertEqual(a.w, a.h) }
                    }
                }
            }
        }
    }

    /// A monospaced stand-in for the font: every character is 0.6 em wide.
    private func measure(_ text: String, _ size: Int) -> Int { Int((Double(text.count) * 0.6 * Double(size)).rounded(.up)) }

    func testTheLongestWordingThatFitsAtAReadableSizeWins() {
        let forms = ["Sofia Eriksen", "Sofia E.", "Sofia", "SE"]
        // 13 characters at 14 px: 110 px.
        XCTAssertEqual(TextFit.first(forms, width: 120, height: 20, maxSize: 14, minSize: 12, measure: measure)?.text, "Sofia Eriksen")
        let shrunk = TextFit.first(forms, width: 100, height: 20, maxSize: 14, minSize: 12, measure: measure)
        XCTAssertEqual(shrunk?.text, "Sofia Eriksen")
        XCTAssertEqual(shrunk?.size, 12, "a little smaller, still readable")
        // At the comfortable size a shorter wording comes first.
        let comfortable = TextFit.first(forms, width: 100, height: 20, maxSize: 14, minSize: 12, comfortable: 14, measure: measure)
        XCTAssertEqual(comfortable?.text, "Sofia E.")
        XCTAssertEqual(comfortable?.size, 14)
        XCTAssertEqual(TextFit.first(forms, width: 20, height: 20, maxSize: 14, minSize: 12, measure: measure)?.text, "SE")
        XCTAssertNil(TextFit.first(forms, width: 10, height: 20, maxSize: 14, minSize: 12, measure: measure), "nothing readable fits")
    }

    /// Issue 25, item 2: the name grows with the tile only once it is whole — "Sofia Eriksen" on
    /// the three tiles of a small squad, a shorter form only where the full one does not fit at a
    /// readable size.
    func testATileShowsTheLongestNameThatFitsAtAReadableSize() {
        let sofia = Player(firstName: "Sofia", lastName: "Eriksen", birthYear: 2000, sex: .female, weightKg: 60, restingHR: 55)
        var tile = LiveTile(playerID: 1, name: sofia.fullName, shirtNumber: 52, physiology: Physiology(player: sofia, year: 2026),
                            nameForms: sofia.nameForms, initials: sofia.initials)
        tile.hasReading = true
        var reading = StrapReading()
        reading.bpm = 140
        reading.lastReadingMs = 0
        let shown = ShownTile(tile: tile, reading: reading, nowMs: 0)
        for (w, h, minText) in [(788, 404, 12), (1896, 1000, 24)] {
            for n in 1...40 {
                let r = TileGrid.rects(count: n, in: Rect(0, 0, w, h), gap: 6)[0]
                for avatar in [true, false] {
                    let g = TileGeometry(r, minText: minText, showsAvatar: avatar)
                    let plan = TilePlan(shown, g, detail: .percentOfMax, privacy: false, flagged: false, minText: minText) { text, size, _ in
                        self.measure(text, size)
                    }
                    let longest = sofia.nameForms.first { measure($0, plan.readable) <= plan.nameRoom }
                    XCTAssertEqual(plan.text("name")?.text, longest, "\(n) tiles at \(w)×\(h)")
                    XCTAssertGreaterThanOrEqual(plan.text("name")?.size ?? 0, minText)
                    if n <= 3 { XCTAssertEqual(plan.text("name")?.text, "Sofia Eriksen", "\(n) tiles at \(w)×\(h): a big tile") }
                }
            }
        }
    }

    func testTheBoxHeightCapsTheSizeSoInkStaysInside() {
        XCTAssertEqual(TextFit.maxSize("Jonas", height: 20), 17, "a descender: 0.86 × the height")
        XCTAssertEqual(TextFit.maxSize("Émile", height: 20), 17, "an accent above")
        XCTAssertEqual(TextFit.maxSize("142", height: 20), 24, "digits: 1.2 × the height")
        let fit = TextFit.first(["Jonas"], width: 1000, height: 20, maxSize: 40, minSize: 8, measure: measure)
        XCTAssertEqual(fit?.size, 16, "17 rounded down to an even size")
    }

    func testPlayerColoursKeepWhiteInitialsReadable() {
        for colour in Theme.playerPalette {
            XCTAssertGreaterThanOrEqual(Colour.contrast(colour, Theme.text), 4.5, "\(colour)")
        }
    }
}

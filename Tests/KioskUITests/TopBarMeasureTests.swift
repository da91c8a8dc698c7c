import CSDL2
import Foundation
@testable import KioskUI
import XCTest

/// What the top bar works out without a font or a formatter of its own (decision 104): the clock's
/// "17:30" by hand, as DateFormatter's "HH:mm" says it, and a bound on a title's width at the readable
/// size from its width at the title's size, which must never be under the real measure.
final class TopBarMeasureTests: XCTestCase {
    func testTheClockIsWhatHHmmSaysInEveryZoneAndAcrossTheDaysAndTheClockChanges() throws {
        for zoneName in ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Chatham"] {
            let zone = try XCTUnwrap(TimeZone(identifier: zoneName))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_GB")
            formatter.timeZone = zone
            formatter.dateFormat = "HH:mm"
            // Every 1 h 12 min 17 s through 2025 and 2026, a second either side of Europe's 2026 clock changes, and around 1970.
            var dates = stride(from: 1_735_689_600.0, to: 1_798_761_600, by: 4337).map(Date.init(timeIntervalSince1970:))
            dates += [1_774_746_000.0, 1_792_890_000].flatMap { [$0 - 1, $0, $0 + 1] }.map(Date.init(timeIntervalSince1970:))
            dates += [-1, -59, -60, -61, -86_400.5, 0, 59.999].map(Date.init(timeIntervalSince1970:))
            for date in dates {
                XCTAssertEqual(Frame.hoursAndMinutes(date, in: zone), formatter.string(from: date), "\(zoneName) \(date.timeIntervalSince1970)")
            }
        }
    }

    func testAWidthBoundFromAnotherSizeIsNeverUnderTheMeasure() throws {
        let fonts = try FontBook(assetsDirectory: nil)
        func width(_ text: String, _ size: Int, bold: Bool) -> Int {
            guard let font = fonts.font(size: size, bold: bold) else { return -1 }
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(font, text, &w, &h)
            return Int(w)
        }
        let texts = ["Sideline — pick a team", "Einstellungen", "Réglages", "Configuración", "Instellingen", "WWWWWWWWW",
                     "iiiiiiiiiiii", "lllllllll", "ǘǘǘ Ǻǻ", "f/j„“", "Zoë Ødegård-Łukasiewicz", "≥ 12 · 3 × 4 → ⌫", "W", "i", "Ø"]
        for bold in [true, false] {
            for (from, to) in [(26, 12), (20, 12), (30, 12), (26, 16), (12, 26), (28, 18)] {
                for text in texts {
                    let measured = width(text, from, bold: bold)
                    XCTAssertGreaterThan(measured, 0, text)
                    let bound = TextFit.widthBound(text, measured: measured, at: from, size: to)
                    XCTAssertGreaterThanOrEqual(bound, width(text, to, bold: bold), "\(text) \(from) → \(to) bold \(bold)")
                }
            }
        }
    }
}

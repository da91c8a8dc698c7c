import AppCore
import TeamCore

/// A player's five zones in bpm as chips in the zones' colours ("Z3 140–159"), for the roster and
/// the player editor: the ranges the tiles colour by, under the current zone model.
extension Frame {
    func zoneChips(_ physiology: Physiology, model: ZoneModel, in area: Rect, maxText: Int) {
        let ranges = ZoneBounds(physiology: physiology).wholeBpmRanges(model)
        let gap = max(2, metrics.px(3))
        let cells = area.columns(ranges.count, gap: gap)
        // The text may come near the pill's ends: a roster row beside a photo has about 65 px a chip at 800×480.
        let boxes = cells.map { $0.inset(dx: max(1, metrics.px(2)), dy: 0) }
        // The zone's name stays (never colour alone); the range's end goes first when room is short.
        let forms = ranges.map { r in
            ["\(Theme.zoneName(r.zone)) \(r.from)" + (r.to.map { "–\($0)" } ?? "+"), "\(Theme.zoneName(r.zone)) \(r.from)" + (r.to == nil ? "+" : "")]
        }
        // One size and one wording for all five: a row whose texts do not change size from chip to chip.
        let maxSize = min(maxText, Int(Double(area.h) * TextFit.plainPerHeight) / 2 * 2)
        let (form, size) = commonForms(forms, widths: boxes.map(\.w), max: maxSize, readable: metrics.readableText, bold: true)
        for (i, range) in ranges.enumerated() {
            canvas.fillRounded(cells[i], radius: min(cells[i].h / 3, metrics.px(6)), Theme.zone(range.zone))
            canvas.text(forms[i][form], size: size, bold: true, in: boxes[i], align: .center)
        }
    }
}

import AppCore
import TeamCore

/// A player's five zones in bpm as chips in the zones' colours ("Z3 140–159"), for the roster and
/// the player editor: the ranges the tiles colour by, under the current zone model.
extension Frame {
    func zoneChips(_ physiology: Physiology, model: ZoneModel, in area: Rect, maxText: Int) {
        let ranges = ZoneBounds(physiology: physiology).wholeBpmRanges(model)
        let gap = max(2, metrics.px(3))
        for (cell, range) in zip(area.columns(ranges.count, gap: gap), ranges) {
            canvas.fillRounded(cell, radius: min(cell.h / 3, metrics.px(6)), Theme.zone(range.zone))
            let bpm = "\(range.from)" + (range.to.map { "–\($0)" } ?? "+")
            let forms = ["\(Theme.zoneName(range.zone)) \(bpm)", bpm, "\(range.from)"]
            let box = cell.inset(dx: max(2, metrics.px(4)), dy: 0)
            if let fit = TextFit.first(forms, width: box.w, height: box.h, maxSize: maxText, minSize: 8,
                                       measure: { canvas.measure($0, size: $1, bold: true) }) {
                canvas.text(fit.text, size: fit.size, bold: true, in: box, align: .center, shrinkToFit: false)
            }
        }
    }
}

import Localization
import AppCore
import TeamCore

/// An interval program on the live screens: "WORK 0:23 · 3/8" (or REST) in big type on the block's
/// colour, a strip that runs down with the block, and what comes next.
extension Frame {
    /// The coach's band under the bar, while a program runs. Returns the area below it.
    func intervalBand(_ live: LiveSession, in area: Rect) -> Rect {
        guard let (block, remaining) = live.intervalPosition(nowMs: state.nowMs) else { return area }
        let (band, rest) = area.splitTop(metrics.px(52))
        let next = live.intervals.flatMap { $0.program.block(block.index + 1) }
        drawIntervalBlock(block, remainingMs: remaining, next: next, in: band, size: metrics.px(34))
        return rest
    }

    /// The block's words, its clock and count, left; the next block, right; the strip along the bottom.
    func drawIntervalBlock(_ block: IntervalBlock, remainingMs: Int64, next: IntervalBlock?, in band: Rect, size: Int) {
        let colour = Theme.block(block.kind)
        canvas.fill(band, colour)
        let strip = Rect(band.x, band.maxY - metrics.px(5), band.w, metrics.px(5))
        canvas.fill(strip, colour.mixed(with: Theme.background, 0.5))
        let left = block.lengthMs > 0 ? Double(remainingMs) / Double(block.lengthMs) : 0
        canvas.fill(Rect(strip.x, strip.y, Int(Double(strip.w) * left), strip.h), colour.mixed(with: Theme.text, 0.55))
        let line = band.splitBottom(strip.h).0.inset(dx: metrics.margin, dy: 0)
        let clock = IntervalBlock.clock(remainingMs)
        // The word and the count as cached texts, the clock from digit glyphs (it changes every second).
        var x = line.x
        for text in [Self.intervalWord(block.kind) + "  ", clock, "  ·  " + block.count] {
            let w = canvas.drawnWidth(text, size: size, bold: true)
            canvas.text(text, size: size, bold: true, in: Rect(x, line.y, w + 1, line.h), shrinkToFit: false, background: colour)
            x += w
        }
        if let next {
            let hint = tr("next: {what} {time}", ["what": Self.intervalWord(next.kind).lowercased(), "time": IntervalProgram.duration(next.lengthMs)])
            let small = max(metrics.small, size / 2)
            let box = Rect(x + metrics.gap, line.y, max(0, line.maxX - x - metrics.gap), line.h)
            if canvas.measure(hint, size: small) <= box.w {
                canvas.text(hint, size: small, colour: Theme.text.mixed(with: colour, 0.25), in: box, align: .right, background: colour)
            }
        }
    }

    /// WORK or REST in the kiosk's language, big on the band.
    static func intervalWord(_ kind: IntervalBlock.Kind) -> String { kind == .work ? tr("WORK") : tr("REST") }
}

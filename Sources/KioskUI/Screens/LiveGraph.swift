import AppCore
import Foundation
import TeamCore

/// The coach screen's second view of a live session: every player's last five minutes as lines
/// over the zone bands, so the coach sees who is climbing, who is recovering and who has been in
/// zone 5 for too long. Intensity (%HRmax or %HRR, as the zones) runs up the graph, not BPM, so
/// one set of bands fits every player. Lines end in a label with the shirt number.
extension Frame {
    /// Intensity shown, percent of the zone model's range: below zone 1 up to past the maximum.
    static let liveGraphRange = (low: 30.0, high: 105.0)

    func liveGraph(in area: Rect) {
        canvas.fill(area, Theme.background)
        let box = area.inset(metrics.px(6))
        canvas.fillRounded(box, radius: metrics.px(10), Theme.surface)
        let model = state.settings.values.zoneModel
        // The end labels need a column each per so many players: two for a big squad on a small screen.
        let plotH = box.h - metrics.px(34)
        let labelColumns = max(1, (tiles.count * metrics.px(14) + plotH - 1) / max(1, plotH))
        let axisW = metrics.px(44), labelW = metrics.px(34) * labelColumns
        let plot = Rect(box.x + axisW, box.y + metrics.px(24), box.w - axisW - labelW - metrics.px(14), plotH - metrics.px(14))
        guard plot.w > 20, plot.h > 20 else { return }
        let (low, high) = Self.liveGraphRange
        func y(_ percent: Double) -> Int { plot.maxY - Int((min(high, max(low, percent)) - low) / (high - low) * Double(plot.h)) }
        let now = state.nowMs, from = now - RecentHeartRates.windowMs
        func x(_ t: Int64) -> Int { plot.x + Int(Double(t - from) / Double(RecentHeartRates.windowMs) * Double(plot.w)) }

        // The zone bands behind, with their names (never colour alone).
        let bounds: [(HeartRateZone, Double, Double)] = HeartRateZone.allCases.map { zone in
            let lower = HeartRateZone.lowerBoundPercent[zone] ?? low
            let upper = HeartRateZone.allCases.first { $0.rawValue == zone.rawValue + 1 }.flatMap { HeartRateZone.lowerBoundPercent[$0] } ?? high
            return (zone, lower, upper)
        }
        for (zone, lower, upper) in bounds {
            let band = Rect(plot.x, y(upper), plot.w, y(lower) - y(upper))
            canvas.fill(band, Theme.zone(zone).mixed(with: Theme.surface, 0.72))
            canvas.text(Theme.zoneName(zone), size: metrics.small - metrics.px(2), bold: true, colour: Theme.textDim,
                        in: Rect(box.x, band.y, axisW - metrics.px(6), band.h), align: .right)
        }
        let unit = model == .percentOfMax ? "%HRmax" : "%HRR"
        canvas.text(unit + " · the last 5 minutes", size: metrics.small - metrics.px(2), colour: Theme.textDim,
                    in: Rect(plot.x, box.y + metrics.px(2), plot.w, metrics.px(20)))
        // A minute per tick, the newest on the right.
        for minute in 0...5 {
            let t = now - Int64(minute) * 60_000
            canvas.fill(Rect(x(t), plot.y, 1, plot.h), Theme.surfaceHigh)
            let label = minute == 0 ? "now" : "−\(minute) min"
            let w = metrics.px(64)
            canvas.text(label, size: metrics.small - metrics.px(2), colour: Theme.textDim,
                        in: Rect(min(plot.maxX - w, max(plot.x, x(t) - w / 2)), plot.maxY + metrics.px(4), w, metrics.px(20)), align: .center)
        }

        // A line per player, broken where the strap was silent; its end is labelled.
        var ends: [(tile: ShownTile, y: Int)] = []
        let thickness = max(2, metrics.px(2))
        for tile in tiles {
            let points = tile.tile.recent.window(endingAt: now)
            guard !points.isEmpty else { continue }
            let colour = Theme.playerLineColour(tile.playerID)
            var run: [(Int, Int)] = []
            var lastT: Int64?
            for p in points {
                if let lastT, p.tMs - lastT > AppState.noSignalAfterMs {
                    canvas.polyline(run, colour, thickness: thickness)
                    run = []
                }
                run.append((x(p.tMs), y(tile.tile.physiology.intensity(Double(p.bpm), model: model))))
                lastT = p.tMs
            }
            if run.count == 1 { run.append((run[0].0 + 1, run[0].1)) }
            canvas.polyline(run, colour, thickness: thickness)
            if tile.hasSignal, let end = run.last { ends.append((tile, end.1)) }
        }
        let columnW = labelW / labelColumns
        let sortedEnds = ends.sorted { $0.y < $1.y }
        for column in 0..<labelColumns {
            // Every n-th label by height in column n: neighbours on the graph sit side by side.
            let mine = sortedEnds.enumerated().filter { $0.offset % labelColumns == column }.map(\.element)
            liveGraphLabels(mine, gutter: Rect(plot.maxX + metrics.px(4) + column * columnW, plot.y, columnW, plot.h),
                            plotRight: labelColumns == 1 ? plot.maxX : nil)
        }
        if tiles.allSatisfy({ $0.tile.recent.points.isEmpty }) {
            canvas.text("Waiting for heart rates…", size: metrics.body, colour: Theme.textDim, in: plot, align: .center)
        }
    }

    /// Shirt numbers at the lines' ends, in the gutter right of the plot, spread so none covers
    /// another (highest line on top); a thin stroke joins each to its line.
    /// `plotRight`: where the lines end, for the strokes to the labels (none in two columns: they would cross).
    private func liveGraphLabels(_ ends: [(tile: ShownTile, y: Int)], gutter: Rect, plotRight: Int?) {
        guard !ends.isEmpty else { return }
        let sorted = ends.sorted { $0.y < $1.y }
        let h = min(metrics.px(20), gutter.h / sorted.count)
        var positions = sorted.map { $0.y - h / 2 }
        // Push down what overlaps the label above, then back up from the bottom if it ran out.
        for i in positions.indices {
            positions[i] = max(positions[i], gutter.y, i > 0 ? positions[i - 1] + h : gutter.y)
        }
        for i in positions.indices.reversed() {
            positions[i] = min(positions[i], gutter.maxY - h, i + 1 < positions.count ? positions[i + 1] - h : gutter.maxY - h)
        }
        for (end, top) in zip(sorted, positions) {
            let label = Rect(gutter.x, top, gutter.w - metrics.px(2), h - 1)
            if let plotRight { canvas.line(plotRight, end.y, label.x, label.midY, Theme.playerLineColour(end.tile.playerID).withAlpha(160)) }
            canvas.fillRounded(label, radius: h / 4, Theme.playerColour(end.tile.playerID))
            if let fit = TextFit.first(["\(end.tile.shirtNumber)"], width: label.w - 4, height: h, maxSize: h, minSize: 6,
                                       measure: { canvas.drawnWidth($0, size: $1, bold: true) }) {
                canvas.text(fit.text, size: fit.size, bold: true, in: label, align: .center, shrinkToFit: false)
            }
        }
    }
}

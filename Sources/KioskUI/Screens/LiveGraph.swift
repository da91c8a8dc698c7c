import Localization
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
        let plotTop = box.y + metrics.px(24), plotH = box.h - metrics.px(48)
        let (low, high) = Self.liveGraphRange
        func y(_ percent: Double) -> Int { plotTop + plotH - Int((min(high, max(low, percent)) - low) / (high - low) * Double(plotH)) }
        let now = state.nowMs
        // Where each live line ends, before the plot's width is known: the labels' columns depend on how the ends crowd.
        let ends: [(tile: ShownTile, y: Int)] = tiles.compactMap { tile in
            guard tile.hasSignal, let last = tile.tile.recent.window(endingAt: now).last else { return nil }
            return (tile, y(tile.tile.physiology.intensity(Double(last.bpm), model: model)))
        }
        let labelH = min(metrics.px(18), max(8, plotH / max(1, ends.count)))
        let layout = Self.liveGraphLabelLayout(ends.map(\.y), height: labelH, top: plotTop, bottom: plotTop + plotH)
        let axisW = metrics.px(44), columnW = metrics.px(32), labelW = columnW * layout.columns
        let plot = Rect(box.x + axisW, plotTop, box.w - axisW - labelW - metrics.px(14), plotH)
        guard plot.w > 20, plot.h > 20 else { return }
        let from = now - RecentHeartRates.windowMs
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
        let unit = Self.zoneModelName(model)
        canvas.text(unit + " · " + tr("the last 5 minutes"), size: metrics.small - metrics.px(2), colour: Theme.textDim,
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
        }
        liveGraphLabels(ends, layout: layout, height: labelH, lineEnd: plot.maxX, gutter: plot.maxX + metrics.px(6), columnW: columnW)
        if tiles.allSatisfy({ $0.tile.recent.points.isEmpty }) {
            canvas.text(tr("Waiting for heart rates…"), size: metrics.body, colour: Theme.textDim, in: plot, align: .center)
        }
    }

    /// Where the shirt-number labels of the lines' ends go: as few columns as keep every label
    /// within about one label's height of its line's end (the n-th by height in column n mod the
    /// count: neighbours on the graph sit side by side), each column spread so none covers another.
    static func liveGraphLabelLayout(_ ends: [Int], height h: Int, top: Int, bottom: Int) -> (columns: Int, tops: [Int], column: [Int]) {
        let order = ends.indices.sorted { ends[$0] < ends[$1] }
        var best: (columns: Int, tops: [Int], column: [Int], worst: Int)?
        for columns in 1...4 {
            var tops = [Int](repeating: 0, count: ends.count), column = [Int](repeating: 0, count: ends.count)
            for c in 0..<columns {
                let mine = order.enumerated().filter { $0.offset % columns == c }.map(\.element)
                var positions = mine.map { ends[$0] - h / 2 }
                // Push down what overlaps the label above, then back up from the bottom if it ran out.
                for i in positions.indices { positions[i] = max(positions[i], top, i > 0 ? positions[i - 1] + h : top) }
                for i in positions.indices.reversed() {
                    positions[i] = min(positions[i], bottom - h, i + 1 < positions.count ? positions[i + 1] - h : bottom - h)
                }
                for (i, p) in zip(mine, positions) { tops[i] = p; column[i] = c }
            }
            let worst = ends.indices.map { abs(tops[$0] + h / 2 - ends[$0]) }.max() ?? 0
            if best == nil || worst < best!.worst { best = (columns, tops, column, worst) }
            if worst <= h { break }
        }
        return best.map { ($0.columns, $0.tops, $0.column) } ?? (1, [], [])
    }

    /// Shirt numbers at the lines' ends, right of the plot, in the lines' own colours; a thin
    /// stroke joins each to its line's end (drawn first, so labels lie on the strokes, not under them).
    private func liveGraphLabels(_ ends: [(tile: ShownTile, y: Int)], layout: (columns: Int, tops: [Int], column: [Int]), height h: Int,
                                 lineEnd: Int, gutter: Int, columnW: Int) {
        let labels = ends.indices.map { Rect(gutter + layout.column[$0] * columnW, layout.tops[$0], columnW - metrics.px(2), h - 1) }
        for (end, label) in zip(ends, labels) {
            canvas.line(lineEnd, end.y, label.x, label.midY, Theme.playerLineColour(end.tile.playerID))
        }
        for (end, label) in zip(ends, labels) {
            canvas.fillRounded(label, radius: h / 4, Theme.playerLineColour(end.tile.playerID))
            if let fit = TextFit.first(["\(end.tile.shirtNumber)"], width: label.w - 4, height: h, maxSize: h, minSize: 6,
                                       measure: { canvas.drawnWidth($0, size: $1, bold: true) }) {
                canvas.text(fit.text, size: fit.size, bold: true, colour: Theme.background, in: label, align: .center, shrinkToFit: false)
            }
        }
    }
}

import Foundation
import TeamCore

/// Review on the device: sessions, the team graph, one player's graph coloured by zone.
extension Frame {
    func reviewScreen() {
        let team = state.team
        if let data = state.review.data {
            let back: (String, Action) = state.review.selectedPlayerID != nil ? ("‹ Team", .review(.selectPlayer(nil))) : ("‹ Sessions", .review(.close))
            // The zones are the session's, recorded under its model: said, so a changed setting does not surprise.
            let title = Self.dayTimeFormatter.string(from: data.startedAt) + " · " + SessionClock.format(data.durationMs)
                + " · " + Self.zoneModelName(data.zoneModel)
            let area = topBar(title: title, colour: team.map { Colour($0.team.colour) }, back: back,
                              trailing: [("Export", .review(.export), .normal), ("Lobby", .navigate(.lobby), .normal)])
            if let player = state.review.selectedPlayer {
                playerReview(player, data, area)
            } else {
                teamReview(data, area)
            }
        } else {
            let area = topBar(title: "\(team?.team.name ?? "") · sessions", colour: team.map { Colour($0.team.colour) },
                              back: ("‹ Lobby", .navigate(.lobby)))
            sessionList(area)
        }
        notice()
    }

    private func sessionList(_ area: Rect) {
        let sessions = state.review.sessions
        if sessions.isEmpty {
            canvas.text("No sessions yet", size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
        list(id: "sessions", area: area, rowHeight: metrics.target, count: sessions.count) { i, r in
            let card = sessions[i]
            canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
            let cols = r.inset(dx: metrics.px(16), dy: 0)
            let (dateBox, rest) = cols.splitLeft(cols.w / 2)
            let label = Self.dayTimeFormatter.string(from: card.startedAt)
            canvas.text(label, size: metrics.body, bold: true, in: dateBox)
            let (info, badge) = rest.splitRight(metrics.px(70))
            canvas.text("\(SessionClock.format(card.durationMs)) · \(card.playerCount) players", size: metrics.body, colour: Theme.textDim, in: info)
            if !card.reviewed {
                let b = Rect(badge.x, r.midY - metrics.px(14), badge.w, metrics.px(28))
                canvas.fillRounded(b, radius: metrics.px(14), Theme.danger)
                canvas.text("new", size: metrics.small, bold: true, in: b, align: .center)
            }
            hits.add(Hit(rect: r, label: "Session \(i + 1)", action: .review(.open(sessionID: card.sessionID))))
        }
    }

    private func teamReview(_ data: ReviewData, _ area: Rect) {
        let (graphArea, chips) = area.splitBottom(max(metrics.target * 2 + metrics.gap, area.h * 36 / 100), gap: metrics.gap)
        graph(data, area: graphArea, players: data.players, zoneColoured: false)
        let columns = max(2, chips.w / metrics.px(190))
        let rows = (data.players.count + columns - 1) / columns
        list(id: "reviewPlayers", area: chips, rowHeight: metrics.target, count: rows) { row, r in
            for (col, cell) in r.columns(columns, gap: metrics.gap).enumerated() {
                let i = row * columns + col
                guard i < data.players.count else { continue }
                let p = data.players[i]
                canvas.fillRounded(cell, radius: metrics.px(10), Theme.surface)
                canvas.fill(Rect(cell.x, cell.y + metrics.px(8), metrics.px(6), cell.h - metrics.px(16)), Self.seriesColour(i))
                let inner = cell.inset(dx: metrics.px(14), dy: metrics.px(4))
                let (top, bottom) = inner.splitTop(inner.h / 2)
                canvas.text("\(p.shirtNumber) \(p.name)", size: metrics.body - metrics.px(2), bold: true, in: top)
                let avg = p.digest.averageBPM.map { "\(Int($0.rounded()))" } ?? "–"
                canvas.text("avg \(avg) · max \(p.digest.maxBPM.map(String.init) ?? "–")", size: metrics.small - metrics.px(2),
                            colour: Theme.textDim, in: bottom)
                hits.add(Hit(rect: cell, label: p.name, action: .review(.selectPlayer(p.playerID))))
            }
        }
    }

    /// The zone model as the settings screen names it.
    static func zoneModelName(_ model: ZoneModel) -> String {
        model == .percentOfMax ? "%HRmax" : "%HRR"
    }

    static func seriesColour(_ i: Int) -> Colour {
        let palette: [UInt32] = [0x4FC3F7, 0xFFB74D, 0x81C784, 0xE57373, 0xBA68C8, 0xFFF176, 0x4DB6AC, 0xF06292,
                                 0xA1887F, 0x90A4AE, 0xAED581, 0x7986CB]
        return Colour(hex: palette[i % palette.count])
    }

    /// A heart-rate graph: bpm 40–210 up, session time across; laps as dashed verticals.
    private func graph(_ data: ReviewData, area: Rect, players: [ReviewPlayer], zoneColoured: Bool) {
        canvas.fillRounded(area, radius: metrics.px(10), Theme.surface)
        let axisW = metrics.px(40)
        let plot = Rect(area.x + axisW, area.y + metrics.px(10), area.w - axisW - metrics.px(12), area.h - metrics.px(34))
        let lo = 40.0, hi = 210.0
        func y(_ bpm: Double) -> Int { plot.maxY - Int((bpm - lo) / (hi - lo) * Double(plot.h)) }
        let duration = max(1, data.durationMs)
        func x(_ t: Int64) -> Int { plot.x + Int(Double(t) / Double(duration) * Double(plot.w)) }
        for bpm in stride(from: 60, through: 200, by: 40) {
            canvas.fill(Rect(plot.x, y(Double(bpm)), plot.w, 1), Theme.surfaceHigh)
            canvas.text("\(bpm)", size: metrics.small - metrics.px(2), colour: Theme.textDim, in: Rect(area.x, y(Double(bpm)) - metrics.px(10), axisW - metrics.px(6), metrics.px(20)), align: .right)
        }
        if let end = data.effortEndMs {
            // The recovery minute after the effort: shaded, its start marked, so the drop reads at a glance.
            let ex = x(end)
            canvas.fill(Rect(ex, plot.y, max(0, plot.maxX - ex), plot.h), Theme.recovery.withAlpha(70))
            canvas.fill(Rect(ex, plot.y, max(1, metrics.px(2)), plot.h), Theme.recovery.mixed(with: Theme.text, 0.3))
            canvas.text("recovery", size: metrics.small - metrics.px(2), bold: true, colour: Theme.recovery.mixed(with: Theme.text, 0.5),
                        in: Rect(ex + metrics.px(4), plot.y + metrics.px(2), max(0, plot.maxX - ex - metrics.px(6)), metrics.px(18)))
        }
        for (i, lap) in data.lapsMs.enumerated() {
            let lx = x(lap)
            var yy = plot.y
            while yy < plot.maxY { canvas.fill(Rect(lx, yy, max(1, metrics.px(2)), metrics.px(6)), Theme.warning); yy += metrics.px(12) }
            canvas.text("L\(i + 1)", size: metrics.small - metrics.px(2), bold: true, colour: Theme.warning, in: Rect(lx + metrics.px(3), plot.y, metrics.px(40), metrics.px(18)))
        }
        canvas.text("0:00", size: metrics.small - metrics.px(2), colour: Theme.textDim, in: Rect(plot.x, plot.maxY + metrics.px(4), metrics.px(80), metrics.px(20)))
        canvas.text(SessionClock.format(duration), size: metrics.small - metrics.px(2), colour: Theme.textDim,
                    in: Rect(plot.maxX - metrics.px(80), plot.maxY + metrics.px(4), metrics.px(80), metrics.px(20)), align: .right)
        let thickness = max(2, metrics.px(players.count > 1 ? 2 : 3))
        for (i, p) in players.enumerated() {
            let points = Self.downsample(p.series, buckets: plot.w / 2)
            if zoneColoured {
                var run: [(Int, Int)] = []
                var runZone: HeartRateZone?
                for point in points {
                    let zone = p.physiology.zone(Double(point.bpm), model: data.zoneModel)
                    let pt = (x(point.tMs), y(Double(point.bpm)))
                    if zone != runZone, let rz = runZone {
                        run.append(pt)
                        canvas.polyline(run, Theme.zone(rz).mixed(with: Theme.text, 0.25), thickness: thickness)
                        run = []
                    }
                    runZone = zone
                    run.append(pt)
                }
                if let rz = runZone { canvas.polyline(run, Theme.zone(rz).mixed(with: Theme.text, 0.25), thickness: thickness) }
            } else {
                canvas.polyline(points.map { (x($0.tMs), y(Double($0.bpm))) }, Self.seriesColour(data.players.firstIndex(of: p) ?? i), thickness: thickness)
            }
        }
        if zoneColoured, let player = players.first {
            hits.add(DragRegion(rect: plot, target: .graphCursor(durationMs: duration)))
            if let cursor = state.review.cursorMs {
                let cx = x(cursor)
                canvas.fill(Rect(cx, plot.y, max(1, metrics.px(2)), plot.h), Theme.text)
                if let point = player.series.min(by: { abs($0.tMs - cursor) < abs($1.tMs - cursor) }) {
                    let zone = player.physiology.zone(Double(point.bpm), model: data.zoneModel)
                    let label = "\(SessionClock.format(point.tMs)) · \(point.bpm) bpm · \(Theme.zoneName(zone))"
                    let w = canvas.measure(label, size: metrics.body, bold: true) + metrics.px(20)
                    let bx = min(max(plot.x, cx - w / 2), plot.maxX - w)
                    let box = Rect(bx, plot.y + metrics.px(4), w, metrics.px(34))
                    canvas.fillRounded(box, radius: metrics.px(8), Theme.zone(zone))
                    canvas.text(label, size: metrics.body, bold: true, in: box, align: .center)
                }
            }
        }
    }

    /// At most `buckets` points (the mean of each bucket), so a long session draws as fast as a short one.
    static func downsample(_ series: [SeriesPoint], buckets: Int) -> [SeriesPoint] {
        guard buckets > 0, series.count > buckets else { return series }
        let per = Double(series.count) / Double(buckets)
        return (0..<buckets).compactMap { b in
            let start = Int(Double(b) * per), end = min(series.count, Int(Double(b + 1) * per))
            guard end > start else { return nil }
            let slice = series[start..<end]
            let bpm = slice.reduce(0) { $0 + $1.bpm } / slice.count
            return SeriesPoint(tMs: slice[slice.startIndex + slice.count / 2].tMs, bpm: bpm)
        }
    }

    private func playerReview(_ p: ReviewPlayer, _ data: ReviewData, _ area: Rect) {
        let (graphArea, panel) = area.splitRight(max(metrics.px(250), area.w * 34 / 100), gap: metrics.gap)
        let (titleRow, graphRest) = graphArea.splitTop(metrics.px(34))
        canvas.text("\(p.shirtNumber) \(p.name) — drag along the line to read it", size: metrics.body, bold: true, in: titleRow)
        graph(data, area: graphRest, players: [p], zoneColoured: true)
        canvas.fillRounded(panel, radius: metrics.px(10), Theme.surface)
        let inner = panel.inset(metrics.px(12))
        let d = p.digest
        let lh = metrics.px(26)
        var yy = inner.y
        func row(_ label: String, _ value: String, colour: Colour = Theme.text) {
            // Labels get the wider part: "Recovery 1 min" fits at 800×480 without shrinking.
            let labelW = inner.w * 56 / 100
            canvas.text(label, size: metrics.small, colour: Theme.textDim, in: Rect(inner.x, yy, labelW, lh))
            canvas.text(value, size: metrics.small + metrics.px(2), bold: true, colour: colour, in: Rect(inner.x + labelW, yy, inner.w - labelW, lh), align: .right)
            yy += lh
        }
        func delta(_ now: Double?, _ before: Double?) -> String {
            guard let now, let before else { return "" }
            let diff = Int((now - before).rounded())
            return diff == 0 ? " (=)" : (diff > 0 ? " (+\(diff))" : " (\(diff))")
        }
        row("Average HR", (d.averageBPM.map { "\(Int($0.rounded()))" } ?? "–") + delta(d.averageBPM, p.previous?.averageBPM))
        row("Max HR", (d.maxBPM.map(String.init) ?? "–") + delta(d.maxBPM.map(Double.init), p.previous?.maxBPM.map(Double.init)))
        row("Peak %HRmax", d.peakPercentOfMax.map { "\(Int($0.rounded()))%" } ?? "–")
        row("kcal", (d.kcal.map { "\(Int($0.rounded()))" } ?? "–") + delta(d.kcal, p.previous?.kcal))
        for figure in p.analytics.prefix(4) { row(figure.label, figure.value) }
        if p.previous != nil {
            canvas.text("(…) vs previous session", size: metrics.small - metrics.px(3), colour: Theme.textDim, in: Rect(inner.x, yy, inner.w, lh - metrics.px(6)))
            yy += lh - metrics.px(6)
        }
        yy += metrics.px(4)
        // Time in zone, as bars with the zone number (never colour alone).
        let total = max(1, d.zoneMs.reduce(0, +))
        let barH = max(metrics.px(18), min(metrics.px(30), (inner.maxY - yy) / 6 - metrics.px(4)))
        for zone in HeartRateZone.allCases.reversed() where yy + barH <= inner.maxY {
            let ms = d.zoneMs[zone.rawValue]
            let labelW = metrics.px(38)
            canvas.text(Theme.zoneName(zone), size: metrics.small, bold: true, in: Rect(inner.x, yy, labelW, barH))
            let barArea = Rect(inner.x + labelW, yy, inner.w - labelW - metrics.px(60), barH)
            canvas.fill(barArea, Theme.surfaceHigh)
            canvas.fill(Rect(barArea.x, barArea.y, Int(Double(barArea.w) * Double(ms) / Double(total)), barH), Theme.zone(zone))
            canvas.text(SessionClock.format(ms), size: metrics.small - metrics.px(2), colour: Theme.textDim,
                        in: Rect(barArea.maxX, yy, metrics.px(60), barH), align: .right)
            yy += barH + metrics.px(4)
        }
    }
}

import Localization
import AppCore
import TeamCore

/// What review shows of the drills: their spans along the top of the graph, a row of chips with the team's
/// figures (one tap: that drill across the season), and the across-the-season sheet, week by week.
extension Frame {
    /// Each drill from its start to its end, labelled where the name fits.
    func drillStrip(_ drills: [ReviewDrill], x: (Int64) -> Int, plot: Rect) {
        let h = metrics.px(18), size = metrics.small - metrics.px(3)
        for drill in drills {
            let from = x(drill.phase.fromMs), to = x(drill.phase.toMs)
            let r = Rect(from, plot.y, max(1, to - from - 1), h)
            canvas.fill(r, Theme.drill)
            if canvas.measure(drill.phase.name, size: size, bold: true) + metrics.px(4) <= r.w {
                canvas.text(drill.phase.name, size: size, bold: true, in: r, align: .center, background: Theme.drill)
            }
        }
    }

    /// The session's drills as chips: name and span, the team's mean HR and share above 85 % HRmax — or, with a
    /// player chosen, theirs. A tap opens that drill across the season.
    func drillChips(_ drills: [ReviewDrill], playerID: Int64?, in row: Rect) {
        // Cards of at least 200 px at 800×480: German's "151 S/min · 11 % >85 % ›" keeps the readable size at 1920×1080.
        let columns = max(1, min(drills.count, row.w / metrics.px(200)))
        list(id: "reviewDrills", area: row, rowHeight: row.h, count: (drills.count + columns - 1) / columns) { line, r in
            for (col, cell) in r.columns(columns, gap: metrics.gap).enumerated() {
                let i = line * columns + col
                guard i < drills.count else { continue }
                let d = drills[i]
                let numbers = playerID.flatMap { d.players[$0] } ?? d.team
                canvas.fillRounded(cell, radius: metrics.px(10), Theme.surface)
                canvas.fill(Rect(cell.x, cell.y + metrics.px(8), metrics.px(6), cell.h - metrics.px(16)), Theme.drill)
                let inner = cell.inset(dx: metrics.px(14), dy: metrics.px(4))
                let (top, bottom) = inner.splitTop(inner.h / 2)
                canvas.text("\(d.phase.name) · \(SessionClock.format(d.phase.lengthMs))", size: metrics.body - metrics.px(2), bold: true, in: top)
                let figures = ["bpm": Self.bpm(numbers.meanBPM), "percent": Self.percent(numbers.highIntensityPercent)]
                // The translator's short form (without "season") where the whole does not fit at the readable size.
                let whole = tr("{bpm} bpm · {percent} >85 % · season ›", figures)
                let line = canvas.measure(whole, size: metrics.readableText) <= bottom.w
                    ? whole : tr("{bpm} bpm · {percent} >85 % ›", context: "short, a drill's card", figures)
                canvas.text(line, size: metrics.small - metrics.px(2), colour: Theme.textDim, in: bottom)
                hits.add(Hit(rect: cell, label: "Drill \(d.phase.name)", action: .review(.drillSeason(d.phase.name))))
            }
        }
    }

    /// "SSG 4v4 across the season": a row a week — the team's mean of its players, and under it the chosen
    /// player's (the spotlight or the open player) — minutes, mean and peak HR, % above 85 % HRmax, TRIMP.
    func drillSeasonSheet(_ sheet: DrillSeasonSheet, player: ReviewPlayer?) {
        let hint = tr("Week by week · team = the mean of its players") + " · "
            + (player.map { tr("{player} under it", ["player": $0.name]) } ?? tr("pick a player for theirs"))
        let (buttons, body) = self.sheet(title: tr("{drill} across the season", ["drill": sheet.drill]), hint: hint, buttonsWidth: metrics.px(150))
        button(tr("Done"), buttons, .review(.drillSeason(nil)), style: .primary, hitLabel: "Close season")
        let headers = [tr("week", context: "a drill's season, column"), tr("sessions", context: "a drill's season, column"), "min",
                       tr("mean", context: "a drill's season, column"), tr("peak", context: "a drill's season, column"), ">85 %", tr("TRIMP")]
        let (head, rows) = body.splitTop(metrics.px(30), gap: metrics.px(4))
        let widths = Self.drillColumns(head.w)
        var x = head.x
        for (h, w) in zip(headers, widths) {
            canvas.text(h, size: metrics.small, bold: true, colour: Theme.textDim, in: Rect(x + metrics.px(10), head.y, w - metrics.px(10), head.h),
                        align: h == headers[0] ? .left : .right)
            x += w
        }
        let rowH = player == nil ? metrics.px(44) : metrics.px(72)
        list(id: "drillSeason", area: rows, rowHeight: rowH, count: sheet.weeks.count) { i, r in
            let week = sheet.weeks[i]
            canvas.fillRounded(r, radius: metrics.px(8), Theme.surface)
            let lines = player == nil ? [r] : r.rows(2, gap: 0)
            drillRow([Self.seasonDayText(week.monday, weekday: false), "\(week.sessions)"], week.team, bold: true, in: lines[0], widths: widths)
            if let player, lines.count > 1 {
                drillRow(["  \(player.shirtNumber) \(player.name)", ""], week.players[player.playerID], bold: false, in: lines[1], widths: widths)
            }
        }
    }

    private func drillRow(_ leading: [String], _ n: DrillNumbers?, bold: Bool, in r: Rect, widths: [Int]) {
        let cells = leading + [n.map { SessionClock.format(Int64($0.minutes * 60_000)) } ?? "–", Self.bpm(n?.meanBPM), Self.bpm(n?.peakBPM),
                               Self.percent(n?.highIntensityPercent), n?.trimp.map { String(Int($0.rounded())) } ?? "–"]
        var x = r.x
        for (i, (text, w)) in zip(cells, widths).enumerated() {
            canvas.text(text, size: metrics.body - (bold ? 0 : metrics.px(2)), bold: bold, colour: bold ? Theme.text : Theme.textDim,
                        in: Rect(x + metrics.px(10), r.y, w - metrics.px(10), r.h), align: i == 0 ? .left : .right)
            x += w
        }
    }

    /// The week column takes what the numbers leave.
    private static func drillColumns(_ width: Int) -> [Int] {
        let number = width / 9
        return [width - 6 * number] + Array(repeating: number, count: 6)
    }

    static func bpm(_ x: Double?) -> String { x.map { "\(Int($0.rounded()))" } ?? "–" }
    static func percent(_ x: Double?) -> String { x.map { "\(Int($0.rounded())) %" } ?? "–" }
}

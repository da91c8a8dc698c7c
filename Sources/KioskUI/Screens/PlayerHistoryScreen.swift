import Localization
import AppCore
import Foundation
import TeamCore

/// One player's season: today's figures, six small charts of the last six weeks (daily load with
/// Strain and Tolerance, daily sRPE, TRIMP : sRPE, weekly time in zones, HRR60, readiness lnRMSSD in its normal band),
/// their morning wellness totals against their own mean ± SD, and every session of theirs, any team's.
extension Frame {
    func playerHistoryScreen() {
        let team = state.team
        let name = state.season.history.map { "\($0.line.number) \($0.line.name)" }
            ?? state.season.table?.lines.first { $0.playerID == state.season.historyPlayerID }?.name ?? ""
        let area = topBar(title: name, colour: team.map { Colour($0.team.colour) }, back: (tr("‹ Season"), .season(.closePlayer)),
                          trailing: [(tr("Lobby"), .navigate(.lobby), .normal)])
        guard let history = state.season.history else {
            canvas.text(tr("Adding up the season…"), size: metrics.body, colour: Theme.textDim, in: area, align: .center)
            return
        }
        let (summary, body) = area.splitTop(metrics.px(44), gap: metrics.gap)
        historySummary(history.line, summary)
        let (charts, sessions) = body.splitRight(max(metrics.px(230), body.w * 30 / 100), gap: metrics.gap)
        // The heart's load, the player's own (sRPE) and their ratio on the top row; zones, HRR60, readiness below.
        let cells = charts.rows(2, gap: metrics.gap).flatMap { $0.columns(3, gap: metrics.gap) }
        loadChart(history, cells[0])
        srpeChart(history, cells[1])
        ratioChart(history, cells[2])
        zonesChart(history, cells[3])
        recoveryChart(history, cells[4])
        readinessChart(history, cells[5])
        // The morning wellness above the sessions: the player's own word beside the figures of their heart.
        let (wellness, list) = sessions.splitTop(cells[0].h, gap: metrics.gap)
        wellnessChart(history, wellness)
        historySessions(history, list)
    }

    /// Today's row of the table, in one line: load, Strain, Tolerance, status, ACWR, readiness.
    private func historySummary(_ line: SeasonLine, _ r: Rect) {
        // The table's short headings: the longer languages' whole words leave the two words no room.
        let figures = [(tr("today", context: "a load figure"), Self.load(line.loadToday)), ("sRPE", Self.load(line.srpeToday)),
                       (tr("Strain", context: "table header, short"), Self.load(line.strain)),
                       (tr("Tolerance", context: "table header, short"), Self.load(line.tolerance)),
                       (tr("ACWR"), line.acwr.map { Self.decimal($0, digits: 2) } ?? "–")]
        // Each word with what it is the word of: "below" alone could be anything.
        let words = [(tr("load", context: "the load status word"), line.status), (tr("readiness", context: "the readiness word"), line.readiness)]
        // What each word needs: its label and the word whole on its pill.
        let needs = words.map { label, word in
            // The pill's insets and a little air on either side of the word.
            canvas.measure(label, size: metrics.small) + metrics.px(6) + canvas.measure(tr(word.text), size: metrics.small - metrics.px(1), bold: true)
                + metrics.px(28)
        }
        // The figures at the body size where all fits, else smaller and closer (German's and French's words are longer).
        var (valueSize, gap) = (metrics.body, metrics.px(16))
        func figuresWidth() -> Int {
            figures.map { canvas.measure($0.0, size: metrics.small) + metrics.px(4) + canvas.measure($0.1, size: valueSize, bold: true) + gap }.reduce(0, +)
        }
        if figuresWidth() > r.w - needs.reduce(0, +) - 2 * metrics.gap { (valueSize, gap) = (metrics.small, metrics.px(8)) }
        var x = r.x
        for (label, value) in figures {
            let lw = canvas.measure(label, size: metrics.small), vw = canvas.measure(value, size: valueSize, bold: true)
            canvas.text(label, size: metrics.small, colour: Theme.textDim, in: Rect(x, r.y, lw, r.h))
            canvas.text(value, size: valueSize, bold: true, in: Rect(x + lw + metrics.px(4), r.y, vw + 2, r.h))
            x += lw + metrics.px(4) + vw + gap
        }
        // The room left, shared as the two words need it.
        let room = max(0, r.maxX - x - metrics.gap), total = max(1, needs.reduce(0, +))
        var cellX = x
        for ((label, word), need) in zip(words, needs) {
            let cell = Rect(cellX, r.y, room * need / total, r.h)
            cellX = cell.maxX + metrics.gap
            let (labelBox, pill) = cell.splitLeft(canvas.measure(label, size: metrics.small) + metrics.px(6))
            canvas.text(label, size: metrics.small, colour: Theme.textDim, in: labelBox)
            seasonWord(word, pill)
        }
    }

    /// A chart's frame and title; returns the plot area.
    /// `legend`: words in the colours of what they name, right-aligned on the title's row.
    private func chartFrame(_ title: String, legend: [(String, Colour)] = [], _ r: Rect) -> Rect {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        let inner = r.inset(dx: metrics.px(10), dy: metrics.px(6))
        let tw = canvas.measure(title, size: metrics.small, bold: true)
        // A title wider than a narrow chart ("Minutes in zones a week") on two lines, as large as they fit, the legend
        // left out.
        let twoLineRow = Rect(inner.x, inner.y, inner.w, metrics.px(40))
        let wrapSize = tw <= inner.w ? nil : stride(from: metrics.small, through: metrics.readableText, by: -1).first {
            twoLines(title, size: $0, bold: true, in: twoLineRow) != nil
        }
        let (titleRow, plot) = inner.splitTop(metrics.px(wrapSize == nil ? 22 : 40), gap: metrics.px(4))
        if let wrapSize {
            textOnTwoLines(title, size: wrapSize, bold: true, in: titleRow)
            return plot
        }
        canvas.text(title, size: metrics.small, bold: true, in: Rect(titleRow.x, titleRow.y, min(tw + 2, titleRow.w), titleRow.h))
        let size = metrics.small - metrics.px(3)
        var right = titleRow.maxX
        for (word, colour) in legend.reversed() {
            let w = canvas.measure(word, size: size, bold: true)
            guard right - w > titleRow.x + tw + metrics.px(8) else { break }
            canvas.text(word, size: size, bold: true, colour: colour, in: Rect(right - w, titleRow.y, w + 1, titleRow.h), shrinkToFit: false)
            right -= w + metrics.px(8)
        }
        return plot
    }

    /// The top of a chart's scale, written small in its corner.
    private func scaleLabel(_ text: String, _ plot: Rect) {
        canvas.text(text, size: metrics.small - metrics.px(4), colour: Theme.textDim, in: Rect(plot.x, plot.y, plot.w / 2, metrics.px(14)))
    }

    /// The x position of a day on a chart of the history's days.
    private func dayX(_ dayNumber: Int, _ history: PlayerHistory, _ plot: Rect) -> Int {
        guard let first = history.days.first?.dayNumber, let last = history.days.last?.dayNumber, last > first else { return plot.midX }
        return plot.x + (dayNumber - first) * plot.w / (last - first + 1) + plot.w / (2 * (last - first + 1))
    }

    private func loadChart(_ history: PlayerHistory, _ r: Rect) {
        let plot = chartFrame(tr("Daily load"), legend: [(tr("Strain"), Theme.warning), (tr("Tolerance"), Theme.text)], r)
        let top = max(1, history.days.map { max($0.load, $0.strain, $0.tolerance) }.max() ?? 1) * 1.1
        func y(_ v: Double) -> Int { plot.maxY - Int(v / top * Double(plot.h)) }
        scaleLabel(Self.load(top), plot)
        let bw = max(1, plot.w / max(1, history.days.count) - 1)
        for d in history.days where d.load > 0 {
            let x = dayX(d.dayNumber, history, plot)
            canvas.fill(Rect(x - bw / 2, y(d.load), bw, plot.maxY - y(d.load)), Theme.textDim.withAlpha(150))
        }
        canvas.polyline(history.days.map { (dayX($0.dayNumber, history, plot), y($0.tolerance)) }, Theme.text, thickness: max(2, metrics.px(2)))
        canvas.polyline(history.days.map { (dayX($0.dayNumber, history, plot), y($0.strain)) }, Theme.warning, thickness: max(2, metrics.px(2)))
    }

    /// The daily sRPE load as bars (RPE × effort minutes of the rated sessions).
    private func srpeChart(_ history: PlayerHistory, _ r: Rect) {
        let plot = chartFrame(tr("Daily sRPE"), r)
        guard history.days.contains(where: { $0.srpe > 0 }) else {
            canvas.text(tr("no ratings yet"), size: metrics.small, colour: Theme.textDim, in: plot, align: .center)
            return
        }
        let top = max(1, history.days.map(\.srpe).max() ?? 1) * 1.1
        scaleLabel(Self.load(top), plot)
        let bw = max(1, plot.w / max(1, history.days.count) - 1)
        for d in history.days where d.srpe > 0 {
            let x = dayX(d.dayNumber, history, plot), h = Int(d.srpe / top * Double(plot.h))
            canvas.fill(Rect(x - bw / 2, plot.maxY - h, bw, h), Theme.accent.mixed(with: Theme.text, 0.25))
        }
    }

    /// TRIMP ÷ sRPE on each day with a rated session: the heart's load against the player's own.
    /// A ratio that drifts is worth a look (at the player, or the strap), not a verdict.
    private func ratioChart(_ history: PlayerHistory, _ r: Rect) {
        let plot = chartFrame(tr("TRIMP : sRPE"), r)
        let points = history.days.compactMap { d in d.trimpToSRPE.map { (d.dayNumber, $0) } }
        guard !points.isEmpty else {
            canvas.text(tr("no ratings yet"), size: metrics.small, colour: Theme.textDim, in: plot, align: .center)
            return
        }
        let hi = max(points.map(\.1).max()! * 1.2, 0.01)
        func y(_ v: Double) -> Int { plot.maxY - Int(v / hi * Double(plot.h)) }
        scaleLabel(Self.decimal(hi, digits: 2), plot)
        let xy = points.map { (dayX($0.0, history, plot), y($0.1)) }
        canvas.polyline(xy, Theme.textDim, thickness: max(1, metrics.px(1)))
        for (x, yy) in xy { canvas.circle(cx: x, cy: yy, radius: max(3, metrics.px(4)), Theme.text) }
    }

    private func zonesChart(_ history: PlayerHistory, _ r: Rect) {
        let plot = chartFrame(tr("Minutes in zones a week"), r)
        let (bars, labels) = plot.splitBottom(metrics.px(16))
        let totals = history.weeks.map { $0.zoneMs.dropFirst().reduce(0, +) }
        let top = max(60_000, totals.max() ?? 0)
        scaleLabel("\(Int((Double(top) / 60_000).rounded())) min", bars)
        let cells = bars.columns(max(1, history.weeks.count), gap: metrics.px(6))
        let labelSize = metrics.small - metrics.px(4)
        // Every week's day when they fit side by side, else every other one, ending with this week's.
        let widest = history.weeks.map { canvas.measure(Self.seasonDayText($0.lastDay, weekday: false), size: labelSize) }.max() ?? 0
        let every = widest + metrics.px(4) > (cells.first?.w ?? 0) + metrics.px(6) ? 2 : 1
        for (i, (week, cell)) in zip(history.weeks, cells).enumerated() {
            var y = cell.maxY
            for zone in HeartRateZone.allCases.dropFirst() {
                let h = Int(Double(week.zoneMs[zone.rawValue]) / Double(top) * Double(cell.h))
                canvas.fill(Rect(cell.x, y - h, cell.w, h), Theme.zone(zone))
                y -= h
            }
            guard (history.weeks.count - 1 - i) % every == 0 else { continue }
            let w = max(cell.w + metrics.px(24), widest)
            canvas.text(Self.seasonDayText(week.lastDay, weekday: false), size: labelSize, colour: Theme.textDim,
                        in: Rect(cell.x + cell.w / 2 - w / 2, labels.y, w, labels.h), align: .center, shrinkToFit: false)
        }
    }

    private func recoveryChart(_ history: PlayerHistory, _ r: Rect) {
        let plot = chartFrame(tr("HRR60, bpm"), legend: [(tr("the minute after the effort"), Theme.textDim)], r)
        guard !history.recoveries.isEmpty else {
            canvas.text(tr("no recovery minutes yet"), size: metrics.small, colour: Theme.textDim, in: plot, align: .center)
            return
        }
        let values = history.recoveries.map(\.value)
        let lo = min(0, values.min()!), hi = max(values.max()!, lo + 10) * 1.1
        func y(_ v: Double) -> Int { plot.maxY - Int((v - lo) / (hi - lo) * Double(plot.h)) }
        scaleLabel(tr("{n} bpm", ["n": "\(Int(hi.rounded()))"]), plot)
        let points = history.recoveries.map { (dayX($0.dayNumber, history, plot), y($0.value)) }
        canvas.polyline(points, Theme.recovery.mixed(with: Theme.text, 0.4), thickness: max(2, metrics.px(2)))
        for (x, yy) in points { canvas.circle(cx: x, cy: yy, radius: max(3, metrics.px(4)), Theme.text) }
    }

    private func readinessChart(_ history: PlayerHistory, _ r: Rect) {
        // The posture in words ("sitting": the check's raw value).
        let title = history.checkPosture.map { raw in
            let posture = SessionTags.Posture(rawValue: raw).map { tr($0.word) } ?? raw
            return tr("Readiness lnRMSSD ({posture})", ["posture": posture])
        } ?? tr("Readiness lnRMSSD")
        let plot = chartFrame(title, legend: [(tr("normal range"), Theme.seasonTone(.good).mixed(with: Theme.text, 0.3))], r)
        guard !history.checks.isEmpty else {
            canvas.text(tr("no readiness checks yet"), size: metrics.small, colour: Theme.textDim, in: plot, align: .center)
            return
        }
        let values = history.checks.flatMap { [$0.lnRMSSD, $0.normalLow ?? $0.lnRMSSD, $0.normalHigh ?? $0.lnRMSSD] }
        let lo = values.min()! - 0.2, hi = values.max()! + 0.2
        func y(_ v: Double) -> Int { plot.maxY - Int((v - lo) / (hi - lo) * Double(plot.h)) }
        scaleLabel(Self.decimal(hi, digits: 1), plot)
        // The band each check was read against, from that check to the next.
        for (i, c) in history.checks.enumerated() {
            guard let low = c.normalLow, let high = c.normalHigh else { continue }
            let x0 = dayX(c.dayNumber, history, plot)
            let x1 = i + 1 < history.checks.count ? dayX(history.checks[i + 1].dayNumber, history, plot) : x0 + metrics.px(6)
            canvas.fill(Rect(x0, y(high), max(2, x1 - x0), max(1, y(low) - y(high))), Theme.seasonTone(.good).withAlpha(110))
        }
        canvas.polyline(history.checks.map { (dayX($0.dayNumber, history, plot), y($0.lnRMSSD)) }, Theme.textDim, thickness: max(1, metrics.px(1)))
        for c in history.checks {
            canvas.circle(cx: dayX(c.dayNumber, history, plot), cy: y(c.lnRMSSD), radius: max(3, metrics.px(5)),
                          Theme.seasonTone(c.status.tone).mixed(with: Theme.text, 0.2))
        }
    }

    /// Each morning's wellness total (5–25) on the band of the player's mean ± 1 SD it was read against,
    /// a drop beyond it on the caution colour; today's total and z in the title.
    private func wellnessChart(_ history: PlayerHistory, _ r: Rect) {
        let today = history.line.wellness.map { w in " \(w.total)\(w.flagged ? " ↓" : "") · \(Self.wellnessZ(w))" } ?? ""
        let plot = chartFrame(tr("Wellness") + today, r)
        guard !history.wellness.isEmpty else {
            canvas.text(tr("no check-ins yet"), size: metrics.small, colour: Theme.textDim, in: plot, align: .center)
            return
        }
        let lo = 5.0, hi = 25.0
        func y(_ v: Double) -> Int { plot.maxY - Int((v - lo) / (hi - lo) * Double(plot.h)) }
        scaleLabel("25", plot)
        for (i, w) in history.wellness.enumerated() {
            guard let mean = w.mean, let sd = w.sd else { continue }
            let x0 = dayX(w.dayNumber, history, plot)
            let x1 = i + 1 < history.wellness.count ? dayX(history.wellness[i + 1].dayNumber, history, plot) : x0 + metrics.px(6)
            let top = y(min(hi, mean + sd)), bottom = y(max(lo, mean - sd))
            canvas.fill(Rect(x0, top, max(2, x1 - x0), max(1, bottom - top)), Theme.seasonTone(.good).withAlpha(110))
        }
        let points = history.wellness.map { (dayX($0.dayNumber, history, plot), y(Double($0.total))) }
        canvas.polyline(points, Theme.textDim, thickness: max(1, metrics.px(1)))
        for (w, (x, yy)) in zip(history.wellness, points) {
            canvas.circle(cx: x, cy: yy, radius: max(3, metrics.px(5)), w.flagged ? Theme.seasonTone(.caution) : Theme.text)
        }
    }

    /// Every session of the player's, newest first: day, team, tags, load (or a check's lnRMSSD).
    private func historySessions(_ history: PlayerHistory, _ area: Rect) {
        let (titleRow, listArea) = area.splitTop(metrics.px(24), gap: metrics.px(4))
        canvas.text(trn("{n} session, every team", "{n} sessions, every team", n: history.sessions.count),
                    size: metrics.small, bold: true, colour: Theme.textDim, in: titleRow)
        list(id: "history", area: listArea, rowHeight: metrics.target, count: history.sessions.count) { i, r in
            let s = history.sessions[i]
            canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
            let inner = r.inset(dx: metrics.px(10), dy: metrics.px(6))
            let (top, bottom) = inner.splitTop(inner.h * 11 / 20)
            // A fitness test: its HRex, and below against the previous test at the same pace: better / within / worse.
            let value = s.load.map { Self.load($0) } ?? s.lnRMSSD.map { "ln " + Self.decimal($0, digits: 2) }
                ?? s.hrex.map { "HRex " + Self.decimal($0, digits: 1) } ?? "–"
            let vw = canvas.measure(value, size: metrics.body, bold: true) + metrics.px(4)
            // The day with its weekday where it fits beside the value, else without ("14 mars": French's "sam. 14 mars" does not).
            let dayBox = Rect(top.x, top.y, top.w - vw, top.h), daySize = metrics.small + metrics.px(1)
            let day = [Self.seasonDayText(s.day), Self.seasonDayText(s.day, weekday: false)]
                .first { canvas.measure($0, size: daySize, bold: true) <= dayBox.w } ?? Self.seasonDayText(s.day, weekday: false)
            canvas.text(day, size: daySize, bold: true, in: dayBox)
            canvas.text(value, size: metrics.body, bold: true, in: Rect(top.maxX - vw, top.y, vw, top.h), align: .right)
            let rating = s.rpe.map { rpe in " · RPE \(rpe)" + (s.srpeLoad.map { " (\(Self.load($0)))" } ?? "") } ?? ""
            let change = s.hrexChange.map { " · " + tr($0.text) } ?? ""
            let size = metrics.small - metrics.px(3)
            let fixed = s.teamName + rating + change
            // Tags give way first: where not even one fits beside the team and the rating (French's "Entraînement"), none.
            let room = bottom.w - canvas.measure(fixed + " · ", size: size)
            let tagText = s.tags.isEmpty ? "" : fittingTagText(s.tags, width: room, size: size)
            let tags = tagText.isEmpty || canvas.measure(tagText, size: size) > room ? "" : " · " + tagText
            canvas.text(s.teamName + tags + rating + change, size: size, colour: Theme.textDim, in: bottom)
        }
    }
}

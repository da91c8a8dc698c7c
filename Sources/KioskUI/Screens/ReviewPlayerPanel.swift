import Localization
import AppCore
import Foundation
import TeamCore

/// One player's numbers beside their graph: heart rate and zones, or HRV, each with the change
/// since their previous comparable session (same team, same tags) in brackets.
extension Frame {
    /// The player's number and name (the session's tags, what "comparable" means, are in the header above).
    func playerTitle(_ p: ReviewPlayer, _ row: Rect) {
        canvas.text("\(p.shirtNumber) \(p.name)", size: metrics.body, bold: true, in: row)
    }

    func playerPanel(_ p: ReviewPlayer, _ panel: Rect) {
        canvas.fillRounded(panel, radius: metrics.px(10), Theme.surface)
        let inner = panel.inset(metrics.px(10))
        let (tabRow, body) = inner.splitTop(metrics.px(52), gap: metrics.px(8))
        let tabs = tabRow.columns(2, gap: metrics.px(6))
        // Each tab is touched from the panel's top edge to the middle of the gap below it.
        func touch(_ tab: Rect) -> Rect { Rect(tab.x, panel.y, tab.w, tab.maxY + metrics.px(4) - panel.y) }
        let shown = state.review.panel
        // The tab's word, or the translator's short form where it is too long for half the panel.
        let heartRate = [tr("Heart rate"), tr("Heart rate", context: "short, a tab")]
            .first { canvas.measure($0, size: metrics.small, bold: true) <= tabs[0].w - metrics.px(16) } ?? tr("Heart rate", context: "short, a tab")
        button(heartRate, tabs[0], .review(.showPanel(.heartRate)), style: shown == .heartRate ? .primary : .normal, size: metrics.small,
               touch: touch(tabs[0]))
        button(tr("HRV"), tabs[1], .review(.showPanel(.hrv)), style: shown == .hrv ? .primary : .normal, size: metrics.small, touch: touch(tabs[1]))
        switch shown {
        case .heartRate: heartRatePanel(p, body)
        case .hrv: hrvPanel(p, body)
        }
    }

    /// A panel's lines: labels left, values right, each column at one size for all its rows (the
    /// largest at which the longest fits), so no label or value is smaller than its neighbours.
    private struct PanelRows {
        let frame: Frame
        let area: Rect
        let lineHeight: Int
        var y: Int
        var labelSize = 0, valueSize = 0

        init(frame: Frame, area: Rect, lineHeight: Int, y: Int) {
            self.frame = frame
            self.area = area
            self.lineHeight = lineHeight
            self.y = y
        }

        /// Labels get the wider part: "Recovery 1 min" fits at 800×480 at the common size.
        private var labelW: Int { area.w * 55 / 100 }

        mutating func row(_ label: String, _ value: String) {
            frame.canvas.text(label, size: labelSize, colour: Theme.textDim, in: Rect(area.x, y, labelW, lineHeight))
            let room = valueRoom(label)
            frame.canvas.text(value, size: valueSize, bold: true, in: Rect(area.maxX - room, y, room, lineHeight), align: .right)
            y += lineHeight
        }

        /// A value takes what its own label leaves of the row: a short label ("Über") leaves a long value
        /// ("Erholungsminute") most of it.
        private func valueRoom(_ label: String) -> Int {
            area.w - min(frame.canvas.measure(label, size: labelSize), labelW) - frame.metrics.px(8)
        }

        mutating func draw(_ lines: [ReviewPanelLine]) {
            let m = frame.metrics
            let rows = lines.compactMap { line -> (String, String)? in
                // A value that is a message (an HRV window's name) in the kiosk's language; numbers are no message and stay.
                if case .row(let label, let value) = line { return (tr(label), tr(value)) }
                return nil
            }
            labelSize = frame.commonSize(rows.map { ($0.0, labelW - m.px(4)) }, max: m.small, min: m.readableText, bold: false)
            valueSize = frame.commonSize(rows.map { ($0.1, valueRoom($0.0)) }, max: m.small + m.px(2), min: m.readableText, bold: true)
            for line in lines {
                switch line {
                case .row(let label, let value): row(tr(label), tr(value))
                case .note(let text): note(tr(text))
                }
            }
        }

        mutating func note(_ text: String) {
            frame.canvas.text(text, size: frame.metrics.small - frame.metrics.px(2), colour: Theme.textDim,
                              in: Rect(area.x, y, area.w, lineHeight - frame.metrics.px(4)), align: .right)
            y += lineHeight - frame.metrics.px(4)
        }
    }
    private func heartRatePanel(_ p: ReviewPlayer, _ area: Rect) {
        let d = p.digest
        var rows = PanelRows(frame: self, area: area, lineHeight: metrics.px(24), y: area.y)
        rows.draw(ReviewPanelLines.heartRate(p))
        var yy = rows.y + metrics.px(4)
        // Time in zone, as bars with the zone number (never colour alone).
        let total = max(1, d.zoneMs.reduce(0, +))
        let barH = max(metrics.px(16), min(metrics.px(30), (area.maxY - yy) / 6 - metrics.px(4)))
        for zone in HeartRateZone.allCases.reversed() where yy + barH <= area.maxY {
            let ms = d.zoneMs[zone.rawValue]
            let labelW = metrics.px(38)
            canvas.text(Theme.zoneName(zone), size: metrics.small, bold: true, in: Rect(area.x, yy, labelW, barH))
            let barArea = Rect(area.x + labelW, yy, area.w - labelW - metrics.px(60), barH)
            canvas.fill(barArea, Theme.surfaceHigh)
            canvas.fill(Rect(barArea.x, barArea.y, Int(Double(barArea.w) * Double(ms) / Double(total)), barH), Theme.zone(zone))
            canvas.text(SessionClock.format(ms), size: metrics.small - metrics.px(2), colour: Theme.textDim,
                        in: Rect(barArea.maxX, yy, metrics.px(60), barH), align: .right)
            yy += barH + metrics.px(4)
        }
    }

    private func hrvPanel(_ p: ReviewPlayer, _ area: Rect) {
        var rows = PanelRows(frame: self, area: area, lineHeight: metrics.px(28), y: area.y)
        rows.draw(ReviewPanelLines.hrv(p))
        guard p.digest.rmssdMs != nil else { return }
        rows.y += metrics.px(6)
        // Corrected beats are guesses: many of them and the numbers above say more about the strap than the heart.
        if let corrected = p.digest.correctedBeatsPercent, corrected > 5 {
            wrappedText(tr("Over 5 % of the beats were corrected: check the strap's fit before trusting these."),
                        size: metrics.small - metrics.px(2), in: Rect(area.x, rows.y, area.w, max(0, area.maxY - rows.y)), colour: Theme.warning)
        }
    }
}

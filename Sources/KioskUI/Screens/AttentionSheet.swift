import Localization
import AppCore
import TeamCore

/// The lobby's "Needs attention": a compact entry beside the tags with today's count, and the list it
/// opens — each row what and who, the numbers behind it, what to do, and "Dismiss for today".
extension Frame {
    func attentionEntry(_ r: Rect) {
        let lines = state.lobby.attention
        let value = lines.flatMap { $0.isEmpty ? nil : [Self.attentionSummary($0)] }
        planBar(r, title: tr("Needs attention") + (lines.map { " (\($0.count))" } ?? ""), value: value,
                none: lines == nil ? ["…"] : [tr("nothing today")], chosen: Theme.warning, action: .lobby(.attention(.open(true))),
                hitLabel: "Needs attention")
    }

    /// "4 readiness · 1 wellness …": the first two kinds counted (in the list's order), "…" when more follow.
    static func attentionSummary(_ lines: [AttentionLine]) -> String {
        var kinds: [(String, Int)] = []
        for line in lines {
            if kinds.last?.0 == line.kind { kinds[kinds.count - 1].1 += 1 } else { kinds.append((line.kind, 1)) }
        }
        return kinds.prefix(2).map { "\($0.1) \(tr($0.0))" }.joined(separator: " · ") + (kinds.count > 2 ? " …" : "")
    }

    func attentionSheet() {
        let lines = state.lobby.attention ?? []
        let (done, body) = sheet(title: tr("Needs attention today"),
                                 hint: tr("The numbers behind each · a cue to look or ask, never a diagnosis"),
                                 buttonsWidth: metrics.px(150))
        button(tr("Done"), done, .lobby(.attention(.open(false))), style: .primary)
        // Tall enough for the advice on two lines (German's and Spanish's sentences are long).
        let rowH = metrics.px(124)
        list(id: "attention", area: body, rowHeight: rowH, count: lines.count) { i, r in
            let line = lines[i]
            canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
            canvas.fill(Rect(r.x, r.y + metrics.px(8), metrics.px(6), r.h - metrics.px(16)), Theme.warning)
            let (text, dismiss) = r.splitRight(metrics.px(190), gap: metrics.gap)
            let (head, adviceBox) = text.inset(dx: metrics.px(18), dy: metrics.px(6)).splitTop(text.h * 11 / 20)
            let rows = head.rows(2, gap: 0)
            canvas.text("\(tr(line.title)) · \(line.subject)", size: metrics.body, bold: true, in: rows[0], background: Theme.surface)
            // Every number where the line has room, else the first sentence's and the rest by name (a wellness drop's items).
            let reason = [line.reasonMessage.translated, line.reasonMessage.translatedBriefly]
                .first { canvas.measure($0, size: metrics.small - metrics.px(3)) <= rows[1].w } ?? line.reasonMessage.translatedBriefly
            canvas.text(reason, size: metrics.small, in: rows[1], background: Theme.surface)
            let advice = tr(line.advice), adviceSize = metrics.small - metrics.px(2)
            if canvas.measure(advice, size: adviceSize) <= adviceBox.w
                || !textOnTwoLines(advice, size: adviceSize, bold: false, colour: Theme.textDim, in: adviceBox) {
                canvas.text(advice, size: adviceSize, colour: Theme.textDim, in: adviceBox, background: Theme.surface)
            }
            // As tall as the row: a gloved thumb needs no aim.
            // The whole wording where it fits at the small size, else the translator's short one (French's "Masquer"), not a shrunk one.
            let box = dismiss.inset(dx: metrics.px(6), dy: metrics.px(6))
            let whole = tr("Dismiss for today")
            let label = canvas.measure(whole, size: metrics.small, bold: true) <= box.w - metrics.px(16) ? whole : tr("Dismiss for today", context: "short, a button")
            button(label, box, .lobby(.attention(.dismiss(key: line.key))),
                   size: metrics.small, hitLabel: "dismiss:\(line.title) · \(line.subject)", touch: dismiss)
        }
    }
}

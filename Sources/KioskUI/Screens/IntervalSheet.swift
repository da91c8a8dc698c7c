import Localization
import AppCore
import TeamCore

/// The lobby's interval sheet: the presets as four big buttons (Settings edits them), one tap
/// each; the chosen one again, or "One countdown", goes back to a single countdown.
extension Frame {
    func intervalSheet() {
        let (done, body) = sheet(title: tr("Interval program"),
                                 hint: tr("Work and rest blocks instead of one countdown · each block a lap · presets in Settings"),
                                 buttonsWidth: metrics.px(150))
        button(tr("Done"), done, .lobby(.intervals(.edit(false))), style: .primary)
        let presets = state.settings.values.intervalPresets
        let (grid, noneRow) = body.splitBottom(metrics.target, gap: metrics.gap)
        let cells = grid.rows(2, gap: metrics.gap).flatMap { $0.columns(2, gap: metrics.gap) }
        for (i, (cell, program)) in zip(cells, presets).enumerated() {
            let chosen = state.lobby.intervals == program
            canvas.fillRounded(cell, radius: metrics.px(12), chosen ? Theme.work : Theme.surfaceHigh)
            let inner = cell.inset(dx: metrics.px(16), dy: metrics.px(8))
            let (top, bottom) = inner.splitTop(inner.h * 3 / 5)
            canvas.text(program.label, size: metrics.title, bold: true, in: top, align: .center)
            let detail = tr("{time} in all", ["time": SessionClock.format(program.totalMs)]) + (chosen ? " · " + tr("chosen") : "")
            canvas.text(detail, size: metrics.small, colour: chosen ? Theme.text : Theme.textDim, in: bottom, align: .center)
            hits.add(Hit(rect: cell, label: "Preset \(i + 1)", action: .lobby(.intervals(.choose(i)))))
        }
        button(tr("One countdown, no intervals"), noneRow, .lobby(.intervals(.choose(nil))),
               style: state.lobby.intervals == nil ? .primary : .normal, hitLabel: "No intervals")
    }
}

import Localization
import AppCore
import TeamCore

/// The drills on the kiosk: the lobby's plan sheet (the team's library as big buttons, tapped in the order they
/// will run), the live screen's band (the drill under way, "Next" and "Drill…") and its sheet for a drill on the fly.
extension Frame {
    func drillPlanSheet() {
        let (buttons, body) = sheet(title: tr("Drills"), hint: tr("Tap the drills in the order they run · the first starts with the session"),
                                    buttonsWidth: metrics.px(150))
        button(tr("Done"), buttons, .lobby(.drills(.edit(false))), style: .primary)
        let plan = state.lobby.drillPlan
        let (grid, planRow) = body.splitBottom(metrics.target, gap: metrics.gap)
        drillGrid(state.lobby.drillLibrary.map(\.name), planned: state.lobby.drillLibrary.map(\.plannedMinutes), in: grid) { .lobby(.drills(.add($0))) }
        let (planAndNew, edit) = planRow.splitRight(metrics.px(260), gap: metrics.gap)
        let (planBox, newDrill) = planAndNew.splitRight(metrics.px(150), gap: metrics.gap)
        button(tr("New…"), newDrill, .form(.newDrill), hitLabel: "New drill")
        canvas.fillRounded(planBox, radius: metrics.px(10), Theme.surface)
        canvas.text(plan.isEmpty ? tr("No plan: drills can still be started from the live screen") : tr("Plan: ") + Self.drillPlanSummary(plan),
                    size: metrics.small, bold: !plan.isEmpty, colour: plan.isEmpty ? Theme.textDim : Theme.text,
                    in: planBox.inset(dx: metrics.px(14), dy: 0))
        let (undo, clear) = edit.splitLeft((edit.w - metrics.gap) / 2, gap: metrics.gap)
        button(tr("Undo"), undo, .lobby(.drills(.removeLast)), style: plan.isEmpty ? .disabled : .normal, hitLabel: "Undo drill")
        button(tr("Clear"), clear, .lobby(.drills(.clear)), style: plan.isEmpty ? .disabled : .normal, hitLabel: "Clear drills")
    }

    /// The library as big buttons, four a row (gloves): each tap is one `action(index)`.
    private func drillGrid(_ names: [String], planned: [Int?], in area: Rect, action: (Int) -> Action) {
        guard !names.isEmpty else {
            wrappedText(tr("The team has no drills yet: \"New…\" adds one (or `sideline drills --team NAME --add \"SSG 4v4\"`)."),
                        size: metrics.body, in: area.inset(metrics.px(20)), colour: Theme.textDim)
            return
        }
        let columns = 4
        let rows = max(2, (names.count + columns - 1) / columns)
        // Two rows fill the sheet; more share it down to a glove's target, then the grid scrolls.
        let rowHeight = max(metrics.target + metrics.px(8), area.h / rows - metrics.gap)  // the list counts a gap after each row
        list(id: "drillGrid", area: area, rowHeight: rowHeight, count: rows) { row, r in
            for (col, cell) in r.columns(columns, gap: metrics.gap).enumerated() where row * columns + col < names.count {
                drillCell(names[row * columns + col], minutes: planned.indices.contains(row * columns + col) ? planned[row * columns + col] : nil,
                          in: cell, action: action(row * columns + col))
            }
        }
    }

    private func drillCell(_ name: String, minutes: Int?, in cell: Rect, action: Action) {
        canvas.fillRounded(cell, radius: metrics.px(12), Theme.surfaceHigh)
        let inner = cell.inset(dx: metrics.px(10), dy: metrics.px(6))
        if let minutes {
            let (top, bottom) = inner.splitTop(inner.h * 3 / 5)
            canvas.text(name, size: metrics.body, bold: true, in: top, align: .center)
            canvas.text("\(minutes) min", size: metrics.small, colour: Theme.textDim, in: bottom, align: .center)
        } else {
            canvas.text(name, size: metrics.body, bold: true, in: inner, align: .center)
        }
        hits.add(Hit(rect: cell, label: "Drill \(name)", action: action))
    }

    /// The coach's band under the bar while drills are planned or known: the drill under way and its time, and a
    /// big "Next: …" (the plan's next) or "Drill…" (the library). Returns the area below it.
    func drillBand(_ live: LiveSession, in area: Rect) -> Rect {
        guard live.readinessCheck == nil, live.effortEndedAtMs == nil, !live.drillPlan.isEmpty || !live.drillLibrary.isEmpty else { return area }
        let (band, rest) = area.splitTop(metrics.target)
        canvas.fill(band, Theme.surface)
        let next = live.nextPlannedDrill
        let label = next.map { tr("Next: {drill} ›", ["drill": $0]) } ?? tr("Drill…")
        let w = min(band.w / 2, max(metrics.target * 3, canvas.measure(label, size: metrics.body, bold: true) + metrics.px(32)))
        let (info, buttons) = band.inset(dx: metrics.margin, dy: 0).splitRight(w + (next != nil ? metrics.target * 2 + metrics.gap : 0), gap: metrics.gap)
        if let current = live.currentDrill {
            canvas.fill(Rect(band.x, band.y, metrics.px(8), band.h), Theme.drill)
            let since = SessionClock.format(max(0, state.nowMs - live.clock.startMs - current.startMs))
            canvas.text("\(current.name) · \(since)", size: metrics.px(26), bold: true, in: info, background: Theme.surface)
        } else {
            canvas.text(next == nil ? tr("No drill under way") : tr("Plan: ") + Self.drillPlanSummary(live.drillPlan), size: metrics.small,
                        colour: Theme.textDim, in: info, background: Theme.surface)
        }
        let disabled = live.phase != .running && live.phase != .paused
        if let next {
            let (other, nextBox) = buttons.splitLeft(metrics.target * 2, gap: metrics.gap)
            button(tr("Other…"), other, .live(.pickDrill(true)), style: disabled ? .disabled : .normal, hitLabel: "Other drill")
            button(label, nextBox, .live(.startDrill(next)), style: disabled ? .disabled : .primary, hitLabel: "Next drill")
        } else {
            button(label, buttons, .live(.pickDrill(true)), style: disabled ? .disabled : .primary, hitLabel: "Start drill")
        }
        return rest
    }

    /// The library over the live screen: one tap starts that drill now.
    func liveDrillSheet(_ live: LiveSession) {
        let (buttons, body) = sheet(title: tr("Start a drill"), hint: tr("It starts now; the drill under way ends here"), buttonsWidth: metrics.px(150))
        button(tr("Cancel"), buttons, .live(.pickDrill(false)), style: .normal, hitLabel: "Cancel drill")
        drillGrid(live.drillLibrary, planned: [], in: body) { .live(.startDrill(live.drillLibrary[$0])) }
    }
}

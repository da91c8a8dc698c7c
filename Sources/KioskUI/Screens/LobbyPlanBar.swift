import Localization
import AppCore
import TeamCore

/// The lobby's row under the tags: an interval program instead of one countdown, the drills planned, and a
/// challenge between two sides; each says what is chosen and opens its sheet with one tap.
extension Frame {
    func sessionPlanBar(_ r: Rect) {
        let thirds = r.columns(3, gap: metrics.gap)
        let lobby = state.lobby
        // The program's whole length where the bar has room for it.
        let program = lobby.intervals.map { ["\($0.label) · \(SessionClock.format($0.totalMs))", $0.label] }
        planBar(thirds[0], title: tr("Intervals"), value: program, none: [tr("none — one countdown"), tr("none", context: "no interval program")], chosen: Theme.work,
                action: .lobby(.intervals(.edit(true))))
        planBar(thirds[1], title: tr("Drills"), value: lobby.drillPlan.isEmpty ? nil : Self.drillPlanSummaries(lobby.drillPlan),
                none: [tr("none — tap to plan"), tr("none", context: "no drills")], chosen: Theme.drill, action: .lobby(.drills(.edit(true))))
        let sides = lobby.challengeSides(in: state.roster)
        let challenge: [String]? = lobby.hasChallenge(in: state.roster) ? [Self.challengeSummary(sides)] : nil
        planBar(thirds[2], title: tr("Challenge"), value: challenge, none: [tr("none — tap to pick sides"), tr("none", context: "no challenge")], chosen: Theme.challengeSides[0],
                action: .lobby(.challenge(.edit(true))))
    }

    /// "Warm-up → SSG 4v4 → Sprints".
    static func drillPlanSummary(_ plan: [String]) -> String { plan.joined(separator: " → ") }

    /// The plan's summary, then shorter: "Warm-up → …".
    static func drillPlanSummaries(_ plan: [String]) -> [String] {
        [drillPlanSummary(plan)] + (plan.count > 1 ? [plan[0] + " → …"] : [])
    }

    /// "Ada vs Bea" for two players, else "Reds 4 vs Blues 3".
    static func challengeSummary(_ sides: [[RosterLine]]) -> String {
        if sides.allSatisfy({ $0.count == 1 }) { return "\(sides[0][0].player.firstName) vs \(sides[1][0].player.firstName)" }
        return "\(Lobby.challengeSideNames[0]) \(sides[0].count) vs \(Lobby.challengeSideNames[1]) \(sides[1].count)"
    }

    /// A bar of the lobby's: its title, what is chosen (or `none`, dimmed; each the first of its wordings that fits,
    /// longest first), a mark in `chosen` when something is; one tap opens it.
    func planBar(_ r: Rect, title: String, value: [String]?, none: [String], chosen: Colour, action: Action, hitLabel: String? = nil) {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        if value != nil { canvas.fill(Rect(r.x, r.y + metrics.px(8), metrics.px(6), r.h - metrics.px(16)), chosen) }
        let inner = r.inset(dx: metrics.px(14), dy: metrics.px(4))
        let (top, bottom) = inner.splitTop(inner.h * 11 / 20)
        let (titleBox, edit) = top.splitRight(metrics.px(24))
        canvas.text(title, size: metrics.small, bold: true, colour: Theme.textDim, in: titleBox)
        canvas.text("›", size: metrics.body, bold: true, colour: Theme.accent.mixed(with: Theme.text, 0.4), in: edit, align: .right)
        let noneSize = metrics.small - metrics.px(2)
        let shown = value.map { forms in forms.first { canvas.measure($0, size: metrics.small, bold: true) <= bottom.w } ?? forms.last ?? "" }
            ?? none.first { canvas.measure($0, size: noneSize) <= bottom.w } ?? none.last ?? ""
        canvas.text(shown, size: value == nil ? noneSize : metrics.small, bold: value != nil,
                    colour: value == nil ? Theme.textDim : Theme.text, in: bottom)
        hits.add(Hit(rect: r, label: hitLabel ?? title, action: action))
    }
}

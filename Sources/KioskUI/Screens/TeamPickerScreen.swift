import Localization
import AppCore
import TeamCore

/// Big team cards: name and colour, players, last session, a badge of sessions not yet reviewed.
extension Frame {
    func teamPicker() {
        let area = topBar(title: tr("Sideline — pick a team"), trailing: [(tr("Settings"), .navigate(.settings), .normal)])
        let cards = state.teams.count + 1
        let columns = metrics.width >= metrics.height * 2 ? 3 : 2
        let cardH = max(metrics.target * 2, metrics.px(120))
        let rows = (cards + columns - 1) / columns
        list(id: "teams", area: area, rowHeight: cardH, count: rows) { row, r in
            for (col, cell) in r.columns(columns, gap: metrics.gap).enumerated() {
                let i = row * columns + col
                if i < state.teams.count { teamCard(state.teams[i], cell) }
                else if i == state.teams.count { newTeamCard(cell) }
            }
        }
        notice()
    }

    private func teamCard(_ card: TeamCard, _ r: Rect) {
        canvas.fillRounded(r, radius: metrics.px(14), Theme.surface)
        canvas.fillRounded(Rect(r.x, r.y, metrics.px(14), r.h), radius: metrics.px(7), Colour(card.team.colour))
        let inner = r.inset(dx: metrics.px(26), dy: metrics.px(12))
        let (nameRow, rest) = inner.splitTop(inner.h / 2)
        let badgeW = card.unreviewedSessions > 0 ? metrics.px(56) : 0
        canvas.text(card.team.name, size: metrics.px(30), bold: true, in: Rect(nameRow.x, nameRow.y, nameRow.w - badgeW, nameRow.h))
        var detail = trn("{n} player", "{n} players", n: card.playerCount)
        detail += " · " + (card.lastSessionAt.map { tr("last {day}", ["day": Self.dayFormatter.string(from: $0)]) } ?? tr("no sessions yet"))
        canvas.text(detail, size: metrics.small + metrics.px(2), colour: Theme.textDim, in: rest)
        if card.unreviewedSessions > 0 {
            let d = metrics.px(44)
            let badge = Rect(r.maxX - d - metrics.px(10), r.y + metrics.px(10), d, d)
            canvas.circle(cx: badge.midX, cy: badge.midY, radius: d / 2, Theme.danger)
            canvas.text("\(card.unreviewedSessions)", size: metrics.body, bold: true, in: badge, align: .center)
        }
        hits.add(Hit(rect: r, label: card.team.name, action: .teams(.pick(card.team.id))))
    }

    private func newTeamCard(_ r: Rect) {
        canvas.fillRounded(r, radius: metrics.px(14), Theme.surface.mixed(with: Theme.accent, 0.25))
        canvas.text(tr("+  New team"), size: metrics.px(28), bold: true, in: r, align: .center)
        hits.add(Hit(rect: r, label: "New team", action: .form(.newTeam)))
    }
}

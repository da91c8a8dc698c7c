import Localization
import AppCore
import TeamCore

/// The lobby's challenge sheet: the session's players as chips; a tap puts a player on the red
/// side, again on the blue, again on neither. The side is said in words as well as colour.
extension Frame {
    func challengeSheet() {
        let (buttons, body) = sheet(title: tr("Challenge"), hint: tr("Tap a player: red · again: blue · again: out"), buttonsWidth: metrics.px(290))
        let (clearBox, doneBox) = buttons.splitRight(metrics.px(140), gap: metrics.gap)
        button(tr("Clear"), clearBox, .lobby(.challenge(.clear)), style: .quiet, hitLabel: "Clear sides")
        button(tr("Done"), doneBox, .lobby(.challenge(.edit(false))), style: .primary)
        let sides = state.lobby.challengeSides(in: state.roster)
        let rule = state.settings.values.challengeRule
        let (summaryRow, grid) = body.splitTop(metrics.px(30), gap: metrics.gap)
        let summary = state.lobby.hasChallenge(in: state.roster)
            ? Self.challengeSummary(sides) + " · " + tr("scored by {rule} (Settings)", ["rule": tr(rule.label)])
            : tr("Each side needs a player") + " · " + tr("scored by {rule} (Settings)", ["rule": tr(rule.label)])
        canvas.text(summary, size: metrics.small, bold: true, colour: Theme.textDim, in: summaryRow)
        let players = state.lobbyParticipants.map(\.line)
        let columns = max(2, grid.w / metrics.px(180))
        list(id: "challenge", area: grid, rowHeight: metrics.target, count: (players.count + columns - 1) / columns) { row, r in
            for (col, cell) in r.columns(columns, gap: metrics.gap).enumerated() {
                let i = row * columns + col
                guard i < players.count else { continue }
                challengeChip(players[i], cell)
            }
        }
    }

    private func challengeChip(_ line: RosterLine, _ r: Rect) {
        let side = state.lobby.challengeSides[line.playerID]
        canvas.fillRounded(r, radius: metrics.px(10), side.map { Theme.challengeSides[$0] } ?? Theme.surface)
        let inner = r.inset(dx: metrics.px(12), dy: metrics.px(4))
        let (top, bottom) = inner.splitTop(inner.h * 11 / 20)
        canvas.text("\(line.shirtNumber)  \(line.player.firstName) \(line.player.lastName.prefix(1)).", size: metrics.body, bold: true, in: top)
        canvas.text(side.map { Lobby.challengeSideNames[$0] } ?? "not in it", size: metrics.small - metrics.px(2),
                    colour: side == nil ? Theme.textDim : Theme.text, in: bottom)
        hits.add(Hit(rect: r, label: "side:\(line.player.fullName)", action: .lobby(.challenge(.cycle(playerID: line.playerID)))))
    }
}

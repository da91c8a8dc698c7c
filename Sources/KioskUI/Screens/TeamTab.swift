import Localization
import AppCore
import TeamCore

/// Team setup's "Team" tab (name, colour, delete) and the list of the club's other players
/// that "+ Existing player" opens.
extension Frame {
    func teamTab(_ area: Rect) {
        guard let card = state.team else { return }
        let rows = area.rows(4, gap: metrics.gap)
        let labelW = rows[0].w / 5
        let (nameLabel, nameRest) = rows[0].splitLeft(labelW, gap: metrics.gap)
        canvas.text(tr("Name"), size: metrics.body, bold: true, colour: Theme.textDim, in: nameLabel)
        let (nameBox, renameBox) = nameRest.splitRight(metrics.px(160), gap: metrics.gap)
        canvas.text(card.team.name, size: metrics.title, bold: true, in: nameBox)
        button(tr("Rename"), renameBox, .form(.renameTeam))

        let (colourLabel, swatches) = rows[1].splitLeft(labelW, gap: metrics.gap)
        canvas.text(tr("Colour"), size: metrics.body, bold: true, colour: Theme.textDim, in: colourLabel)
        for (cell, colour) in zip(swatches.columns(RGBColour.teamPalette.count, gap: metrics.gap), RGBColour.teamPalette) {
            let chosen = colour == card.team.colour
            canvas.fillRounded(cell, radius: metrics.px(10), Colour(colour))
            if chosen {
                canvas.stroke(cell, Theme.text, width: metrics.px(4))
                canvas.text("✓", size: metrics.title, bold: true, in: cell, align: .center)
            }
            hits.add(Hit(rect: cell, label: "colour:\(colour.hex)", action: .setup(.setColour(colour))))
        }

        let (infoLabel, infoRest) = rows[2].splitLeft(labelW, gap: metrics.gap)
        canvas.text(tr("Sessions"), size: metrics.body, bold: true, colour: Theme.textDim, in: infoLabel)
        let sessions = trn("{n} session", "{n} sessions", n: card.sessionCount) + " · " + trn("{n} player", "{n} players", n: card.playerCount)
        canvas.text(sessions, size: metrics.body, in: infoRest)

        let (_, deleteBox) = rows[3].splitRight(metrics.px(220))
        button(tr("Delete team"), deleteBox, .setup(.askToDeleteTeam), style: .danger)
    }

    /// Players of the club who are not on this team; a tap puts one on it.
    func existingPlayerPicker() {
        hits.block(screen)
        canvas.fill(screen, Theme.background)
        let area = screen.inset(metrics.margin)
        let (titleRow, body) = area.splitTop(metrics.target, gap: metrics.gap)
        let (titleBox, cancel) = titleRow.splitRight(metrics.px(150))
        canvas.text(tr("Add a player of the club"), size: metrics.title, bold: true, in: titleBox)
        button(tr("Cancel"), cancel, .setup(.pickExisting(false)))
        let onTeam = Set(state.roster.map(\.playerID))
        let players = state.club.players.filter { !onTeam.contains($0.playerID) }
        if players.isEmpty {
            canvas.text(tr("Every player of the club is on this team"), size: metrics.body, colour: Theme.textDim, in: body, align: .center)
        }
        let columns = max(1, body.w / metrics.px(380))
        let rows = (players.count + columns - 1) / columns
        list(id: "existingPlayers", area: body, rowHeight: metrics.target, count: rows) { row, r in
            for (col, cell) in r.columns(columns, gap: metrics.gap).enumerated() {
                let i = row * columns + col
                guard i < players.count else { continue }
                let p = players[i]
                canvas.fillRounded(cell, radius: metrics.px(10), Theme.surface)
                let (top, bottom) = cell.inset(dx: metrics.px(14), dy: metrics.px(4)).splitTop(cell.h * 11 / 20)
                canvas.text(p.player.fullName, size: metrics.body, bold: true, in: top)
                let teams = p.teams.isEmpty ? tr("on no team") : p.teams.map { "\($0.name) #\($0.shirtNumber)" }.joined(separator: ", ")
                canvas.text(teams, size: metrics.small, colour: Theme.textDim, in: bottom)
                hits.add(Hit(rect: cell, label: "Add \(p.player.fullName)", action: .setup(.addExisting(playerID: p.playerID))))
            }
        }
    }
}

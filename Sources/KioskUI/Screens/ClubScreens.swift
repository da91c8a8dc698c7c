import AppCore
import Foundation
import TeamCore

/// Behind the settings PIN: every player of the club (on a team or not) with Delete, and every
/// strap it knows with who wears it and Forget.
extension Frame {
    func clubPage(_ page: Club.Page) {
        switch page {
        case .players: allPlayers()
        case .straps: strapList()
        }
        notice()
    }

    private func allPlayers() {
        let players = state.club.players
        let area = topBar(title: "All players · \(players.count)", back: ("‹ Settings", .club(.open(nil))))
        if players.isEmpty {
            canvas.text("No players yet", size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
        list(id: "clubPlayers", area: area, rowHeight: metrics.target, count: players.count) { i, r in
            let p = players[i]
            canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
            let (textBox, buttonBox) = r.inset(dx: metrics.px(14), dy: metrics.px(4)).splitRight(metrics.px(120), gap: metrics.gap)
            let (top, bottom) = textBox.splitTop(textBox.h * 11 / 20)
            canvas.text(p.player.fullName, size: metrics.body, bold: true, in: top)
            let teams = p.teams.isEmpty ? "on no team" : p.teams.map { "\($0.name) #\($0.shirtNumber)" }.joined(separator: ", ")
            let sessions = "\(p.sessions) session\(p.sessions == 1 ? "" : "s")"
            canvas.text("\(teams) · \(sessions)", size: metrics.small, colour: p.teams.isEmpty ? Theme.warning : Theme.textDim, in: bottom)
            button("Delete", buttonBox, .club(.askToDeletePlayer(playerID: p.playerID)), style: .danger, size: metrics.small + metrics.px(2),
                   hitLabel: "Delete \(p.player.fullName)", touch: Rect(buttonBox.x, r.y, buttonBox.w, r.h))
        }
    }

    private func strapList() {
        let straps = state.club.straps
        let area = topBar(title: "Straps · \(straps.count)", back: ("‹ Settings", .club(.open(nil))))
        if straps.isEmpty {
            canvas.text("No straps yet — pair one in a team's setup", size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
        let rowH = metrics.target + metrics.px(20)
        list(id: "clubStraps", area: area, rowHeight: rowH, count: straps.count) { i, r in
            strapCard(straps[i], r)
        }
    }

    /// Name and address; when it was last heard and its battery; who wears it in which team.
    private func strapCard(_ s: ClubStrap, _ r: Rect) {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        let (textBox, buttonBox) = r.inset(dx: metrics.px(14), dy: metrics.px(6)).splitRight(metrics.px(120), gap: metrics.gap)
        let lines = textBox.rows(3, gap: 0)
        let (nameBox, addressBox) = lines[0].splitLeft(min(lines[0].w / 2, canvas.measure(s.strap.name, size: metrics.body, bold: true)
                                                                + metrics.px(16)))
        canvas.text(s.strap.name, size: metrics.body, bold: true, in: nameBox)
        // Where it says it is worn and who made it: a wrist sensor explains other readings than a chest strap.
        canvas.text([s.strap.address, s.strap.sensorText].compactMap { $0 }.joined(separator: " · "), size: metrics.small,
                    colour: Theme.textDim, in: addressBox)
        let seen = s.strap.lastSeen.map { "last seen " + Self.dayFormatter.string(from: $0) + ", " + Self.timeFormatter.string(from: $0) }
            ?? "never heard"
        let battery = s.strap.lastBattery.map { "battery \($0) %" } ?? "battery –"
        canvas.text("\(seen) · \(battery)", size: metrics.small, colour: Theme.textDim, in: lines[1])
        let worn = s.wearers.isEmpty ? "worn by nobody"
            : "worn by " + s.wearers.map { "#\($0.shirtNumber) \($0.playerName) (\($0.teamName))" }.joined(separator: ", ")
        canvas.text(worn, size: metrics.small, colour: s.wearers.isEmpty ? Theme.warning : Theme.text, in: lines[2])
        button("Forget", buttonBox.inset(dx: 0, dy: metrics.px(4)), .club(.askToForget(address: s.strap.address)), style: .danger,
               size: metrics.small + metrics.px(2), hitLabel: "Forget \(s.strap.name)")
    }
}

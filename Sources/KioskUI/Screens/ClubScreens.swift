import Localization
import AppCore
import Foundation
import TeamCore

/// Behind the settings PIN: every player of the club (on a team or not), sorted by name or team,
/// added, edited, their photo replaced or removed, deleted; and every strap it knows, which are
/// live now, who wears it, its label, Forget.
extension Frame {
    func clubPage(_ page: Club.Page) {
        switch page {
        case .players: allPlayers()
        case .straps: strapList()
        }
        notice()
    }

    private func allPlayers() {
        let club = state.club
        let players = club.shownPlayers
        let next: Club.PlayerSort = club.playerSort == .name ? .team : .name
        let area = topBar(title: tr("All players") + " · \(players.count)", back: (tr("‹ Settings"), .club(.open(nil))),
                          trailing: [(tr("Sort: {order}", ["order": club.playerSort == .name ? tr("Name") : tr("Team")]), .club(.sortPlayers(next)), .normal),
                                     (tr("+ Add player"), .club(.editPlayer(nil)), .primary)],
                          trailingHitLabels: ["Sort: " + (club.playerSort == .name ? "Name" : "Team")])
        if players.isEmpty {
            canvas.text(tr("No players yet"), size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
        list(id: "clubPlayers", area: area, rowHeight: metrics.target, count: players.count) { i, r in
            let p = players[i]
            canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
            let inner = r.inset(dx: metrics.px(10), dy: metrics.px(4))
            let (face, rest) = inner.splitLeft(inner.h, gap: metrics.px(10))
            canvas.avatar(playerID: p.playerID, version: p.photoVersion, initials: p.player.initials, in: face)
            let buttonW = metrics.px(96)
            let (textBox, buttonsBox) = rest.splitRight(buttonW * 4 + metrics.gap * 3, gap: metrics.gap)
            let (top, bottom) = textBox.splitTop(textBox.h * 11 / 20)
            canvas.text(p.player.fullName, size: metrics.body, bold: true, in: top)
            let teams = p.teams.isEmpty ? tr("on no team") : p.teams.map { "\($0.name) #\($0.shirtNumber)" }.joined(separator: ", ")
            let sessions = trn("{n} session", "{n} sessions", n: p.sessions)
            canvas.text("\(teams) · \(sessions)", size: metrics.small, colour: p.teams.isEmpty ? Theme.warning : Theme.textDim, in: bottom)
            let cells = buttonsBox.columns(4, gap: metrics.gap)
            func rowHigh(_ cell: Rect) -> Rect { Rect(cell.x, r.y, cell.w, r.h) }
            let size = metrics.small + metrics.px(2)
            button(tr("Photo"), cells[0], .club(.choosePhoto(p.playerID)), size: size, hitLabel: "Photo \(p.player.fullName)", touch: rowHigh(cells[0]))
            button(tr("Edit"), cells[1], .club(.editPlayer(p.playerID)), size: size, hitLabel: "Edit \(p.player.fullName)", touch: rowHigh(cells[1]))
            // Their data onto the stick: a player's request to see or take what is kept of them (GDPR Art. 15/20).
            button(tr("Data"), cells[2], .club(.exportPlayerData(playerID: p.playerID)), size: size, hitLabel: "Data \(p.player.fullName)",
                   touch: rowHigh(cells[2]))
            button(tr("Delete"), cells[3], .club(.askToDeletePlayer(playerID: p.playerID)), style: .danger, size: size,
                   hitLabel: "Delete \(p.player.fullName)", touch: rowHigh(cells[3]))
        }
        if let id = club.photoChoice, let p = club.players.first(where: { $0.playerID == id }) {
            let name = p.player.fullName
            dialog(title: tr("{name}'s photo", ["name": name]),
                   message: p.photoVersion == nil ? tr("A picture named {name}.jpg on the USB stick replaces the initials.", ["name": name])
                       : tr("A picture named {name}.jpg on the USB stick replaces the photo, or remove it.", ["name": name]),
                   buttons: [(tr("Cancel"), .club(.choosePhoto(nil)), .normal)]
                       + (p.photoVersion == nil ? [] : [(tr("Remove photo"), .club(.askToRemovePhoto(playerID: id)), .danger)])
                       + [(tr("Photo from USB"), .club(.importPhoto(playerID: id)), .primary)])
        }
    }

    private func strapList() {
        let straps = state.club.straps
        let live = straps.filter { isLiveNow($0) }.count
        let area = topBar(title: tr("Straps") + " · \(straps.count) · " + tr("{n} live now", ["n": "\(live)"]), back: (tr("‹ Settings"), .club(.open(nil))))
        if straps.isEmpty {
            canvas.text(tr("No straps yet — pair one in a team's setup"), size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
        let rowH = metrics.target + metrics.px(20)
        list(id: "clubStraps", area: area, rowHeight: rowH, count: straps.count) { i, r in
            strapCard(straps[i], r)
        }
    }

    /// Streaming heart rates right now (the list listens to every strap while it is open).
    private func isLiveNow(_ s: ClubStrap) -> Bool {
        state.sensors.reading(ofStrap: s.strap.id)?.hasSignal(nowMs: state.nowMs) == true
    }

    /// Its label (or advertised name), name and address; live now, or when it was last heard, and
    /// its battery; who wears it in which team; Label and Forget.
    private func strapCard(_ s: ClubStrap, _ r: Rect) {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        let buttonW = metrics.px(104)
        let (textBox, buttonsBox) = r.inset(dx: metrics.px(14), dy: metrics.px(6)).splitRight(buttonW * 2 + metrics.gap, gap: metrics.gap)
        let lines = textBox.rows(3, gap: 0)
        let (nameBox, addressBox) = lines[0].splitLeft(min(lines[0].w / 2, canvas.measure(s.strap.shownName, size: metrics.body, bold: true)
                                                                + metrics.px(16)))
        canvas.text(s.strap.shownName, size: metrics.body, bold: true, in: nameBox)
        // The advertised name under a label; where it says it is worn and who made it: a wrist sensor explains other readings than a chest strap.
        let said = [s.strap.label == nil ? nil : s.strap.name, s.strap.address, s.strap.sensorText].compactMap { $0 }
        canvas.text(said.joined(separator: " · "), size: metrics.small, colour: Theme.textDim, in: addressBox)
        let reading = state.sensors.reading(ofStrap: s.strap.id)
        if isLiveNow(s), let reading {
            let dot = metrics.px(12)
            canvas.circle(cx: lines[1].x + dot / 2, cy: lines[1].midY, radius: dot / 2, Colour(hex: 0x2ECC71))
            let battery = (reading.battery ?? s.strap.lastBattery).map { tr("battery {n} %", ["n": "\($0)"]) } ?? tr("battery –")
            canvas.text(tr("live now") + " · " + tr("{n} bpm", ["n": "\(reading.bpm)"]) + " · " + battery, size: metrics.small, bold: true, colour: Colour(hex: 0x7DDE9E),
                        in: Rect(lines[1].x + dot + metrics.px(6), lines[1].y, lines[1].w - dot - metrics.px(6), lines[1].h))
        } else {
            let seen = s.strap.lastSeen.map { tr("last seen {day}, {time}", ["day": Self.dayFormatter.string(from: $0), "time": Self.hoursAndMinutes($0)]) }
                ?? tr("never heard")
            let battery = s.strap.lastBattery.map { tr("battery {n} %", ["n": "\($0)"]) } ?? tr("battery –")
            canvas.text("\(seen) · \(battery)", size: metrics.small, colour: Theme.textDim, in: lines[1])
        }
        let worn = s.wearers.isEmpty ? tr("worn by nobody")
            : tr("worn by {who}", ["who": s.wearers.map { "#\($0.shirtNumber) \($0.playerName) (\($0.teamName))" }.joined(separator: ", ")])
        canvas.text(worn, size: metrics.small, colour: s.wearers.isEmpty ? Theme.warning : Theme.text, in: lines[2])
        let cells = buttonsBox.inset(dx: 0, dy: metrics.px(4)).columns(2, gap: metrics.gap)
        let size = metrics.small + metrics.px(2)
        button(tr("Label"), cells[0], .club(.labelStrap(address: s.strap.address)), size: size, hitLabel: "Label \(s.strap.name)")
        button(tr("Forget"), cells[1], .club(.askToForget(address: s.strap.address)), style: .danger, size: size, hitLabel: "Forget \(s.strap.name)")
    }
}

import Localization
import AppCore
import TeamCore

/// Roster editing and strap pairing (two taps: a player, then a strap).
extension Frame {
    func teamSetup() {
        let name = state.team?.team.name ?? tr("Team")
        let area = topBar(title: tr("{team} · setup", ["team": name]), shorterTitles: [tr("{team} · setup", context: "short, a title", ["team": name])], colour: state.team.map { Colour($0.team.colour) },
                          back: (tr("‹ Lobby"), .navigate(.lobby)),
                          trailing: [(tr("Roster"), .setup(.tab(.roster)), state.setup.tab == .roster ? .primary : .normal),
                                     (tr("Straps"), .setup(.tab(.straps)), state.setup.tab == .straps ? .primary : .normal),
                                     (tr("Team"), .setup(.tab(.team)), state.setup.tab == .team ? .primary : .normal)])
        switch state.setup.tab {
        case .roster: rosterTab(area)
        case .straps: strapsTab(area)
        case .team: teamTab(area)
        }
        if state.setup.pickingExisting { existingPlayerPicker() }
        if let rest = state.setup.rest { restDialog(rest) }
        notice()
    }

    private func rosterTab(_ area: Rect) {
        let (listArea, bottom) = area.splitBottom(metrics.target, gap: metrics.gap)
        let rowH = metrics.target
        list(id: "roster", area: listArea, rowHeight: rowH, count: state.roster.count) { i, r in
            let line = state.roster[i]
            canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
            let (numberBox, afterNumber) = r.splitLeft(metrics.px(64))
            canvas.text("\(line.shirtNumber)", size: metrics.px(28), bold: true, in: numberBox, align: .center)
            // The photo (or initials): the face a coach knows better than the name.
            let (face, rest) = afterNumber.splitLeft(r.h - metrics.px(10), gap: metrics.px(10))
            canvas.avatar(playerID: line.playerID, version: line.photoVersion, initials: line.player.initials,
                          in: face.inset(dx: 0, dy: metrics.px(5)))
            let buttons = metrics.px(96)
            let (info, actions) = rest.splitRight(buttons * 3 + metrics.gap * 2)
            // Name, strap and resting HR above; the player's zones in bpm below (issue 25).
            let (top, chips) = info.inset(dx: 0, dy: metrics.px(4)).splitTop(info.h * 52 / 100 - metrics.px(4))
            // The name takes what it needs (up to three fifths), the strap and resting HR the rest.
            let nameW = min(top.w * 3 / 5, canvas.measure(line.player.fullName, size: metrics.body, bold: true) + metrics.gap)
            let (nameBox, strapBox) = top.splitLeft(nameW)
            canvas.text(line.player.fullName, size: metrics.body, bold: true, in: nameBox)
            let strap = line.strapID.flatMap { id in state.sensors.strapTable.first { $0.strapID == id }?.name } ?? tr("no strap")
            canvas.text(strap + " · " + tr("rest {n}", ["n": "\(line.player.restingHR)"]), size: metrics.small - metrics.px(2), colour: Theme.textDim,
                        in: strapBox, align: .right)
            zoneChips(state.settings.values.physiology(of: line.player, year: state.year), model: state.settings.values.zoneModel,
                      in: chips.inset(dx: 0, dy: metrics.px(1)).splitLeft(chips.w - metrics.px(8)).0, maxText: metrics.small - metrics.px(2))
            let cells = actions.inset(dx: 0, dy: metrics.px(6)).columns(3, gap: metrics.gap)
            // Drawn inside the row, touched over its full height.
            func rowHigh(_ cell: Rect) -> Rect { Rect(cell.x, r.y, cell.w, r.h) }
            button(tr("Edit"), cells[0], .form(.editPlayer(line.playerID)), hitLabel: "Edit \(line.player.fullName)", touch: rowHigh(cells[0]))
            button(tr("Rest HR"), cells[1], .setup(.measureRest(playerID: line.playerID)), size: metrics.small, hitLabel: "Rest HR \(line.player.fullName)",
                   touch: rowHigh(cells[1]))
            // The translator's short form where the whole word has no room (Dutch "Verwijderen").
            let remove = [tr("Remove"), tr("Remove", context: "short, a button")].first {
                canvas.measure($0, size: metrics.readableText, bold: true) <= cells[2].w - metrics.px(16)
            } ?? tr("Remove", context: "short, a button")
            button(remove, cells[2], .setup(.askToRemove(playerID: line.playerID)), style: .quiet, size: metrics.small,
                   hitLabel: "Remove \(line.player.fullName)", touch: rowHigh(cells[2]))
        }
        if state.roster.isEmpty {
            canvas.text(tr("No players yet — add the first one."), size: metrics.body, colour: Theme.textDim, in: listArea, align: .center)
        }
        // Three buttons on one row even at 800 px: the photo import takes what is left, up to 300 px.
        let (add, rest) = bottom.splitLeft(metrics.px(200), gap: metrics.gap)
        button(tr("+ Add player"), add, .form(.editPlayer(nil)), style: .primary)
        let (existing, photos) = rest.splitLeft(metrics.px(230), gap: metrics.gap)
        button(tr("+ Existing player"), existing, .setup(.pickExisting(true)))
        button(tr("Import photos from USB"), photos.splitRight(min(photos.w, metrics.px(300))).1, .setup(.importPhotos))
    }

    private func strapsTab(_ area: Rect) {
        let (left, right) = area.splitLeft(area.w / 2 - metrics.gap / 2, gap: metrics.gap)
        canvas.text(state.setup.pairingPlayerID == nil ? tr("1. Tap a player") : tr("2. Now tap their strap"),
                    size: metrics.small, bold: true, colour: Theme.textDim, in: left.splitTop(metrics.px(28)).0)
        let players = left.splitTop(metrics.px(28), gap: metrics.px(4)).1
        list(id: "pairPlayers", area: players, rowHeight: metrics.target, count: state.roster.count) { i, r in
            let line = state.roster[i]
            let chosen = state.setup.pairingPlayerID == line.playerID
            canvas.fillRounded(r, radius: metrics.px(10), chosen ? Theme.accent : Theme.surface)
            let (numberBox, rest) = r.splitLeft(metrics.px(52))
            canvas.text("\(line.shirtNumber)", size: metrics.body + metrics.px(4), bold: true, in: numberBox, align: .center)
            let (nameBox, strapBox) = rest.splitTop(r.h * 11 / 20)
            canvas.text(line.player.fullName, size: metrics.body, bold: true, in: nameBox.inset(dx: metrics.px(4), dy: 0))
            let strap = line.strapID.flatMap { id in state.sensors.strapTable.first { $0.strapID == id }?.name } ?? tr("no strap")
            canvas.text(strap, size: metrics.small - metrics.px(2), colour: Theme.textDim, in: strapBox.inset(dx: metrics.px(4), dy: 0))
            hits.add(Hit(rect: r, label: "Pair \(line.player.fullName)", action: .setup(.choosePlayer(line.playerID)),
                         longPress: .setup(.clearStrap(playerID: line.playerID))))
        }
        canvas.text(tr("Nearby straps — strongest first"), size: metrics.small, bold: true, colour: Theme.textDim,
                    in: right.splitTop(metrics.px(28)).0)
        let strapArea = right.splitTop(metrics.px(28), gap: metrics.px(4)).1
        let nearby = state.sensors.nearby(nowMs: state.nowMs)
        list(id: "nearby", area: strapArea, rowHeight: metrics.target, count: nearby.count) { i, r in
            strapRow(index: nearby[i], strongest: i == 0, r, action: .setup(.tapStrap(nearby[i])))
        }
        if nearby.isEmpty {
            let (first, second) = strapArea.splitTop(strapArea.h / 2)
            canvas.text(tr("No strap heard yet. Wet the strap and put it on."), size: metrics.small, colour: Theme.textDim,
                        in: first.splitBottom(metrics.px(26)).1, align: .center)
            // A strap connected to a phone or watch stops advertising: the commonest "it's on but not listed".
            canvas.text(tr("Still missing? Close the phone app or watch using it."), size: metrics.small - metrics.px(2), colour: Theme.textDim,
                        in: second.splitTop(metrics.px(26)).0, align: .center)
        }
    }

    /// A strap of the pairing list; tapping it sends `action` (pair it, or swap it in for today).
    func strapRow(index: StrapIndex, strongest: Bool, _ r: Rect, action: Action) {
        guard let slot = state.sensors.slot(index) else { return }
        let reading = state.sensors.readings[index] ?? StrapReading()
        let owner = state.roster.first { $0.strapID == slot.strapID }
        // Red when another player of this team has it; the tap then hands it over.
        let chooser = state.screen == .lobby ? state.lobby.changingStrapFor : state.setup.pairingPlayerID
        let takenByOther = owner != nil && owner?.playerID != chooser
        let bg = takenByOther ? Theme.danger.mixed(with: Theme.surface, 0.35) : (strongest ? Theme.good : Theme.surface)
        canvas.fillRounded(r, radius: metrics.px(10), bg)
        if strongest { canvas.stroke(r, Theme.warning, width: metrics.px(3)) }
        let inner = r.inset(dx: metrics.px(10), dy: metrics.px(4))
        let (textBox, right) = inner.splitRight(metrics.px(120))
        let (nameBox, detailBox) = textBox.splitTop(textBox.h * 11 / 20)
        canvas.text(slot.name + (strongest ? "  " + tr("◀ closest") : ""), size: metrics.body, bold: true, in: nameBox)
        let who = owner.map { tr("worn by #{number} {name}", ["number": "\($0.shirtNumber)", "name": $0.player.firstName]) }
            ?? (reading.isBusyElsewhere(nowMs: state.nowMs) ? tr("busy: phone or watch?") : tr("free"))
        let signal = reading.rssi == 0 ? "signal –" : "\(reading.rssi) dBm" // 0: connected, never heard advertising
        canvas.text("\(signal) · \(who)", size: metrics.small - metrics.px(2), colour: Theme.text.withAlpha(220), in: detailBox)
        let (bpmBox, batteryBox) = right.splitLeft(metrics.px(70))
        if reading.hasSignal(nowMs: state.nowMs) {
            canvas.heart(Rect(bpmBox.x, bpmBox.midY - metrics.px(9), metrics.px(18), metrics.px(18)), Theme.text, hollow: reading.contact == .notDetected)
            canvas.text("\(reading.bpm)", size: metrics.body, bold: true, in: Rect(bpmBox.x + metrics.px(22), bpmBox.y, bpmBox.w - metrics.px(22), bpmBox.h))
        }
        canvas.battery(Rect(batteryBox.x + metrics.px(6), batteryBox.midY - metrics.px(9), metrics.px(40), metrics.px(18)), level: reading.battery)
        hits.add(Hit(rect: r, label: slot.name, action: action))
    }

    private func restDialog(_ rest: RestMeasurement) {
        let name = state.roster.first { $0.playerID == rest.playerID }?.player.fullName ?? tr("player")
        let elapsed = min(RestMeasurement.durationMs, max(0, state.nowMs - rest.startMs))
        let done = rest.isDone(nowMs: state.nowMs)
        let estimate = rest.estimate.map { tr("{n} bpm", ["n": "\($0)"]) } ?? "–"
        let message = done
            ? tr("Estimated resting HR of {name}: {n} (average of 20 s). Save it?", ["name": name, "n": "\(estimate)"])
            : tr("{name}: sit still and breathe calmly… {n} of 20 s, now {bpm}", ["name": name, "n": "\(elapsed / 1000)", "bpm": estimate])
        var buttons: [(String, Action, ButtonStyle)] = [(tr("Cancel"), .setup(.cancelRest), .normal)]
        if done && rest.estimate != nil { buttons.append((tr("Save {n}", ["n": "\(estimate)"]), .setup(.saveRest), .primary)) }
        dialog(title: tr("Measure resting HR"), message: message, buttons: buttons, hitLabels: [nil, "Save \(estimate)"])
    }
}

import Localization
import AppCore
import TeamCore

/// Session setup: who is streaming, who is in, the countdown length, Start.
extension Frame {
    func lobby() {
        let team = state.team
        let area = topBar(title: team?.team.name ?? tr("Lobby"), colour: team.map { Colour($0.team.colour) },
                          back: (tr("‹ Teams"), .navigate(.home)),
                          trailing: [(tr("Check-in"), .navigate(.checkIn), .normal), (tr("Readiness"), .lobby(.readiness(.open(true))), .normal),
                                     (tr("Review"), .navigate(.review), .normal),
                                     (tr("Setup"), .navigate(.setup), .normal)])
        let sideW = max(metrics.px(230), area.w / 4)
        let (playersArea, side) = area.splitRight(sideW, gap: metrics.margin)
        let (tagRow, belowTags) = playersArea.splitTop(metrics.target, gap: metrics.gap)
        let (planRow, players) = belowTags.splitTop(metrics.target, gap: metrics.gap)
        // Tags and "Needs attention" share the row, split where Intervals and Challenge split below.
        let (tagBox, attentionBox) = tagRow.splitRight((tagRow.w - metrics.gap) / 2, gap: metrics.gap)
        tagBar(tagBox)
        attentionEntry(attentionBox)
        sessionPlanBar(planRow)
        lobbyPlayers(players)
        lobbySide(side)
        if state.lobby.editingTags { tagSheet() }
        if state.lobby.editingIntervals { intervalSheet() }
        if state.lobby.editingDrills { drillPlanSheet() }
        if state.lobby.editingChallenge { challengeSheet() }
        if let plan = state.lobby.readinessCheck { readinessSheet(plan) }
        if let plan = state.lobby.fitnessTest { fitnessSheet(plan) }
        if state.lobby.showingAttention { attentionSheet() }
        notice()
    }

    private func lobbyPlayers(_ area: Rect) {
        let lacking = state.playersLackingConsent.count
        let (hintRow, grid) = area.splitTop(metrics.px(26), gap: metrics.px(4))
        if state.lobby.changingStrapFor != nil {
            canvas.text(tr("Tap a strap below for today's session"), size: metrics.small, colour: Theme.textDim, in: hintRow)
        } else if lacking > 0 {
            // The club requires consent (decision 075): how many lack it in amber, in the hint's place (the side's
            // buttons keep their 64 px); each one's chip says "no consent". They record; their sessions wait here.
            canvas.text(trn("{n} without consent: their session stays on this kiosk", "{n} without consent: their sessions stay on this kiosk", n: lacking), size: metrics.small, colour: Colour(hex: 0xFFB74D), in: hintRow)
        } else {
            canvas.text(tr("Tap to include or leave out · hold to change a strap for today"), size: metrics.small, colour: Theme.textDim, in: hintRow)
        }
        let columns = max(2, grid.w / metrics.px(180))
        let rowH = metrics.target
        let players = state.roster
        var listArea = grid
        if let changing = state.lobby.changingStrapFor {
            let (top, bottom) = grid.splitBottom(grid.h / 2, gap: metrics.gap)
            listArea = top
            strapPicker(bottom, for: changing)
        }
        list(id: "lobby", area: listArea, rowHeight: rowH, count: (players.count + columns - 1) / columns) { row, r in
            for (col, cell) in r.columns(columns, gap: metrics.gap).enumerated() {
                let i = row * columns + col
                guard i < players.count else { continue }
                lobbyChip(players[i], cell)
            }
        }
    }

    private func lobbyChip(_ line: RosterLine, _ r: Rect) {
        let included = !state.lobby.excluded.contains(line.playerID)
        let strapID = state.lobby.strapOverride[line.playerID] ?? line.strapID
        let streaming = state.sensors.reading(ofStrap: strapID)?.hasSignal(nowMs: state.nowMs) == true
        let changing = state.lobby.changingStrapFor == line.playerID
        canvas.fillRounded(r, radius: metrics.px(10), changing ? Theme.accent : (included ? Theme.surfaceHigh : Theme.surface))
        // Link dot: green streaming, red not; plus a word, never colour alone.
        let dot = metrics.px(9)
        canvas.circle(cx: r.x + metrics.px(16), cy: r.midY, radius: dot, streaming ? Colour(hex: 0x2ECC71) : Colour(hex: 0xE74C3C))
        let textBox = Rect(r.x + metrics.px(32), r.y, r.w - metrics.px(36), r.h)
        let (top, bottom) = textBox.splitTop(r.h * 11 / 20)
        canvas.text("\(line.shirtNumber)  \(line.player.firstName) \(line.player.lastName.prefix(1)).", size: metrics.body, bold: true,
                    colour: included ? Theme.text : Theme.textDim, in: top)
        let status = included ? (streaming ? tr("live") : (strapID == nil ? tr("no strap") : tr("no signal"))) : tr("left out")
        let reading = state.sensors.reading(ofStrap: strapID).flatMap { streaming ? $0 : nil }
        let bpm = reading.map { [tr("{n} bpm", ["n": "\($0.bpm)"])] } ?? []
        var flags: [String] = []
        if state.lobby.strapOverride[line.playerID] != nil { flags.append(tr("swapped")) }
        if state.settings.values.requireConsent && line.player.consent == nil { flags.append(tr("no consent")) }
        // Where the line would not fit at the readable size: a heart rate says "live" by itself, so the word goes
        // first; then the heart rate (the green dot still says live), the flags stay.
        let forms = [[status] + bpm + flags] + (included && reading != nil ? [bpm + flags] + (flags.isEmpty ? [] : [flags]) : [])
        let shown = forms.map { $0.joined(separator: " · ") }
        let detail = shown.first { canvas.measure($0, size: metrics.readableText) <= bottom.w } ?? shown[shown.count - 1]
        canvas.text(detail, size: metrics.small - metrics.px(2), colour: Theme.textDim, in: bottom)
        hits.add(Hit(rect: r, label: "\(line.player.fullName)", action: .lobby(.toggleIncluded(playerID: line.playerID)),
                     longPress: .lobby(.changeStrap(playerID: line.playerID))))
    }

    private func strapPicker(_ area: Rect, for player: Int64) {
        let nearby = state.sensors.nearby(nowMs: state.nowMs)
        list(id: "lobbyStraps", area: area, rowHeight: metrics.target, count: nearby.count) { i, r in
            strapRow(index: nearby[i], strongest: i == 0, r, action: .lobby(.chooseStrap(nearby[i])))
        }
    }

    private func lobbySide(_ side: Rect) {
        let participants = state.lobbyParticipants
        let streaming = participants.filter { state.sensors.reading(ofStrap: $0.strapID)?.hasSignal(nowMs: state.nowMs) == true }.count
        let (status, rest) = side.splitTop(metrics.px(56))
        canvas.text(tr("{n} of {total} streaming", ["n": "\(streaming)", "total": "\(participants.count)"]), size: metrics.body + metrics.px(2), bold: true, in: status.splitTop(metrics.px(30)).0)
        canvas.text(participants.count - streaming > 0 ? tr("missing: {n}", ["n": "\(participants.count - streaming)"]) : tr("everyone is live"),
                    size: metrics.small, colour: Theme.textDim, in: status.splitTop(metrics.px(30)).1)
        let (durationArea, startArea) = rest.splitBottom(metrics.target + metrics.px(16), gap: metrics.gap)
        let cells = durationArea.rows(3, gap: metrics.gap).flatMap { $0.columns(2, gap: metrics.gap) }
        let choices: [(String, Int64?)] = [("5 min", 300_000), ("10 min", 600_000), ("20 min", 1_200_000),
                                           ("45 min", 2_700_000), (tr("Open"), nil), (tr("Custom"), 0)]
        let presets = Set(Lobby.presetsMs.compactMap { $0 })
        for (cell, choice) in zip(cells, choices) {
            let selected: Bool
            if state.lobby.intervals != nil {
                selected = false // the program sets the length
            } else if choice.1 == 0 {
                selected = state.lobby.plannedMs.map { !presets.contains($0) } ?? false
            } else {
                selected = state.lobby.plannedMs == choice.1
            }
            var label = choice.0
            if choice.1 == 0, selected, let ms = state.lobby.plannedMs { label = "\(ms / 60_000) min" }
            button(label, cell.inset(dx: 0, dy: metrics.px(2)), choice.1 == 0 ? .form(.typeDuration) : .lobby(.chooseDuration(choice.1)), style: selected ? .primary : .normal,
                   hitLabel: choice.1 == 0 ? "Custom" : choice.0)
        }
        button(tr("▶  Start"), startArea, state.canStartSession ? .live(.start) : nil,
               style: state.canStartSession ? .selected : .disabled, size: metrics.px(28), hitLabel: "Start")
    }
}

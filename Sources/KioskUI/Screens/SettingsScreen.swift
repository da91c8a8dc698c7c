import TeamCore

/// Settings behind the PIN: zones, HRmax formula, display, source, data.
extension Frame {
    func settingsScreen() {
        let area = topBar(title: "Settings", back: ("‹ Done", .goHome))
        let (left, right) = area.splitLeft(area.w * 58 / 100, gap: m.margin)
        let rowH = m.target - m.px(6)
        let rows = left.rows(6, gap: m.px(6))
        let s = state.settings
        settingRow(rows[0], "Zone model", [("%HRmax", .setZoneModel(.percentOfMax), s.zoneModel == .percentOfMax),
                                           ("%HRR", .setZoneModel(.heartRateReserve), s.zoneModel == .heartRateReserve)])
        settingRow(rows[1], "HRmax formula", MaxHeartRateFormula.allCases.map { f in
            (f.rawValue.capitalized, .setMaxFormula(f), s.maxFormula == f)
        })
        settingRow(rows[2], "Zone colour hold", [5_000, 10_000, 20_000].map { ms in
            ("\(ms / 1000) s", .setZoneHold(Int64(ms)), s.zoneHoldMs == Int64(ms))
        })
        settingRow(rows[3], "Wall display", [("Show BPM", s.wallPrivacy ? .toggleWallPrivacy : nil, !s.wallPrivacy),
                                             ("Private", s.wallPrivacy ? nil : .toggleWallPrivacy, s.wallPrivacy)])
        settingRow(rows[4], "Tile names", [("Names", s.showAliases ? .toggleAliases : nil, !s.showAliases),
                                           ("Numbers only", s.showAliases ? nil : .toggleAliases, s.showAliases)])
        // What runs now in full (which controllers, which seed) under the title.
        settingRow(rows[5], "Heart rates", [("Bluetooth", .setSensor(.bluetooth), state.sourceKind == .bluetooth),
                                            ("Simulated", .setSensor(.simulated), state.sourceKind == .simulated)],
                   detail: state.sourceDescription)
        _ = rowH
        let (exportRow, belowExport) = right.splitTop(m.target, gap: m.gap)
        let (exportBox, pinBox) = exportRow.splitRight(exportRow.w * 2 / 5, gap: m.px(6))
        button("Export all to USB", exportBox, .exportAll, style: .primary, size: m.small + m.px(2))
        button("Change PIN", pinBox, .changePin, size: m.small + m.px(2))
        let (backupRow, deleteArea) = belowExport.splitTop(m.target, gap: m.gap)
        backupLine(backupRow)
        canvas.text("Delete a player and all their data", size: m.small, colour: Theme.textDim, in: deleteArea.splitTop(m.px(26)).0)
        let listArea = deleteArea.splitTop(m.px(26), gap: m.px(4)).1
        if state.roster.isEmpty {
            canvas.text("(pick a team first to list its players)", size: m.small, colour: Theme.textDim, in: listArea.splitTop(m.px(30)).0)
        }
        list(id: "settingsPlayers", area: listArea, rowHeight: m.target - m.px(8), count: state.roster.count) { i, r in
            let line = state.roster[i]
            canvas.fillRounded(r, radius: m.px(8), Theme.surface)
            let (nameBox, buttonBox) = r.splitRight(m.px(96))
            canvas.text("\(line.shirtNumber) \(line.player.fullName)", size: m.small + m.px(2), bold: true, in: nameBox.inset(dx: m.px(10), dy: 0))
            button("Delete", buttonBox.inset(m.px(4)), .deletePlayerAndData(playerID: line.playerID), style: .danger, size: m.small,
                   hitLabel: "Delete \(line.player.fullName)")
        }
        notice()
    }

    /// When the last backup was written, and "Restore from USB" when a stick holds one.
    private func backupLine(_ r: Rect) {
        let (textBox, restoreBox) = r.splitRight(r.w * 2 / 5, gap: m.px(6))
        let (top, bottom) = textBox.splitTop(textBox.h / 2)
        canvas.text("Last backup", size: m.small, bold: true, in: top)
        canvas.text(state.backups.lastBackup ?? "none yet — insert a USB stick", size: m.small - m.px(2), colour: Theme.textDim, in: bottom)
        button("Restore from USB", restoreBox, state.backups.stickBackup == nil ? nil : .restoreFromStick, size: m.small + m.px(1))
    }

    private func settingRow(_ r: Rect, _ title: String, _ options: [(String, Action?, Bool)], detail: String? = nil) {
        let (label, choices) = r.splitLeft(r.w * 2 / 5)
        if let detail {
            let (top, bottom) = label.splitTop(label.h / 2)
            canvas.text(title, size: m.small + m.px(2), bold: true, in: top)
            canvas.text(detail, size: m.small - m.px(2), colour: Theme.textDim, in: bottom)
        } else {
            canvas.text(title, size: m.small + m.px(2), bold: true, in: label)
        }
        for (cell, option) in zip(choices.columns(options.count, gap: m.px(6)), options) {
            button(option.0, cell, option.1, style: option.2 ? .primary : .normal, size: m.small + m.px(1))
        }
    }
}

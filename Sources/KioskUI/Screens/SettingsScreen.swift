import AppCore
import TeamCore

/// Settings behind the PIN: zones, HRmax formula, display, source, data.
extension Frame {
    func settingsScreen() {
        if let page = state.club.page { return clubPage(page) }
        if state.settings.page == .tilesAndSound { return tilesAndSoundSettings() }
        let area = topBar(title: "Settings", back: ("‹ Done", .navigate(.home)),
                          trailing: [("Tiles & sound ›", .settings(.showPage(.tilesAndSound)), .normal)])
        let (left, right) = area.splitLeft(area.w * 58 / 100, gap: metrics.margin)
        let rowH = metrics.target - metrics.px(6)
        let rows = left.rows(6, gap: metrics.px(6))
        let s = state.settings.values
        settingRow(rows[0], "Zone model", [("%HRmax", .settings(.setZoneModel(.percentOfMax)), s.zoneModel == .percentOfMax),
                                           ("%HRR", .settings(.setZoneModel(.heartRateReserve)), s.zoneModel == .heartRateReserve)])
        settingRow(rows[1], "HRmax formula", MaxHeartRateFormula.allCases.map { f in
            (f.rawValue.capitalized, .settings(.setMaxFormula(f)), s.maxFormula == f)
        })
        settingRow(rows[2], "Zone colour hold", KioskSettings.zoneHoldChoicesMs.map { ms in
            ("\(ms / 1000) s", .settings(.setZoneHold(ms)), s.zoneHoldMs == ms)
        })
        settingRow(rows[3], "Wall display", [("Show BPM", s.wallPrivacy ? .settings(.toggleWallPrivacy) : nil, !s.wallPrivacy),
                                             ("Private", s.wallPrivacy ? nil : .settings(.toggleWallPrivacy), s.wallPrivacy)])
        settingRow(rows[4], "Tile names", [("Names", s.showAliases ? .settings(.toggleAliases) : nil, !s.showAliases),
                                           ("Numbers only", s.showAliases ? nil : .settings(.toggleAliases), s.showAliases)])
        // What runs now in full (which controllers, which seed) under the title.
        settingRow(rows[5], "Heart rates", [("Bluetooth", .settings(.setSensor(.bluetooth)), state.sensors.kind == .bluetooth),
                                            ("Simulated", .settings(.setSensor(.simulated)), state.sensors.kind == .simulated)],
                   detail: state.sensors.description)
        _ = rowH
        let (exportRow, belowExport) = right.splitTop(metrics.target, gap: metrics.gap)
        let (exportBox, pinBox) = exportRow.splitRight(exportRow.w * 2 / 5, gap: metrics.px(6))
        button("Export all to USB", exportBox, .settings(.exportAll), style: .primary, size: metrics.small + metrics.px(2))
        button("Change PIN", pinBox, .settings(.changePin), size: metrics.small + metrics.px(2))
        let (backupRow, clubArea) = belowExport.splitTop(metrics.target, gap: metrics.gap)
        backupLine(backupRow)
        // The club beyond one team: every player (those on no team too) and every strap, to delete or forget.
        let (clubRow, _) = clubArea.splitTop(metrics.target, gap: metrics.gap)
        let club = clubRow.columns(2, gap: metrics.px(6))
        button("All players", club[0], .club(.open(.players)), size: metrics.small + metrics.px(2))
        button("Straps", club[1], .club(.open(.straps)), size: metrics.small + metrics.px(2))
        notice()
    }

    /// When the last backup was written, and "Restore from USB" when a stick holds one.
    private func backupLine(_ r: Rect) {
        let (textBox, restoreBox) = r.splitRight(r.w * 2 / 5, gap: metrics.px(6))
        let (top, bottom) = textBox.splitTop(textBox.h / 2)
        canvas.text("Last backup", size: metrics.small, bold: true, in: top)
        canvas.text(state.settings.backups.lastBackup ?? "none yet — insert a USB stick", size: metrics.small - metrics.px(2), colour: Theme.textDim, in: bottom)
        button("Restore from USB", restoreBox, state.settings.backups.stickBackup == nil ? nil : .settings(.askToRestoreFromStick), size: metrics.small + metrics.px(1))
    }

    /// `hitPrefix`: names the options for scripts where labels repeat ("Sound On", "Beeps On").
    func settingRow(_ r: Rect, _ title: String, _ options: [(String, Action?, Bool)], detail: String? = nil, hitPrefix: String? = nil) {
        let (label, choices) = r.splitLeft(r.w * 2 / 5)
        if let detail {
            let (top, bottom) = label.splitTop(label.h / 2)
            canvas.text(title, size: metrics.small + metrics.px(2), bold: true, in: top)
            canvas.text(detail, size: metrics.small - metrics.px(2), colour: Theme.textDim, in: bottom)
        } else {
            canvas.text(title, size: metrics.small + metrics.px(2), bold: true, in: label)
        }
        let gap = metrics.px(6)
        for (cell, option) in zip(choices.columns(options.count, gap: gap), options) {
            // Six rows share 800×480's height: each option also takes the half gaps around it.
            button(option.0, cell, option.1, style: option.2 ? .primary : .normal, size: metrics.small + metrics.px(1),
                   hitLabel: hitPrefix.map { "\($0) \(option.0)" }, touch: cell.inset(dx: -gap / 2, dy: -gap / 2))
        }
    }
}

import Localization
import AppCore
import TeamCore

/// Settings behind the PIN: zones, HRmax formula, display, source, data.
extension Frame {
    /// While a backup is put back (off the loop): what is happening, and no button — nothing may
    /// write to the database meanwhile, and the stick must stay in.
    private func restoringScreen() {
        let area = topBar(title: tr("Settings"))
        let lines = Rect(area.x, area.y + area.h / 3, area.w, metrics.target * 3 / 2).rows(2, gap: 0)
        canvas.text(tr("Restoring the backup from the USB stick…"), size: metrics.title, bold: true, in: lines[0], align: .center)
        canvas.text(tr("Keep the stick in: a whole season's data can take a few minutes."), size: metrics.body, colour: Theme.textDim,
                    in: lines[1], align: .center)
    }

    func settingsScreen() {
        if state.settings.restoring { return restoringScreen() }
        if let page = state.club.page { return clubPage(page) }
        if state.settings.page == .tilesAndSound { return tilesAndSoundSettings() }
        if state.settings.page == .intervals { return intervalSettings() }
        if state.settings.page == .clubSync { return clubSyncPage() }
        if state.settings.page == .language { return languageSettings() }
        let area = topBar(title: tr("Settings"), back: (tr("‹ Done"), .navigate(.home)),
                          trailing: [(tr("Intervals ›"), .settings(.showPage(.intervals)), .normal),
                                     (tr("Tiles & sound ›"), .settings(.showPage(.tilesAndSound)), .normal)])
        let (left, right) = area.splitLeft(area.w * 58 / 100, gap: metrics.margin)
        let s = state.settings.values
        let rows: [SettingRow] = [
            SettingRow(tr("Zone model"), [(Self.zoneModelName(.percentOfMax), .settings(.setZoneModel(.percentOfMax)), s.zoneModel == .percentOfMax),
                                      (Self.zoneModelName(.heartRateReserve), .settings(.setZoneModel(.heartRateReserve)), s.zoneModel == .heartRateReserve)]),
            SettingRow(tr("HRmax formula"), MaxHeartRateFormula.allCases.map { f in
                (f.rawValue.capitalized, .settings(.setMaxFormula(f)), s.maxFormula == f)
            }),
            SettingRow(tr("Zone margin"), KioskSettings.zoneMarginChoicesBpm.map { bpm in
                (tr("{n} bpm", ["n": "\(bpm)"]), .settings(.setZoneMargin(bpm: bpm)), s.zoneMarginBpm == bpm)
            }, hitLabels: KioskSettings.zoneMarginChoicesBpm.map { "\($0) bpm" }),
            SettingRow(tr("Wall display"), [(tr("Show BPM"), s.wallPrivacy ? .settings(.toggleWallPrivacy) : nil, !s.wallPrivacy),
                                        (tr("Private"), s.wallPrivacy ? nil : .settings(.toggleWallPrivacy), s.wallPrivacy)]),
            SettingRow(tr("Tile names"), [(tr("Names"), s.showAliases ? .settings(.toggleAliases) : nil, !s.showAliases),
                                      (tr("Numbers only"), s.showAliases ? nil : .settings(.toggleAliases), s.showAliases)]),
            // What runs now in full (which controllers, which seed) under the title.
            SettingRow(tr("Heart rates"), [(tr("Bluetooth"), .settings(.setSensor(.bluetooth)), state.sensors.kind == .bluetooth),
                                       (tr("Simulated"), .settings(.setSensor(.simulated)), state.sensors.kind == .simulated)],
                       detail: state.sensors.description.translated),
        ]
        settingRows(rows, in: left)
        // The club's data: exports, the PIN, backups, every player and every strap — one size for all their buttons.
        let lines = right.rows(5, gap: metrics.px(6))
        let (exportBox, pinBox) = lines[0].splitLeft(lines[0].w * 58 / 100, gap: metrics.px(6))
        let club = lines[4].columns(2, gap: metrics.px(6))
        let (restoreBox, clubSyncBox) = lines[3].splitLeft(lines[3].w * 58 / 100, gap: metrics.px(6))
        let buttons: [(String, Rect, Action?, ButtonStyle)] = [
            (tr("Export all to USB"), exportBox, .settings(.exportAll), .primary),
            (tr("Change PIN"), pinBox, .settings(.changePin), .normal),
            (tr("Restore from USB"), restoreBox, state.settings.backups.stickBackup == nil ? nil : .settings(.askToRestoreFromStick), .normal),
            (tr("Club sync"), clubSyncBox, .clubSync(.open), .normal),
            (tr("All players"), club[0], .club(.open(.players)), .normal),
            (tr("Straps"), club[1], .club(.open(.straps)), .normal),
        ]
        let size = commonSize(buttons.map { ($0.0, $0.1.w - metrics.px(16)) }, max: metrics.small + metrics.px(2), min: metrics.readableText, bold: true)
        for (label, box, action, style) in buttons {
            button(label, box, action, style: action == nil ? .disabled : style, size: size)
        }
        backupLine(lines[1].inset(dx: metrics.px(4), dy: metrics.px(6)))
        // The club's consent rule beside its retention (decision 075): both decide what leaves and stays.
        labelled(s.requireConsent ? tr("Sessions kept · consent required") : tr("Sessions kept"), Self.retentionRule(s.retention),
                 in: lines[2].inset(dx: metrics.px(4), dy: metrics.px(6)))
        notice()
    }

    /// "for good" / "12 months, then deleted" (`SessionRetention.shortRule`) in the kiosk's language.
    static func retentionRule(_ retention: SessionRetention) -> String {
        retention.months == 0 ? tr("for good") : trn("{n} month, then deleted", "{n} months, then deleted", n: retention.months)
    }

    /// When the last backup was written; "Restore from USB" under it works when a stick holds one.
    private func backupLine(_ r: Rect) {
        labelled(tr("Last backup"), state.settings.backups.lastBackup ?? tr("none yet — insert a USB stick"), in: r)
    }

    /// A title over its value (the last backup; how long sessions are kept, the club's rule).
    private func labelled(_ title: String, _ value: String, in r: Rect) {
        let (top, bottom) = r.splitTop(r.h / 2)
        canvas.text(title, size: metrics.small, bold: true, in: top)
        canvas.text(value, size: metrics.small, colour: Theme.textDim, in: bottom)
    }

    /// A row of settings: its title (and a line under it), and the options, one of them chosen.
    struct SettingRow {
        var title: String
        var options: [(String, Action?, Bool)]
        var detail: String?
        var hitPrefix: String?
        /// What scripts call each option when its words are made with a number ("5 bpm"), in English.
        var hitLabels: [String]?
        init(_ title: String, _ options: [(String, Action?, Bool)], detail: String? = nil, hitPrefix: String? = nil, hitLabels: [String]? = nil) {
            self.title = title
            self.options = options
            self.detail = detail
            self.hitPrefix = hitPrefix
            self.hitLabels = hitLabels
        }
    }

    /// Rows of settings stacked in `area`, every option's label at one size (the largest at which
    /// the longest fits its button), every title at another.
    /// Returns the titles' width (the options start after it).
    @discardableResult
    func settingRows(_ rows: [SettingRow], in area: Rect) -> Int {
        let rects = area.rows(rows.count, gap: metrics.px(6))
        let gap = metrics.px(6)
        // The titles take what the widest needs, up to two fifths: the options keep the rest, aligned from row to row.
        let titleMax = metrics.small + metrics.px(2)
        let labelW = min(area.w * 2 / 5, (rows.map { canvas.measure($0.title, size: titleMax, bold: true) }.max() ?? 0) + metrics.px(16))
        let cells = zip(rows, rects).map { row, r in r.splitLeft(labelW).1.columns(row.options.count, gap: gap) }
        let optionSize = commonSize(zip(rows, cells).flatMap { row, cells in zip(row.options, cells).map { ($0.0, $1.w - metrics.px(16)) } },
                                    max: metrics.small + metrics.px(1), min: metrics.readableText, bold: true)
        let titleSize = commonSize(rows.map { ($0.title, labelW - metrics.px(4)) }, max: titleMax, min: metrics.readableText, bold: true)
        for (row, r) in zip(rows, rects) {
            settingRow(r, row, labelW: labelW, size: optionSize, titleSize: titleSize)
        }
        return labelW
    }

    /// `hitPrefix`: names the options for scripts where labels repeat ("Sound On", "Beeps On").
    private func settingRow(_ r: Rect, _ row: SettingRow, labelW: Int, size: Int, titleSize: Int) {
        let (title, options, hitPrefix, hitLabels) = (row.title, row.options, row.hitPrefix, row.hitLabels)
        let (label, choices) = r.splitLeft(labelW)
        if let detail = row.detail {
            let (top, bottom) = label.splitTop(label.h / 2)
            canvas.text(title, size: titleSize, bold: true, in: top)
            // On two lines at the readable size where one would be smaller ("12 simulierte Gurte (Startwert 7)").
            let detailSize = metrics.small - metrics.px(2)
            if canvas.measure(detail, size: detailSize) <= bottom.w
                || !textOnTwoLines(detail, size: metrics.readableText, bold: false, colour: Theme.textDim, in: bottom) {
                canvas.text(detail, size: detailSize, colour: Theme.textDim, in: bottom)
            }
        } else {
            canvas.text(title, size: titleSize, bold: true, in: label)
        }
        let gap = metrics.px(6)
        let catalog = Localization.current.catalog
        for (i, (cell, option)) in zip(choices.columns(options.count, gap: gap), options).enumerated() {
            // Scripts name an option in English: its source message after the row's prefix ("Sound On").
            let english = hitLabels.map { $0[i] } ?? catalog.source(of: option.0) ?? option.0
            // Six rows share 800×480's height: each option also takes the half gaps around it.
            button(option.0, cell, option.1, style: option.2 ? .primary : .normal, size: size,
                   hitLabel: hitPrefix.map { "\($0) \(english)" } ?? (hitLabels == nil ? nil : english), touch: cell.inset(dx: -gap / 2, dy: -gap / 2))
        }
    }
}

import AppCore
import Localization
import TeamCore

/// The second page of settings: what the live tiles show on their third line, and the sounds
/// (the buzzer when the countdown ends, the beeps of its last seconds and of laps, the volume).
extension Frame {
    func tilesAndSoundSettings() {
        let area = topBar(title: tr("Tiles & sound"), back: (tr("‹ Settings"), .settings(.showPage(.general))),
                          trailing: [(tr("Done"), .navigate(.home), .normal)])
        // The third line's four choices keep a readable size in German ("Belastung"); the help wraps beside them.
        let (left, right) = area.splitLeft(area.w * 74 / 100, gap: metrics.margin)
        let s = state.settings.values
        let (choices, testRow) = left.splitBottom((left.h - 4 * metrics.px(6)) / 5, gap: metrics.px(6))
        let volumes = zip([tr("Quiet"), tr("Medium"), tr("Loud")], KioskSettings.soundVolumeChoices)
        let labelW = settingRows([
            SettingRow(tr("Tiles' third line"), TileDetail.allCases.map { detail in
                (Self.tileDetailLabel(detail, model: s.zoneModel), .settings(.setTileDetail(detail)), s.tileDetail == detail)
            }, hitPrefix: "Third line"),
            SettingRow(tr("Sound"), [(tr("Off"), .settings(.setSound(false)), !s.sound), (tr("On"), .settings(.setSound(true)), s.sound)], hitPrefix: "Sound"),
            SettingRow(tr("Volume"), volumes.map { label, percent in (label, .settings(.setSoundVolume(percent)), s.soundVolume == percent) },
                       hitPrefix: "Volume"),
            SettingRow(tr("Beeps"), [(tr("Off"), .settings(.setBeeps(false)), !s.beeps), (tr("On"), .settings(.setBeeps(true)), s.beeps)],
                       detail: tr("last 3 s and laps"), hitPrefix: "Beeps"),
        ], in: choices)
        let testBox = testRow.splitLeft(labelW).1
        button(tr("Test the buzzer"), testBox, .settings(.testSound), style: s.sound ? .normal : .disabled, size: metrics.small + metrics.px(1))
        // The language at the bottom of the help column: its button says the language in its own name.
        let (helpBox, languageBox) = right.splitBottom(metrics.target, gap: metrics.gap)
        wrappedText(Self.tilesAndSoundHelp(s), size: metrics.small, in: helpBox.inset(dx: metrics.px(4), dy: metrics.px(8)), colour: Theme.textDim)
        button(tr("Language: {name} ›", ["name": Localization.current.language.nativeName]), languageBox, .settings(.showPage(.language)),
               size: metrics.small + metrics.px(1), hitLabel: "Language")
        notice()
    }

    /// The percentage is of HRmax or of the reserve, as the zone model measures the zones it sits beside.
    static func tileDetailLabel(_ detail: TileDetail, model: ZoneModel) -> String {
        switch detail {
        case .percentOfMax: zoneModelName(model)
        case .kcal: "kcal"
        case .effortPoints: tr("Effort")
        case .versusLastTime: tr("vs last")
        }
    }

    static func tilesAndSoundHelp(_ s: KioskSettings) -> String {
        let shown = switch s.tileDetail {
        case .percentOfMax, .kcal: tileDetailLabel(s.tileDetail, model: s.zoneModel)
        case .effortPoints: tr("effort points")
        case .versusLastTime: tr("effort points ahead (+) or behind (−) the same minute of the team's last session with the same tags")
        }
        let sound = s.sound ? (s.beeps ? tr("The buzzer sounds when the countdown ends, with a beep over its last 3 s and at each lap.")
                                        : tr("The buzzer sounds when the countdown ends."))
            : tr("No sound: the countdown ends silently.")
        return tr("Under each big number the tiles show {what}; sorted by effort they show effort points.", ["what": shown]) + " " + sound
    }
}

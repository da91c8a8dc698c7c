import AppCore
import TeamCore

/// The second page of settings: what the live tiles show on their third line, and the sounds
/// (the buzzer when the countdown ends, the beeps of its last seconds and of laps, the volume).
extension Frame {
    func tilesAndSoundSettings() {
        let area = topBar(title: "Tiles & sound", back: ("‹ Settings", .settings(.showPage(.general))),
                          trailing: [("Done", .navigate(.home), .normal)])
        let (left, right) = area.splitLeft(area.w * 68 / 100, gap: metrics.margin)
        let s = state.settings.values
        let (choices, testRow) = left.splitBottom((left.h - 4 * metrics.px(6)) / 5, gap: metrics.px(6))
        let volumes = zip(["Quiet", "Medium", "Loud"], KioskSettings.soundVolumeChoices)
        settingRows([
            SettingRow("Tiles' third line", TileDetail.allCases.map { detail in
                (Self.tileDetailLabel(detail, model: s.zoneModel), .settings(.setTileDetail(detail)), s.tileDetail == detail)
            }, hitPrefix: "Third line"),
            SettingRow("Sound", [("Off", .settings(.setSound(false)), !s.sound), ("On", .settings(.setSound(true)), s.sound)], hitPrefix: "Sound"),
            SettingRow("Volume", volumes.map { label, percent in (label, .settings(.setSoundVolume(percent)), s.soundVolume == percent) },
                       hitPrefix: "Volume"),
            SettingRow("Beeps", [("Off", .settings(.setBeeps(false)), !s.beeps), ("On", .settings(.setBeeps(true)), s.beeps)],
                       detail: "last 3 s and laps", hitPrefix: "Beeps"),
        ], in: choices)
        let testBox = testRow.splitLeft(testRow.w * 2 / 5).1
        button("Test the buzzer", testBox, .settings(.testSound), style: s.sound ? .normal : .disabled, size: metrics.small + metrics.px(1))
        wrappedText(Self.tilesAndSoundHelp(s), size: metrics.small, in: right.inset(dx: metrics.px(4), dy: metrics.px(8)), colour: Theme.textDim)
        notice()
    }

    /// The percentage is of HRmax or of the reserve, as the zone model measures the zones it sits beside.
    static func tileDetailLabel(_ detail: TileDetail, model: ZoneModel) -> String {
        switch detail {
        case .percentOfMax: model == .percentOfMax ? "%HRmax" : "%HRR"
        case .kcal: "kcal"
        case .effortPoints: "Effort"
        case .versusLastTime: "vs last"
        }
    }

    static func tilesAndSoundHelp(_ s: KioskSettings) -> String {
        let shown = switch s.tileDetail {
        case .percentOfMax, .kcal: tileDetailLabel(s.tileDetail, model: s.zoneModel)
        case .effortPoints: "effort points"
        case .versusLastTime: "effort points ahead (+) or behind (−) the same minute of the team's last session with the same tags"
        }
        return "Under each big number the tiles show \(shown); "
            + "sorted by effort they show effort points. "
            + (s.sound ? "The buzzer sounds when the countdown ends" + (s.beeps ? ", with a beep over its last 3 s and at each lap." : ".")
                : "No sound: the countdown ends silently.")
    }
}

import AppCore
import TeamCore

/// The second page of settings: what the live tiles show on their third line, and the sounds
/// (the buzzer when the countdown ends, the beeps of its last seconds and of laps, the volume).
extension Frame {
    func tilesAndSoundSettings() {
        let area = topBar(title: "Tiles & sound", back: ("‹ Settings", .settings(.showPage(.general))),
                          trailing: [("Done", .navigate(.home), .normal)])
        let (left, right) = area.splitLeft(area.w * 62 / 100, gap: metrics.margin)
        let rows = left.rows(5, gap: metrics.px(6))
        let s = state.settings.values
        settingRow(rows[0], "Tiles' third line", TileDetail.allCases.map { detail in
            (Self.tileDetailLabel(detail), .settings(.setTileDetail(detail)), s.tileDetail == detail)
        }, hitPrefix: "Third line")
        settingRow(rows[1], "Sound", [("Off", .settings(.setSound(false)), !s.sound), ("On", .settings(.setSound(true)), s.sound)],
                   hitPrefix: "Sound")
        let volumes = zip(["Quiet", "Medium", "Loud"], KioskSettings.soundVolumeChoices)
        settingRow(rows[2], "Volume", volumes.map { label, percent in
            (label, .settings(.setSoundVolume(percent)), s.soundVolume == percent)
        }, hitPrefix: "Volume")
        settingRow(rows[3], "Beeps", [("Off", .settings(.setBeeps(false)), !s.beeps), ("On", .settings(.setBeeps(true)), s.beeps)],
                   detail: "last 3 s and laps", hitPrefix: "Beeps")
        let testBox = rows[4].splitLeft(rows[4].w * 2 / 5).1
        button("Test the buzzer", testBox, .settings(.testSound), style: s.sound ? .normal : .disabled, size: metrics.small + metrics.px(1))
        wrappedText(Self.tilesAndSoundHelp(s), size: metrics.small, in: right.inset(dx: metrics.px(4), dy: metrics.px(8)), colour: Theme.textDim)
        notice()
    }

    static func tileDetailLabel(_ detail: TileDetail) -> String {
        switch detail {
        case .percentOfMax: "%HRmax"
        case .kcal: "kcal"
        case .effortPoints: "Effort"
        }
    }

    static func tilesAndSoundHelp(_ s: KioskSettings) -> String {
        "Under each big number the tiles show \(tileDetailLabel(s.tileDetail) == "Effort" ? "effort points" : tileDetailLabel(s.tileDetail)); "
            + "sorted by effort they show effort points. "
            + (s.sound ? "The buzzer sounds when the countdown ends" + (s.beeps ? ", with a beep over its last 3 s and at each lap." : ".")
                : "No sound: the countdown ends silently.")
    }
}

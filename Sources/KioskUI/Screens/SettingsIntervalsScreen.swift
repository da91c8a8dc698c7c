import Localization
import AppCore
import TeamCore

/// The third page of settings: the interval presets the lobby offers (each edited on the number
/// pad), how a challenge is scored, and the spoken cues.
extension Frame {
    func intervalSettings() {
        let area = topBar(title: tr("Intervals & challenges"), back: (tr("‹ Settings"), .settings(.showPage(.general))),
                          trailing: [(tr("Done"), .navigate(.home), .normal)])
        let (left, right) = area.splitLeft(area.w * 62 / 100, gap: metrics.margin)
        let s = state.settings.values
        var rows = s.intervalPresets.enumerated().map { i, program in
            SettingRow(tr("Preset {n}", ["n": "\(i + 1)"]), [(program.label, .form(.editIntervalPreset(i)), false)], hitPrefix: "Edit preset \(i + 1)")
        }
        rows.append(SettingRow(tr("Challenges"), ChallengeRule.allCases.map { rule in
            (Self.challengeRuleLabel(rule), .settings(.setChallengeRule(rule)), s.challengeRule == rule)
        }, detail: tr("scored by"), hitPrefix: "Challenge"))
        rows.append(SettingRow(tr("Spoken cues"), [(tr("Off"), .settings(.setSpokenCues(false)), !s.spokenCues), (tr("On"), .settings(.setSpokenCues(true)), s.spokenCues)],
                               detail: Self.voiceLabel(state.settings.voice), hitPrefix: "Spoken cues"))
        settingRows(rows, in: left)
        let (testRow, help) = right.splitTop(metrics.target, gap: metrics.gap)
        button(tr("Test the cues"), testRow, s.sound ? .settings(.testIntervalCues) : nil, style: s.sound ? .normal : .disabled,
               size: metrics.small + metrics.px(1))
        wrappedText(Self.intervalsHelp(s, voice: state.settings.voice), size: metrics.small,
                    in: help.inset(dx: metrics.px(4), dy: metrics.px(4)), colour: Theme.textDim)
        notice()
    }

    static func challengeRuleLabel(_ rule: ChallengeRule) -> String {
        switch rule {
        case .effortPoints: tr("Effort points")
        case .higherZone: tr("Higher zone")
        }
    }

    static func voiceLabel(_ voice: VoiceAvailability) -> String {
        switch voice {
        case .unknown: tr("voice not checked yet")
        case .none: tr("no voice: tones only")
        case .installed(let name): tr("voice: {name}", ["name": name])
        }
    }

    static func intervalsHelp(_ s: KioskSettings, voice: VoiceAvailability) -> String {
        let voiceLine: String
        switch voice {
        case .installed: voiceLine = s.spokenCues ? tr("\"Last interval\" and \"one minute left\" are spoken.") : tr("Nothing is spoken.")
        default: voiceLine = tr("Install espeak-ng to hear \"last interval\" and \"one minute left\".")
        }
        return tr("Tap a preset to change it: repeats, work and rest in seconds. A tone starts each block, the last 3 s beep. ")
            + voiceLine + " " + (s.challengeRule == .effortPoints ? tr("A challenge compares each side's effort points per player.")
                : tr("A challenge gives each second to the side in the higher zone."))
    }
}

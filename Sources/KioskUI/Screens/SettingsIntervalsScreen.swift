import AppCore
import TeamCore

/// The third page of settings: the interval presets the lobby offers (each edited on the number
/// pad), how a challenge is scored, and the spoken cues.
extension Frame {
    func intervalSettings() {
        let area = topBar(title: "Intervals & challenges", back: ("‹ Settings", .settings(.showPage(.general))),
                          trailing: [("Done", .navigate(.home), .normal)])
        let (left, right) = area.splitLeft(area.w * 62 / 100, gap: metrics.margin)
        let s = state.settings.values
        var rows = s.intervalPresets.enumerated().map { i, program in
            SettingRow("Preset \(i + 1)", [(program.label, .form(.editIntervalPreset(i)), false)], hitPrefix: "Edit preset \(i + 1)")
        }
        rows.append(SettingRow("Challenges", ChallengeRule.allCases.map { rule in
            (Self.challengeRuleLabel(rule), .settings(.setChallengeRule(rule)), s.challengeRule == rule)
        }, detail: "scored by", hitPrefix: "Challenge"))
        rows.append(SettingRow("Spoken cues", [("Off", .settings(.setSpokenCues(false)), !s.spokenCues), ("On", .settings(.setSpokenCues(true)), s.spokenCues)],
                               detail: Self.voiceLabel(state.settings.voice), hitPrefix: "Spoken cues"))
        settingRows(rows, in: left)
        let (testRow, help) = right.splitTop(metrics.target, gap: metrics.gap)
        button("Test the cues", testRow, s.sound ? .settings(.testIntervalCues) : nil, style: s.sound ? .normal : .disabled,
               size: metrics.small + metrics.px(1))
        wrappedText(Self.intervalsHelp(s, voice: state.settings.voice), size: metrics.small,
                    in: help.inset(dx: metrics.px(4), dy: metrics.px(4)), colour: Theme.textDim)
        notice()
    }

    static func challengeRuleLabel(_ rule: ChallengeRule) -> String {
        switch rule {
        case .effortPoints: "Effort points"
        case .higherZone: "Higher zone"
        }
    }

    static func voiceLabel(_ voice: VoiceAvailability) -> String {
        switch voice {
        case .unknown: "voice not checked yet"
        case .none: "no voice: tones only"
        case .installed(let name): "voice: \(name)"
        }
    }

    static func intervalsHelp(_ s: KioskSettings, voice: VoiceAvailability) -> String {
        let voiceLine: String
        switch voice {
        case .installed: voiceLine = s.spokenCues ? "\"Last interval\" and \"one minute left\" are spoken." : "Nothing is spoken."
        default: voiceLine = "Install espeak-ng to hear \"last interval\" and \"one minute left\"."
        }
        return "Tap a preset to change it: repeats, work and rest in seconds. A tone starts each block, the last 3 s beep. "
            + voiceLine + " " + (s.challengeRule == .effortPoints ? "A challenge compares each side's effort points per player."
                : "A challenge gives each second to the side in the higher zone.")
    }
}

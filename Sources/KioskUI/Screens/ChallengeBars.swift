import AppCore
import TeamCore

/// A challenge on the live screens: on the wall, two bars that grow with each side's score, the
/// names beside them; on the coach's screen, one strip split between the sides.
extension Frame {
    /// The coach's compact strip: "Reds 143 ▐red│blue▌ 121 Blues". Returns the area below it.
    func challengeStrip(_ live: LiveSession, in area: Rect) -> Rect {
        guard let challenge = live.challenge, let scores = live.challengeScores else { return area }
        let (strip, rest) = area.splitTop(metrics.px(34))
        canvas.fill(strip, Theme.background)
        let inner = strip.inset(dx: metrics.margin, dy: metrics.px(4))
        let size = metrics.small + metrics.px(2)
        let labels = (0..<2).map { "\(challenge.sides[$0].name)  \(challenge.rule.format(scores[$0]))" }
        let (leftBox, rest1) = inner.splitLeft(min(inner.w * 3 / 10, canvas.measure(labels[0], size: size, bold: true) + metrics.px(12)))
        let (bar, rightBox) = rest1.splitRight(min(inner.w * 3 / 10, canvas.measure(labels[1], size: size, bold: true) + metrics.px(12)))
        canvas.text(labels[0], size: size, bold: true, in: leftBox)
        canvas.text(labels[1], size: size, bold: true, in: rightBox, align: .right)
        let total = scores[0] + scores[1]
        let share = total > 0 ? scores[0] / total : 0.5
        let split = bar.x + Int(Double(bar.w) * share)
        canvas.fill(Rect(bar.x, bar.y, split - bar.x, bar.h), Theme.challengeSides[0])
        canvas.fill(Rect(split, bar.y, bar.maxX - split, bar.h), Theme.challengeSides[1])
        canvas.fill(Rect(bar.midX - 1, bar.y - metrics.px(2), 2, bar.h + metrics.px(4)), Theme.text)
        return rest
    }

    /// The wall's band: a bar per side, growing with its score on a scale that doubles when the
    /// leader reaches its end, the side's name before it and its score at its tip.
    func challengeBars(_ live: LiveSession, in band: Rect) {
        guard let challenge = live.challenge, let scores = live.challengeScores else { return }
        canvas.fill(band, Theme.background)
        let rows = band.inset(dx: metrics.margin, dy: metrics.px(4)).rows(2, gap: metrics.px(4))
        let size = max(24, metrics.px(22))
        let nameW = min(band.w / 4, challenge.sides.map { canvas.measure($0.name, size: size, bold: true) }.max()! + metrics.px(16))
        let scale = Self.challengeScale(max(scores[0], scores[1]), rule: challenge.rule)
        for (i, row) in rows.enumerated() {
            let (nameBox, track) = row.splitLeft(nameW)
            canvas.text(challenge.sides[i].name, size: size, bold: true, in: nameBox)
            let score = challenge.rule.format(scores[i])
            let scoreW = canvas.measure(score, size: size, bold: true) + metrics.px(16)
            let barArea = track.inset(dx: 0, dy: metrics.px(2))
            canvas.fillRounded(barArea, radius: metrics.px(6), Theme.surface)
            let full = max(0, barArea.w - scoreW)
            let w = Int(Double(full) * min(1, scores[i] / scale))
            if w > 0 { canvas.fillRounded(Rect(barArea.x, barArea.y, w, barArea.h), radius: metrics.px(6), Theme.challengeSides[i]) }
            canvas.text(score, size: size, bold: true, in: Rect(barArea.x + w + metrics.px(8), barArea.y, scoreW, barArea.h))
        }
    }

    /// The bars' full length: the next of 1, 2, 5 × 10ⁿ above the leader (points), or of whole
    /// minutes (seconds ahead), so the bars grow and the scale steps rarely.
    static func challengeScale(_ leader: Double, rule: ChallengeRule) -> Double {
        var scale = rule == .higherZone ? 60.0 : 10.0
        let steps = [2.0, 2.5, 2.0]
        var i = 0
        while scale < leader * 1.05 {
            scale *= steps[i % steps.count]
            i += 1
        }
        return scale
    }
}

import Localization
import AppCore
import TeamCore

/// What review shows of an interval program and a challenge: the blocks as a strip along the
/// graph's foot (work shaded above it), and the challenge's result over the players.
extension Frame {
    /// Each block from its start to the lap that closed it: work in its colour, rest in its own,
    /// labelled "WORK 3/8" where that fits, "W3" where only that does.
    func intervalStrip(_ blocks: [SessionPhase], x: (Int64) -> Int, plot: Rect) {
        let h = metrics.px(18)
        let size = metrics.small - metrics.px(3)
        for block in blocks {
            guard let label = block.intervalLabel else { continue }
            let from = x(block.fromMs), to = x(block.toMs)
            let colour = Theme.block(label.kind)
            if label.kind == .work { canvas.fill(Rect(from, plot.y, to - from, plot.h - h), colour.withAlpha(38)) }
            let r = Rect(from, plot.maxY - h, max(1, to - from - 1), h)
            canvas.fill(r, colour)
            let word = label.kind == .work ? tr("WORK") : tr("REST")
            let long = "\(word) \(label.number)/\(label.of)", short = "\(word.prefix(1))\(label.number)"
            for label in [long, short] where canvas.measure(label, size: size, bold: true) + metrics.px(4) <= r.w {
                canvas.text(label, size: size, bold: true, in: r, align: .center, background: colour)
                break
            }
        }
    }

    /// "Reds 143 – 121 Blues · Reds won": each side in its colour, the outcome and the rule beside.
    func challengeResult(_ challenge: SessionChallenge, in r: Rect) {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        let inner = r.inset(dx: metrics.px(10), dy: metrics.px(4))
        let size = metrics.small + metrics.px(1)
        var x = inner.x
        for (i, side) in challenge.sides.enumerated() {
            let text = "\(side.name)  \(side.score.map(challenge.rule.format) ?? "–")"
            let w = canvas.measure(text, size: size, bold: true) + metrics.px(20)
            let pill = Rect(x, inner.y, min(w, inner.maxX - x), inner.h)
            canvas.fillRounded(pill, radius: inner.h / 2, Theme.challengeSides[i])
            canvas.text(text, size: size, bold: true, in: pill, align: .center, background: Theme.challengeSides[i])
            x = pill.maxX + metrics.gap
        }
        // The outcome worded here (TeamCore's `outcome` is the English of the command line and JSON).
        let result = !challenge.isDecided ? tr("No result")
            : challenge.winner.map { tr("{side} won", ["side": challenge.sides[$0].name]) } ?? tr("A draw")
        let outcome = result + " · " + tr(challenge.rule.label)
        canvas.text(outcome, size: size, bold: true, colour: Theme.textDim, in: Rect(x, inner.y, max(0, inner.maxX - x), inner.h))
    }
}

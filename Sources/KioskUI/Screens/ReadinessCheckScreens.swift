import Localization
import AppCore
import TeamCore

/// A readiness check on the live screens: while it runs a band says "Keep still" with the time left
/// (coach's screen and wall); when it ends, every player's result — within, below or above their
/// normal range, or building a baseline — as a team grid, the wall's in its privacy setting.
extension Frame {
    /// The band under the bar while the check runs; returns the area below it.
    func keepStillBand(_ live: LiveSession, in area: Rect) -> Rect {
        let (band, rest) = area.splitTop(metrics.px(60))
        canvas.fill(band, Theme.readiness)
        let left = live.clock.remainingMs(nowMs: state.nowMs) ?? 0
        let length = max(1, live.readinessCheck?.lengthMs ?? 1)
        let strip = Rect(band.x, band.maxY - metrics.px(5), band.w, metrics.px(5))
        canvas.fill(strip, Theme.readiness.mixed(with: Theme.background, 0.5))
        canvas.fill(Rect(strip.x, strip.y, Int(Double(strip.w) * Double(left) / Double(length)), strip.h),
                    Theme.readiness.mixed(with: Theme.text, 0.45))
        keepStillCountdown(left, size: metrics.px(40), in: band.splitBottom(strip.h).0)
        return rest
    }

    /// "Keep still — 2:41", centred.
    func keepStillCountdown(_ leftMs: Int64, size: Int, in box: Rect) {
        canvas.text(tr("Keep still — ") + Self.recoveryClock(leftMs), size: size, bold: true, in: box.inset(dx: metrics.margin, dy: 0),
                    align: .center, background: Theme.readiness)
    }

    /// The coach's screen once the check is over: the results, Save or Discard.
    func readinessOutcome(_ live: LiveSession) {
        let bar = screen.splitTop(metrics.topBar).0
        canvas.fill(bar, Theme.surface)
        if let team = state.team { canvas.fill(Rect(0, bar.maxY - metrics.px(4), bar.w, metrics.px(4)), Colour(team.team.colour)) }
        let bh = metrics.topBar - metrics.px(12)
        let posture = live.readinessCheck.map { tr($0.posture.word) } ?? ""
        var right = metrics.width - metrics.margin
        for (label, action, style) in [(tr("Save"), Action.live(.save), ButtonStyle.primary), (tr("Discard…"), .live(.discard), .normal)] {
            let w = max(metrics.target + metrics.px(16), canvas.measure(label, size: metrics.body, bold: true) + metrics.px(28))
            button(label, Rect(right - w, metrics.px(6), w, bh), action, style: style, touch: Rect(right - w, 0, w, metrics.topBar))
            right -= w + metrics.gap
        }
        canvas.text(tr("Readiness check") + " · \(posture) · \(SessionClock.format(live.clock.elapsedMs(nowMs: state.nowMs)))",
                    size: metrics.title, bold: true, in: Rect(metrics.margin, 0, max(0, right - 2 * metrics.margin), metrics.topBar))
        let area = screen.splitTop(metrics.topBar).1.inset(metrics.px(6))
        readinessGrid(live.readinessResults, in: area, forWall: false)
        if live.phase == .confirmDiscard {
            dialog(title: tr("Discard for good?"), message: tr("Every heart rate of this check will be deleted. This cannot be undone."),
                   buttons: [(tr("Keep it"), .live(.cancelDiscard), .normal), (tr("Delete check"), .live(.confirmDiscard), .danger)])
        }
        notice()
    }

    /// The wall once the check is over: the team grid, big.
    func wallReadinessResults(_ live: LiveSession) {
        canvas.clear(Theme.background)
        let (bar, rest) = screen.splitTop(metrics.px(72))
        let posture = live.readinessCheck.map { " · " + tr($0.posture.word) } ?? ""
        canvas.text(tr("Readiness check") + posture, size: metrics.px(48), bold: true, in: bar.inset(dx: metrics.margin, dy: 0))
        readinessGrid(live.readinessResults, in: rest.inset(metrics.px(6)), forWall: true)
    }

    /// A cell a player: number and name, the word on its colour, lnRMSSD and resting heart rate. On
    /// the wall in privacy mode a cell says only whether the player was measured: no words, no numbers.
    private func readinessGrid(_ results: [ReadinessResult]?, in area: Rect, forWall: Bool) {
        guard let results else {
            canvas.text(tr("Reading the checks…"), size: metrics.body, colour: Theme.textDim, in: area, align: .center)
            return
        }
        let privacy = forWall && state.settings.values.wallPrivacy
        let minText = tileMinText(forWall: forWall)
        let rects = TileGrid.rects(count: results.count, in: area, gap: metrics.px(6))
        func name(_ result: ReadinessResult) -> String {
            state.settings.values.showAliases ? "#\(result.number)" : "\(result.number) \(result.name)"
        }
        // One size for every name of the grid, the largest that fits them all (never under the minimum).
        var nameSize = minText
        if let cell = rects.first {
            let inner = cell.inset(dx: max(4, cell.w / 20), dy: 0)
            nameSize = max(minText, (cell.h - 2 * max(2, cell.h / 16)) * 30 / 100 * 7 / 10)
            while nameSize > minText, results.contains(where: { canvas.measure(name($0), size: nameSize, bold: true) > inner.w }) {
                nameSize -= 1
            }
        }
        for (result, r) in zip(results, rects) {
            // Where each cell is, for the state dump (a test checks its colour).
            hits.tileRects[result.playerID] = r
            let measured = result.lnRMSSD != nil
            let colour = privacy ? Theme.surfaceHigh : Theme.seasonTone(result.status.tone)
            canvas.fillRounded(r, radius: metrics.px(10), colour)
            let inner = r.inset(dx: max(4, r.w / 20), dy: max(2, r.h / 16))
            let (nameRow, rest) = inner.splitTop(inner.h * 30 / 100)
            let (wordRow, figureRow) = rest.splitTop(rest.h * 55 / 100)
            canvas.text(name(result), size: nameSize, bold: true, in: nameRow)
            let word = privacy ? (measured ? tr("measured") : tr("no clean RR")) : tr(result.status.text)
            canvas.text(word, size: max(minText, wordRow.h * 7 / 10), bold: true, in: wordRow, align: .center)
            guard !privacy else { continue }
            let figures = measured
                ? [result.lnRMSSD.map { "ln " + Self.decimal($0, digits: 2) }, result.restingBPM.map { tr("{n} bpm", ["n": "\(Int($0.rounded()))"]) }]
                    .compactMap { $0 }.joined(separator: " · ")
                : tr("too little clean RR")
            canvas.text(figures, size: max(minText, figureRow.h * 6 / 10), colour: Theme.text.withAlpha(220), in: figureRow, align: .center)
        }
    }
}

extension Theme {
    /// The readiness check's band: a calm indigo no zone or season word uses (white on it > 8:1).
    public static let readiness = Colour(hex: 0x3F3A8F)
}

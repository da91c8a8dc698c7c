import Localization
import AppCore
import TeamCore

/// "Rate the session" (session RPE, issue 36): on the coach's screen a tile a player — their face,
/// number and name, and whether they have rated — then, on a tap, the CR-10 scale 0–10 with Foster's
/// words, every value a glove-sized button. The wall shows who has rated and who has not; the values
/// only when the wall is not private. Values on the coach's screen only once the coach unlocked it.
extension Frame {
    func ratingSheet(_ sheet: RatingSheet) {
        let team = state.team
        let coachButton: (String, Action?, ButtonStyle) = sheet.coach ? (tr("Coach"), nil, .selected) : (tr("Coach"), .review(.rating(.unlockCoach)), .normal)
        let area = topBar(title: tr("Rate the session") + " · " + tr("{n} of {total}", ["n": "\(sheet.ratedCount)", "total": "\(sheet.lines.count)"]), colour: team.map { Colour($0.team.colour) },
                          back: (tr("‹ Review"), .review(.rating(.close))), trailing: [coachButton])
        let (hint, grid) = area.splitTop(metrics.px(28), gap: metrics.px(6))
        canvas.text(ratingHint(sheet), size: metrics.small, colour: Theme.textDim, in: hint)
        ratingGrid(sheet, in: grid, forWall: false)
        if let line = sheet.choosingLine { ratingScale(line, coach: sheet.coach) }
    }

    /// What the line under the bar says: how to rate, or that only the coach can now.
    private func ratingHint(_ sheet: RatingSheet) -> String {
        if sheet.coach { return tr("Coach: tap a player to set or correct their rating") }
        if !sheet.windowOpen { return tr("The players' 2 hours to rate are over: the coach can correct (Coach)") }
        return tr("Find your tile, then tap how hard the whole session was (best about {n} min after it)", ["n": "\(SessionRPE.promptAfterMs / 60_000)"])
    }

    /// The wall while the team rates: every player's tile, rated or not.
    func wallRatings(_ sheet: RatingSheet) {
        canvas.clear(Theme.background)
        let (bar, rest) = screen.splitTop(metrics.px(72))
        canvas.text(tr("Rate the session") + " · " + tr("{n} of {total} rated", ["n": "\(sheet.ratedCount)", "total": "\(sheet.lines.count)"]), size: metrics.px(44), bold: true,
                    in: bar.inset(dx: metrics.margin, dy: 0))
        ratingGrid(sheet, in: rest.inset(metrics.px(6)), forWall: true)
    }

    /// A tile a player: green with "rated" once they have (the value beside it for the coach, or on a
    /// wall that is not private), grey with "tap to rate" before.
    private func ratingGrid(_ sheet: RatingSheet, in area: Rect, forWall: Bool) {
        let showValues = forWall ? !state.settings.values.wallPrivacy : sheet.coach
        func status(_ line: RatingLine) -> String {
            guard let rpe = line.rpe else { return forWall ? tr("not yet") : tr("tap to rate") }
            guard showValues else { return tr("rated") }
            return "\(rpe)" + (SessionRPE.anchor(rpe).map { " · " + tr($0) } ?? "") + (line.byCoach ? " " + tr("(coach)") : "")
        }
        playerStatusGrid(sheet.lines.map { line in
            PlayerStatusTile(playerID: line.playerID, number: line.number, name: line.name, done: line.rpe != nil, status: status(line),
                             hit: forWall ? nil : ("rate:\(line.number)", .review(.rating(.pick(playerID: line.playerID)))))
        }, in: area, forWall: forWall)
    }

    /// The scale over the sheet: the player's name, then 0–10 in two rows of big buttons, each with
    /// its number and Foster's word; Cancel. A wrong player's tap is undone by Cancel, a wrong value
    /// by rating again.
    private func ratingScale(_ line: RatingLine, coach: Bool) {
        hits.block(screen)
        canvas.fill(screen, Colour(0, 0, 0, 170))
        let box = screen.inset(metrics.margin)
        canvas.fillRounded(box, radius: metrics.px(14), Theme.surface)
        let inner = box.inset(metrics.px(10))
        let (head, scale) = inner.splitTop(metrics.target, gap: metrics.gap)
        let (title, cancel) = head.splitRight(max(metrics.target + metrics.px(40), canvas.measure(tr("Cancel"), size: metrics.body, bold: true) + metrics.px(32)),
                                              gap: metrics.gap)
        let who = state.settings.values.showAliases ? "#\(line.number)" : "#\(line.number) \(line.name)"
        canvas.text(tr("{who}: how hard was the session?", ["who": who]) + (coach ? " " + tr("(coach)") : ""), size: metrics.title, bold: true, in: title)
        button(tr("Cancel"), cancel, .review(.rating(.cancelPick)))
        let rows = scale.rows(2, gap: metrics.gap)
        let values = [Array(0...5), Array(6...10)]
        for (row, numbers) in zip(rows, values) {
            for (cell, value) in zip(row.columns(6, gap: metrics.gap), numbers) {
                scaleButton(value, in: cell, current: line.rpe == value && coach)
            }
        }
    }

    /// One value of the scale: its number big, Foster's word under it; warmer colours up the scale.
    private func scaleButton(_ value: Int, in r: Rect, current: Bool) {
        let colour = Theme.surfaceHigh.mixed(with: Theme.danger, Double(value) / 14)
        canvas.fillRounded(r, radius: metrics.px(12), current ? Theme.accent : colour)
        let (numberBox, wordBox) = r.inset(metrics.px(6)).splitTop(r.h * 58 / 100)
        canvas.text("\(value)", size: min(numberBox.h * 8 / 10, metrics.px(64)), bold: true, in: numberBox, align: .center)
        if let word = SessionRPE.anchor(value).map({ tr($0) }) {
            // A word too wide for the button goes on two lines ("Very, very" / "easy") rather than shrinking.
            let size = min(metrics.body, max(11, wordBox.h * 4 / 10))
            if canvas.measure(word, size: size) > wordBox.w, let space = word.lastIndex(of: " ") {
                let halves = wordBox.rows(2, gap: 0)
                canvas.text(String(word[..<space]), size: size, colour: Theme.text, in: halves[0], align: .center)
                canvas.text(String(word[word.index(after: space)...]), size: size, colour: Theme.text, in: halves[1], align: .center)
            } else {
                canvas.text(word, size: size, colour: Theme.text, in: wordBox, align: .center)
            }
        }
        hits.add(Hit(rect: r, label: "rpe:\(value)", action: .review(.rating(.rate(value)))))
    }
}

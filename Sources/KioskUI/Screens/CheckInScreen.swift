import Localization
import AppCore
import TeamCore

/// The morning "Check-in" (issue 36, item 2): a tile a player — face, number, name, whether they have
/// checked in today — then, on a tap, the five questions of the wellness questionnaire, each a row of
/// five glove-sized buttons 1–5 with McLean's words, and Save. The sheet never shows anyone's answers.
extension Frame {
    func checkInScreen() {
        guard let checkIn = state.checkIn else { return }
        let team = state.team
        let day = checkIn.day.map { " · " + Self.seasonDayText($0) } ?? ""
        let area = topBar(title: tr("Check-in") + day + " · " + tr("{n} of {total}", ["n": "\(checkIn.answeredCount)", "total": "\(checkIn.lines.count)"]), colour: team.map { Colour($0.team.colour) },
                          back: (tr("‹ Done"), .checkIn(.close)))
        let (hint, grid) = area.splitTop(metrics.px(28), gap: metrics.px(6))
        canvas.text(tr("Find your tile, then how you are this morning: five questions, 1 worst … 5 best"), size: metrics.small,
                    colour: Theme.textDim, in: hint)
        playerStatusGrid(checkIn.lines.map { line in
            PlayerStatusTile(playerID: line.playerID, number: line.number, name: line.name, done: line.answered,
                             status: line.answered ? tr("checked in") : tr("tap to check in"),
                             hit: ("checkin:\(line.number)", .checkIn(.pick(playerID: line.playerID))))
        }, in: grid, forWall: false)
        if let line = checkIn.choosingLine { wellnessQuestions(line, checkIn) }
        notice()
    }

    /// The wall while the team checks in: every player's tile, "checked in" or "not yet" — never an answer.
    func wallCheckIns(_ checkIn: CheckIn) {
        canvas.clear(Theme.background)
        let (bar, rest) = screen.splitTop(metrics.px(72))
        canvas.text(tr("Morning check-in") + " · " + tr("{n} of {total}", ["n": "\(checkIn.answeredCount)", "total": "\(checkIn.lines.count)"]), size: metrics.px(44), bold: true,
                    in: bar.inset(dx: metrics.margin, dy: 0))
        playerStatusGrid(checkIn.lines.map { line in
            PlayerStatusTile(playerID: line.playerID, number: line.number, name: line.name, done: line.answered,
                             status: line.answered ? tr("checked in") : tr("not yet"), hit: nil)
        }, in: rest.inset(metrics.px(6)), forWall: true)
    }

    /// The questions over the sheet: the player's name, Save and Cancel, then a row an item.
    private func wellnessQuestions(_ line: CheckInLine, _ checkIn: CheckIn) {
        hits.block(screen)
        canvas.fill(screen, Colour(0, 0, 0, 170))
        let box = screen.inset(metrics.margin)
        canvas.fillRounded(box, radius: metrics.px(14), Theme.surface)
        let inner = box.inset(metrics.px(10))
        let (head, rows) = inner.splitTop(metrics.target, gap: metrics.px(6))
        let buttonW = max(metrics.target + metrics.px(40), canvas.measure(tr("Cancel"), size: metrics.body, bold: true) + metrics.px(32))
        let (left, cancel) = head.splitRight(buttonW, gap: metrics.gap)
        let (title, save) = left.splitRight(buttonW, gap: metrics.gap)
        let who = state.settings.values.showAliases ? "#\(line.number)" : "#\(line.number) \(line.name)"
        canvas.text(tr("{player}: how are you this morning?", ["player": who]), size: metrics.title, bold: true, in: title)
        let complete = checkIn.answers != nil
        button(tr("Save"), save, complete ? .checkIn(.save) : nil, style: complete ? .primary : .disabled)
        button(tr("Cancel"), cancel, .checkIn(.cancelPick))
        let labelW = max(metrics.px(120), rows.w * 17 / 100)
        for (item, row) in zip(WellnessItem.allCases, rows.rows(WellnessItem.allCases.count, gap: metrics.px(6))) {
            let (label, buttons) = row.splitLeft(labelW, gap: metrics.gap)
            wrappedText(tr(item.title), size: metrics.body, in: label.inset(dx: 0, dy: metrics.px(4)), bold: true)
            for (value, cell) in zip(WellnessItem.scale, buttons.columns(WellnessItem.scale.count, gap: metrics.px(6))) {
                wellnessButton(item, value, in: cell, chosen: checkIn.draft(item) == value)
            }
        }
    }

    /// One answer: its number and words; colder to warmer down the scale, the chosen one highlighted.
    private func wellnessButton(_ item: WellnessItem, _ value: Int, in r: Rect, chosen: Bool) {
        let colour = Theme.surfaceHigh.mixed(with: Theme.danger, Double(WellnessItem.scale.upperBound - value) / 12)
        canvas.fillRounded(r, radius: metrics.px(10), chosen ? Theme.accent : colour)
        let (numberBox, wordBox) = r.inset(dx: metrics.px(4), dy: metrics.px(3)).splitLeft(metrics.px(26))
        canvas.text("\(value)", size: min(numberBox.h * 6 / 10, metrics.px(30)), bold: true, in: numberBox, align: .center)
        if let words = item.words(value) { buttonWords(tr(words), in: wordBox) }
        hits.add(Hit(rect: r, label: "wellness:\(item.rawValue):\(value)", action: .checkIn(.answer(item, value))))
    }

    /// `words` in three lines, each within `width` at `size` (greedy, as they come); nil when they need more or fewer.
    private func threeLines(_ words: String, size: Int, width: Int) -> [String]? {
        var lines: [String] = []
        for word in words.split(separator: " ").map(String.init) {
            if let last = lines.last, canvas.measure(last + " " + word, size: size) <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines.count == 3 && lines.allSatisfy({ canvas.measure($0, size: size) <= width }) ? lines : nil
    }

    /// Words on a button: one line when they fit, else two split where the wider line is narrowest,
    /// shrunk no further than readable; three where two would still be wider than the button ("Less / interested /
    /// than usual").
    private func buttonWords(_ words: String, in box: Rect) {
        let readable = metrics.readableText
        var size = min(metrics.small, box.h * 4 / 10)
        if canvas.measure(words, size: size) <= box.w {
            canvas.text(words, size: size, colour: Theme.text, in: box)
            return
        }
        let splits = words.indices.filter { words[$0] == " " }.map { [String(words[..<$0]), String(words[words.index(after: $0)...])] }
        guard let lines = splits.min(by: { a, b in
            a.map { canvas.measure($0, size: size) }.max()! < b.map { canvas.measure($0, size: size) }.max()!
        }) else {
            canvas.text(words, size: readable, colour: Theme.text, in: box)
            return
        }
        while size > readable, lines.contains(where: { canvas.measure($0, size: size) > box.w }) { size -= 1 }
        let three = threeLines(words, size: readable, width: box.w)
        if lines.contains(where: { canvas.measure($0, size: size) > box.w }), let three,
           3 * canvas.measuredHeight(words, size: readable) <= box.h {
            for (text, third) in zip(three, box.rows(3, gap: 0)) { canvas.text(text, size: readable, colour: Theme.text, in: third) }
            return
        }
        for (text, half) in zip(lines, box.rows(2, gap: 0)) { canvas.text(text, size: size, colour: Theme.text, in: half) }
    }
}

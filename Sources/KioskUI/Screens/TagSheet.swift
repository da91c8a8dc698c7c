import Localization
import AppCore
import TeamCore

/// The session's context tags: a bar in the lobby that says what is chosen, and the sheet
/// where each is one tap (moment, kind, posture) plus a typed word.
extension Frame {
    /// Tags as people read them, in the kiosk's language: "After training · Match · Sitting"; a typed word as typed.
    static func tagText(_ tags: [String]) -> String {
        tags.map(tagWord).joined(separator: " · ")
    }

    /// The tags as wide as `width` allows at `size`, else at the small readable size: every word whole; else the
    /// moment's short form ("Nachher" for "Nach dem Training"); else without the coach's typed word, then the
    /// last tags left off (the sheet, the review and its filter keep them all); the last form is drawn however
    /// long, shrunk by the canvas, never cut.
    func fittingTagText(_ tags: [String], width: Int, size: Int, bold: Bool = false) -> String {
        let forms = Self.tagForms(tags)
        for s in [size, min(size, metrics.small - metrics.px(2))] {
            if let form = forms.first(where: { canvas.measure($0, size: s, bold: bold) <= width }) { return form }
        }
        return forms[forms.count - 1]
    }

    /// The tags' wordings, longest first (`fittingTagText`).
    static func tagForms(_ tags: [String]) -> [String] {
        let known = tags.filter { SessionTags.Moment(rawValue: $0) != nil || SessionTags.Kind(rawValue: $0) != nil
            || SessionTags.Posture(rawValue: $0) != nil }
        let fewer = stride(from: known.count, through: 1, by: -1).map { known.prefix($0).map(shortTagWord).joined(separator: " · ") }
        return [tagText(tags), tags.map(shortTagWord).joined(separator: " · ")] + fewer
    }

    /// A tag in a narrow line: the moment short ("After" — German, French and Spanish say it in one word), a training
    /// as the language shortens it (French's "Entraînement" does not fit half the lobby's row), the rest whole.
    static func shortTagWord(_ tag: String) -> String {
        switch SessionTags.Moment(rawValue: tag) {
        case .beforeTraining: return tr("Before training", context: "short, a tag line")
        case .afterTraining: return tr("After training", context: "short, a tag line")
        case nil:
            if SessionTags.Kind(rawValue: tag) == .training { return tr("Training", context: "short, a tag line") }
            return tagWord(tag)
        }
    }

    static func tagWord(_ tag: String) -> String {
        if let moment = SessionTags.Moment(rawValue: tag) { return tr(moment.label) }
        if let kind = SessionTags.Kind(rawValue: tag) { return tr(kind.label) }
        if let posture = SessionTags.Posture(rawValue: tag) { return tr(posture.label) }
        return tag.replacingOccurrences(of: "-", with: " ")
    }

    /// The lobby's bar: what the next session will be tagged with; a tap opens the sheet.
    func tagBar(_ r: Rect) {
        let tags = state.lobby.tags
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        let inner = r.inset(dx: metrics.px(14), dy: 0)
        let (label, rest) = inner.splitLeft(canvas.measure(tr("Tags"), size: metrics.body, bold: true) + metrics.px(16))
        canvas.text(tr("Tags"), size: metrics.body, bold: true, colour: Theme.textDim, in: label)
        // The bar is half the row beside "Needs attention": the long hint where it fits, else a shorter one; where
        // even "none" has no room beside "Edit ›" (longer words), the bar's arrow alone says it opens.
        let hints = tags.isEmpty ? [tr("none — tap to say what this session is"), tr("none — tap to choose"), tr("none", context: "no tags")] : []
        var editLabel = tr("Edit ›")
        // As wide as the language's "Edit ›" ("Ändern ›"), so the words beside it never run under it.
        var (textBox, edit) = rest.splitRight(max(metrics.px(72), canvas.measure(editLabel, size: metrics.small, bold: true) + metrics.px(8)))
        let shortest = tags.isEmpty ? hints[2] : Self.tagForms(tags.tags).last ?? ""
        if canvas.measure(shortest, size: metrics.small, bold: !tags.isEmpty) > textBox.w {
            (textBox, edit) = rest.splitRight(metrics.px(24))
            editLabel = "›"
        }
        if tags.isEmpty {
            let hint = hints.first { canvas.measure($0, size: metrics.small) <= textBox.w } ?? hints[2]
            canvas.text(hint, size: metrics.small, colour: Theme.textDim, in: textBox)
        } else {
            canvas.text(fittingTagText(tags.tags, width: textBox.w, size: metrics.body, bold: true), size: metrics.body, bold: true, in: textBox)
        }
        canvas.text(editLabel, size: editLabel == "›" ? metrics.body : metrics.small, bold: true, colour: Theme.accent.mixed(with: Theme.text, 0.4),
                    in: edit, align: .right)
        hits.add(Hit(rect: r, label: "Tags", action: .lobby(.tags(.edit(true)))))
    }

    /// The sheet over the lobby: every choice one tap, the chosen one again to clear it.
    func tagSheet() {
        let (done, body) = sheet(title: tr("Session tags"), hint: tr("One tap each, again to clear · compare like with like"),
                                 buttonsWidth: metrics.px(150))
        button(tr("Done"), done, .lobby(.tags(.edit(false))), style: .primary)
        let tags = state.lobby.tags
        let rows = body.rows(4, gap: metrics.gap)
        choiceRow(rows[0], tr("Moment"), nil, hitPrefix: "tag:",
                  SessionTags.Moment.allCases.map { ($0.label, .lobby(.tags(.moment($0))), tags.moment == $0) })
        choiceRow(rows[1], tr("Kind"), nil, hitPrefix: "tag:",
                  SessionTags.Kind.choosable.map { ($0.label, .lobby(.tags(.kind($0))), tags.kind == $0) })
        choiceRow(rows[2], tr("Posture"), tr("at rest"), hitPrefix: "tag:",
                  SessionTags.Posture.allCases.map { ($0.label, .lobby(.tags(.posture($0))), tags.posture == $0) })
        let (label, choices) = rows[3].splitLeft(rows[3].w / 5, gap: metrics.gap)
        canvas.text(tr("Word"), size: metrics.body, bold: true, in: label)
        let (wordBox, clearBox) = choices.splitRight(choices.w / 3, gap: metrics.gap)
        if let word = tags.word {
            button(word, wordBox, .form(.typeTagWord), style: .primary, hitLabel: "Word")
            button(tr("Clear word"), clearBox, .lobby(.tags(.word(nil))), style: .quiet)
        } else {
            button(tr("+ Type a word"), wordBox, .form(.typeTagWord), hitLabel: "Word")
        }
    }

    /// A row of one-tap choices, the chosen one marked, with its title (and a word under it) on the
    /// left; each target is called `hitPrefix` + its label.
    func choiceRow(_ r: Rect, _ title: String, _ detail: String?, hitPrefix: String, _ options: [(String, Action, Bool)]) {
        let (label, choices) = r.splitLeft(r.w / 5, gap: metrics.gap)
        if let detail {
            let (top, bottom) = label.splitTop(label.h * 11 / 20)
            canvas.text(title, size: metrics.body, bold: true, in: top)
            canvas.text(detail, size: metrics.small, colour: Theme.textDim, in: bottom)
        } else {
            canvas.text(title, size: metrics.body, bold: true, in: label)
        }
        for (cell, option) in zip(choices.columns(options.count, gap: metrics.gap), options) {
            // Drawn in the kiosk's language; scripts call it by its English label.
            button(tr(option.0), cell, option.1, style: option.2 ? .primary : .normal, hitLabel: hitPrefix + option.0)
        }
    }
}

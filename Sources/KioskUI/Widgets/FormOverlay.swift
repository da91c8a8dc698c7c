import TeamCore

/// A form on top of the screen with the on-screen keyboard or number pad below it.
extension Frame {
    func formOverlay(_ form: Form) {
        hits.block(screen)
        canvas.fill(screen, Theme.background)
        let keyboardH = metrics.height * 48 / 100
        let (top, keyboardArea) = screen.splitBottom(keyboardH)
        let panel = top.inset(metrics.margin)
        let (titleRow, body) = panel.splitTop(metrics.px(52), gap: metrics.px(6))
        let (titleBox, actions) = titleRow.splitRight(metrics.px(260))
        canvas.text(form.title, size: metrics.title, bold: true, in: titleBox)
        let ab = actions.columns(2, gap: metrics.gap)
        // Touched from the screen's top edge down to the fields.
        func touch(_ b: Rect) -> Rect { Rect(b.x, 0, b.w, b.maxY + metrics.px(3)) }
        button("Cancel", ab[0], .form(.cancel), touch: touch(ab[0]))
        button("Save", ab[1], .form(.submit), style: .primary, touch: touch(ab[1]))
        var fieldsArea = body
        if !form.problems.isEmpty {
            let (fields, problems) = body.splitBottom(metrics.px(26))
            fieldsArea = fields
            canvas.text("⚠ " + form.problems.joined(separator: "; "), size: metrics.small, bold: true, colour: Colour(hex: 0xFF8A80), in: problems)
        }
        let slots = form.fields.count + (isPlayer(form) ? 1 : 0)
        let columns = slots > 4 ? 4 : slots
        let rows = (slots + columns - 1) / columns
        let cells = fieldsArea.rows(rows, gap: metrics.px(6)).flatMap { $0.columns(columns, gap: metrics.px(6)) }
        for (field, cell) in zip(form.fields, cells) {
            let focused = form.focus == field
            canvas.fillRounded(cell, radius: metrics.px(8), focused ? Theme.surfaceHigh : Theme.surface)
            if focused { canvas.stroke(cell, Theme.accent, width: metrics.px(3)) }
            let (label, value) = cell.inset(dx: metrics.px(8), dy: metrics.px(2)).splitTop(cell.h * 2 / 5)
            canvas.text(field.label, size: metrics.small - metrics.px(3), colour: Theme.textDim, in: label)
            canvas.text(form.value(field) + (focused ? "▏" : ""), size: metrics.body, bold: true, in: value)
            hits.add(Hit(rect: cell, label: "field:\(field.label)", action: .form(.focus(field))))
        }
        if isPlayer(form), cells.count > form.fields.count {
            let cell = cells[form.fields.count]
            let halves = cell.columns(2, gap: metrics.px(4))
            button("F", halves[0], .form(.setSex(.female)), style: form.sex == .female ? .primary : .normal, hitLabel: "sex:F")
            button("M", halves[1], .form(.setSex(.male)), style: form.sex == .male ? .primary : .normal, hitLabel: "sex:M")
        }
        guard let focus = form.focus else { return }
        if focus.isNumeric {
            numberPad(keyboardArea.inset(metrics.px(6)), form: form, field: focus)
        } else {
            letterKeyboard(keyboardArea.inset(metrics.px(6)), value: form.value(focus), form: form, field: focus)
        }
    }

    private func isPlayer(_ form: Form) -> Bool {
        if case .player = form.kind { return true }
        return false
    }

    private func nextFieldAction(_ form: Form, _ field: Form.Field) -> Action {
        guard let i = form.fields.firstIndex(of: field), i + 1 < form.fields.count else { return .form(.submit) }
        return .form(.focus(form.fields[i + 1]))
    }

    /// The one deliberate exception to ≥ 64 px targets, at 800×480 only.
    static let keySmallBecause = "keyboard and number pad keys: typing is only for set-up, never during a session, and four rows of "
        + "64 px keys would leave the form's own fields under 64 px at 800×480"

    private func letterKeyboard(_ area: Rect, value: String, form: Form, field: Form.Field) {
        canvas.fill(area.inset(-metrics.px(6)), Theme.surface)
        let rows = ["QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM'."]
        let rowRects = area.rows(4, gap: metrics.px(5))
        // Capital at the start of a word unless shift says otherwise.
        let capital = (value.isEmpty || value.hasSuffix(" ") || value.hasSuffix("-")) != view.shift
        for (row, rect) in zip(rows, rowRects) {
            let keys = Array(row)
            let cells = rect.columns(10, gap: metrics.px(5))
            for (key, cell) in zip(keys, cells) {
                let text = capital ? String(key) : String(key).lowercased()
                button(text, cell, .form(.key(text)), size: metrics.body + metrics.px(2), hitLabel: "key:\(key)", smallBecause: Self.keySmallBecause)
            }
            if keys.count == 9 {
                button("⌫", cells[9], .form(.backspace), hitLabel: "key:⌫", smallBecause: Self.keySmallBecause)
            }
        }
        let bottom = rowRects[3]
        let (shiftBox, rest) = bottom.splitLeft(bottom.w / 6, gap: metrics.px(5))
        let (space, next) = rest.splitRight(bottom.w / 5, gap: metrics.px(5))
        button("⇧", shiftBox, nil, style: view.shift ? .primary : .normal, hitLabel: "key:shift", smallBecause: Self.keySmallBecause)
        button("space", space, .form(.key(" ")), hitLabel: "key:space", smallBecause: Self.keySmallBecause)
        button("Next ›", next, nextFieldAction(form, field), style: .primary, hitLabel: "key:next", smallBecause: Self.keySmallBecause)
    }

    private func numberPad(_ area: Rect, form: Form, field: Form.Field) {
        canvas.fill(area.inset(-metrics.px(6)), Theme.surface)
        let padW = min(area.w, metrics.px(420))
        let pad = Rect(area.x + (area.w - padW) / 2, area.y, padW, area.h)
        let (keysArea, side) = pad.splitRight(padW / 4, gap: metrics.px(5))
        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", field == .weightKg ? "." : "", "0", "⌫"]
        let cells = keysArea.rows(4, gap: metrics.px(5)).flatMap { $0.columns(3, gap: metrics.px(5)) }
        for (key, cell) in zip(keys, cells) where !key.isEmpty {
            button(key, cell, key == "⌫" ? .form(.backspace) : .form(.key(key)), size: metrics.title, hitLabel: "key:\(key)", smallBecause: Self.keySmallBecause)
        }
        button("Next ›", side, nextFieldAction(form, field), style: .primary, hitLabel: "key:next")
    }

    func pinPad(_ pin: PinEntry) {
        hits.block(screen)
        canvas.fill(screen, Colour(0, 0, 0, 170))
        let w = min(metrics.width - 2 * metrics.margin, metrics.px(360)), h = metrics.height - 2 * metrics.margin
        let box = Rect((metrics.width - w) / 2, metrics.margin, w, h)
        canvas.fillRounded(box, radius: metrics.px(14), Theme.surface)
        let inner = box.inset(metrics.px(12))
        let (titleRow, rest) = inner.splitTop(metrics.px(34))
        let title: String
        let expected: Int
        switch pin.purpose {
        case .unlock:
            title = pin.wrong ? "Wrong PIN — try again" : "Settings PIN"
            expected = 4 // not the real length: the pad does not tell a stranger how long the PIN is
        case .chooseNew:
            title = pin.wrong ? "They differ — new PIN again" : "New PIN, \(KioskSettings.padPinLength) digits"
            expected = KioskSettings.padPinLength
        case .repeatNew(let first):
            title = "Repeat the new PIN"
            expected = first.count
        case .authorize(let what, _):
            title = pin.wrong ? "Wrong PIN — try again" : "PIN to \(what)"
            expected = 4
        }
        canvas.text(title, size: metrics.body, bold: true,
                    colour: pin.wrong ? Colour(hex: 0xFF8A80) : Theme.text, in: titleRow, align: .center)
        let (dotsRow, keysArea) = rest.splitTop(metrics.px(30), gap: metrics.px(6))
        let dots = String(repeating: "● ", count: pin.digits.count) + String(repeating: "○ ", count: max(0, expected - pin.digits.count))
        canvas.text(dots, size: metrics.body, bold: true, in: dotsRow, align: .center)
        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "Cancel", "0", "⌫"]
        let cells = keysArea.rows(4, gap: metrics.px(6)).flatMap { $0.columns(3, gap: metrics.px(6)) }
        for (key, cell) in zip(keys, cells) {
            let action: Action = key == "Cancel" ? .settings(.pinCancel) : (key == "⌫" ? .settings(.pinBackspace) : .settings(.pinKey(key)))
            button(key, cell, action, style: key == "Cancel" ? .quiet : .normal, size: key.count > 1 ? metrics.small : metrics.title,
                   hitLabel: key.count == 1 || key == "⌫" ? "pin:\(key)" : key)
        }
    }
}

import Localization
import AppCore
import TeamCore

/// A form on top of the screen with the on-screen keyboard or number pad below it.
extension Frame {
    func formOverlay(_ form: Form) {
        hits.block(screen)
        canvas.fill(screen, Theme.background)
        canvas.coverAll()
        // Four rows of keys, each touched with half the gap around it: at least a gloved finger's 64 px.
        // A strap's label ("Box A 7"), a drill's name ("SSG 4v4"), a server's address and a code take digits: a fifth row of keys above the letters.
        let keyRows = form.focus?.takesDigits == true ? 5 : 4
        let keyboardH = max(metrics.height * 48 / 100, keyRows * (metrics.target - keyGap) + (keyRows - 1) * keyGap + 2 * metrics.px(6))
        let (top, keyboardArea) = screen.splitBottom(keyboardH)
        let panel = top.inset(metrics.margin)
        let (titleRow, body) = panel.splitTop(metrics.px(52), gap: metrics.px(6))
        let (titleBox, actions) = titleRow.splitRight(metrics.px(260))
        // What is wrong takes the title's place, so the fields keep their height.
        if form.problems.isEmpty {
            var title = titleBox
            if isPlayer(form) {
                // The player's zones in bpm as typed, under the current zone model and HRmax formula
                // (issue 25), beside the title: a row of their own would take the fields below a
                // gloved finger's 64 px at 800×480.
                let zones: Rect
                // The chips keep room for their shortest wording ("Z5 176+") at the readable size (and a few pixels the
                // columns' rounding takes); a longer title (German's) gives way, on two lines, never the chips cut.
                let chipsLeast = 5 * (canvas.measure("Z5 188+", size: metrics.readableText, bold: true) + 2 * max(2, metrics.px(4))
                                      + max(2, metrics.px(3))) + metrics.px(12)
                (title, zones) = titleBox.splitLeft(min(canvas.measure(form.title, size: metrics.title, bold: true) + metrics.gap,
                                                        titleBox.w - chipsLeast))
                playerZones(form, in: zones)
            }
            // A title too long for its room beside the chips (French's "Nouveau joueur, sans équipe") on two lines.
            if canvas.measure(form.title, size: metrics.title, bold: true) <= title.w
                || ![metrics.body, metrics.small].contains(where: { textOnTwoLines(form.title, size: $0, bold: true, in: title) }) {
                canvas.text(form.title, size: metrics.title, bold: true, in: title)
            }
        } else {
            let problems = "⚠ " + form.problems.map(\.translated).joined(separator: "; "), warning = Colour(hex: 0xFF8A80)
            if canvas.measure(problems, size: metrics.small, bold: true) <= titleBox.w {
                canvas.text(problems, size: metrics.small, bold: true, colour: warning, in: titleBox)
            } else {
                wrappedText(problems, size: metrics.small, in: titleBox.inset(dx: 0, dy: metrics.px(2)), colour: warning, bold: true)
            }
        }
        let ab = actions.columns(2, gap: metrics.gap)
        // Touched from the screen's top edge down to the fields.
        func touch(_ b: Rect) -> Rect { Rect(b.x, 0, b.w, b.maxY + metrics.px(3)) }
        button(tr("Cancel"), ab[0], .form(.cancel), touch: touch(ab[0]))
        button(form.submitLabel, ab[1], .form(.submit), style: .primary, touch: touch(ab[1]))
        let slots = form.fields.count + (isPlayer(form) ? 1 : 0)
        // A player's ten slots (consent's two too) in two rows of five: three rows would take the fields below 64 px at 800×480.
        let columns = slots > 8 ? 5 : min(slots, 4)
        let rows = (slots + columns - 1) / columns
        let cells = body.rows(rows, gap: keyGap).flatMap { $0.columns(columns, gap: keyGap) }
        for (field, cell) in zip(form.fields, cells) {
            let focused = form.focus == field
            canvas.fillRounded(cell, radius: metrics.px(8), focused ? Theme.surfaceHigh : Theme.surface)
            if focused { canvas.stroke(cell, Theme.accent, width: metrics.px(3)) }
            let (label, value) = cell.inset(dx: metrics.px(8), dy: metrics.px(2)).splitTop(cell.h * 2 / 5)
            canvas.text(fieldLabel(field, width: label.w), size: metrics.small - metrics.px(3), colour: Theme.textDim, in: label)
            // A weight is kept with a point ("66.6"), shown with the language's mark ("66,6").
            let typed = field == .weightKg ? Localization.current.withDecimalMark(form.value(field)) : form.value(field)
            canvas.text(fittingTail(typed + (focused ? "▏" : ""), size: metrics.body, bold: true, width: value.w),
                        size: metrics.body, bold: true, in: value)
            hits.add(Hit(rect: keyTouch(cell), label: "field:\(field.label)", action: .form(.focus(field))))
        }
        if isPlayer(form), cells.count > form.fields.count {
            let cell = cells[form.fields.count]
            let halves = cell.columns(2, gap: keyGap)
            button("F", halves[0], .form(.setSex(.female)), style: form.sex == .female ? .primary : .normal, hitLabel: "sex:F", touch: keyTouch(halves[0]))
            button("M", halves[1], .form(.setSex(.male)), style: form.sex == .male ? .primary : .normal, hitLabel: "sex:M", touch: keyTouch(halves[1]))
        }
        guard let focus = form.focus else { return }
        if focus.isNumeric {
            numberPad(keyboardArea.inset(metrics.px(6)), form: form, field: focus)
        } else {
            letterKeyboard(keyboardArea.inset(metrics.px(6)), value: form.value(focus), form: form, field: focus)
        }
    }

    /// A field's label, or the translator's short form where it has one and the whole does not fit at the readable
    /// size (French's "Date du consentement").
    private func fieldLabel(_ field: Form.Field, width: Int) -> String {
        let whole = tr(field.label)
        guard field == .consentDay, canvas.measure(whole, size: metrics.readableText) > width else { return whole }
        return tr("Consent date", context: "short, a field's label")
    }

    /// The end of `text` that fits `width` ("…" before it when some is cut): what is being typed shows.
    func fittingTail(_ text: String, size: Int, bold: Bool, width: Int) -> String {
        guard canvas.measure(text, size: size, bold: bold) > width else { return text }
        var tail = Substring(text)
        while !tail.isEmpty, canvas.measure("…" + tail, size: size, bold: bold) > width { tail = tail.dropFirst() }
        return "…" + tail
    }

    /// "Zones, %HRmax, HRmax 188 (Tanaka)" over the five zones' chips; a hint while the figures are not numbers yet.
    private func playerZones(_ form: Form, in row: Rect) {
        let settings = state.settings.values
        guard let physiology = form.draftPhysiology(year: state.year, formula: settings.maxFormula) else {
            wrappedText(tr("Zones in bpm once the birth year and the resting HR are numbers"), size: metrics.small - metrics.px(2),
                        in: row, colour: Theme.textDim)
            return
        }
        let model = Self.zoneModelName(settings.zoneModel)
        let source = physiology.maxSource == .measured ? tr("measured") : physiology.maxSource.rawValue.capitalized
        let (label, chips) = row.splitTop(row.h * 2 / 5)
        canvas.text(tr("Zones · {model} · max {n} ({source})", ["model": model, "n": "\(Int(physiology.maxHR.rounded()))", "source": source]), size: metrics.small - metrics.px(3),
                    bold: true, colour: Theme.textDim, in: label)
        zoneChips(physiology, model: settings.zoneModel, in: chips, maxText: metrics.small - metrics.px(2))
    }

    private func isPlayer(_ form: Form) -> Bool { form.kind.isPlayer }

    private func nextFieldAction(_ form: Form, _ field: Form.Field) -> Action {
        guard let i = form.fields.firstIndex(of: field), i + 1 < form.fields.count else { return .form(.submit) }
        return .form(.focus(form.fields[i + 1]))
    }

    /// The gap between keys (and fields); each is touched with half of it on every side.
    private var keyGap: Int { metrics.px(6) }

    private func keyTouch(_ key: Rect) -> Rect { key.inset(dx: -keyGap / 2, dy: -keyGap / 2) }

    private func letterKeyboard(_ area: Rect, value: String, form: Form, field: Form.Field) {
        canvas.fill(area.inset(-metrics.px(6)), Theme.surface)
        let digits = field.takesDigits
        // An address or a code: its symbols where a name has an apostrophe and a full stop (the stop moves down).
        let rows = (digits ? ["1234567890"] : []) + ["QWERTYUIOP", "ASDFGHJKL-", field.isMachineText ? "ZXCVBNM:/" : "ZXCVBNM'."]
        let rowRects = area.rows(rows.count + 1, gap: keyGap)
        let capital = form.capitalNext(shift: view.shift)
        for (row, rect) in zip(rows, rowRects) {
            let keys = Array(row)
            let cells = rect.columns(10, gap: keyGap)
            for (key, cell) in zip(keys, cells) {
                let text = capital ? String(key) : String(key).lowercased()
                button(text, cell, .form(.key(text)), size: metrics.body + metrics.px(2), hitLabel: "key:\(key)", touch: keyTouch(cell))
            }
            if keys.count == 9 {
                button("⌫", cells[9], .form(.backspace), hitLabel: "key:⌫", touch: keyTouch(cells[9]))
            }
        }
        let bottom = rowRects[rows.count]
        let (shiftBox, rest) = bottom.splitLeft(bottom.w / 6, gap: keyGap)
        let (space, next) = rest.splitRight(bottom.w / 5, gap: keyGap)
        button("⇧", shiftBox, nil, style: view.shift ? .primary : .normal, hitLabel: "key:shift", touch: keyTouch(shiftBox))
        if field.isMachineText {
            let (stop, underscore) = space.splitRight(space.w / 3, gap: keyGap)
            button(".", stop, .form(.key(".")), size: metrics.body + metrics.px(2), hitLabel: "key:.", touch: keyTouch(stop))
            button("_", underscore, .form(.key("_")), size: metrics.body + metrics.px(2), hitLabel: "key:_", touch: keyTouch(underscore))
        } else {
            button(tr("space"), space, .form(.key(" ")), hitLabel: "key:space", touch: keyTouch(space))
        }
        button(tr("Next ›"), next, nextFieldAction(form, field), style: .primary, hitLabel: "key:next", touch: keyTouch(next))
    }

    private func numberPad(_ area: Rect, form: Form, field: Form.Field) {
        canvas.fill(area.inset(-metrics.px(6)), Theme.surface)
        let padW = min(area.w, metrics.px(420))
        let pad = Rect(area.x + (area.w - padW) / 2, area.y, padW, area.h)
        let (keysArea, side) = pad.splitRight(padW / 4, gap: keyGap)
        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", field == .weightKg ? "." : "", "0", "⌫"]
        let cells = keysArea.rows(4, gap: keyGap).flatMap { $0.columns(3, gap: keyGap) }
        for (key, cell) in zip(keys, cells) where !key.isEmpty {
            // The point key types the kept point and wears the language's mark (",").
            button(key == "." ? Localization.current.decimalMark : key, cell, key == "⌫" ? .form(.backspace) : .form(.key(key)), size: metrics.title, hitLabel: "key:\(key)", touch: keyTouch(cell))
        }
        button(tr("Next ›"), side, nextFieldAction(form, field), style: .primary, hitLabel: "key:next")
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
            title = pin.wrong ? tr("Wrong PIN — try again") : tr("Settings PIN")
            expected = 4 // not the real length: the pad does not tell a stranger how long the PIN is
        case .chooseNew:
            title = pin.wrong ? tr("They differ — new PIN again") : tr("New PIN, {n} digits", ["n": "\(KioskSettings.padPinLength)"])
            expected = KioskSettings.padPinLength
        case .repeatNew(let first):
            title = tr("Repeat the new PIN")
            expected = first.count
        case .authorize(let what, _):
            title = pin.wrong ? tr("Wrong PIN — try again") : tr("PIN to {what}", ["what": tr(what)])
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
            button(key == "Cancel" ? tr("Cancel") : key, cell, action, style: key == "Cancel" ? .quiet : .normal, size: key.count > 1 ? metrics.small : metrics.title,
                   hitLabel: key.count == 1 || key == "⌫" ? "pin:\(key)" : key)
        }
    }
}

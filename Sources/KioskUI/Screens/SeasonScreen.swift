import Localization
import AppCore
import TeamCore

/// Review → "Season": the team's training load, load status and readiness, a row a player, sorted
/// by any column (tap its heading; again turns the order round); a row opens the player's history.
extension Frame {
    func seasonScreen() {
        if state.season.historyPlayerID != nil {
            playerHistoryScreen()
        } else {
            seasonTable()
        }
        notice()
    }

    private func seasonTable() {
        let team = state.team
        let day = state.season.table.map { " · " + Self.seasonDayText($0.day) } ?? ""
        let area = topBar(title: tr("{team} · season", ["team": team?.team.name ?? ""]) + day, colour: team.map { Colour($0.team.colour) },
                          back: (tr("‹ Sessions"), .navigate(.review)),
                          trailing: [(tr("Check-in"), .navigate(.checkIn), .normal), (tr("Lobby"), .navigate(.lobby), .normal)])
        guard state.season.table != nil else {
            canvas.text(tr("Adding up the season…"), size: metrics.body, colour: Theme.textDim, in: area, align: .center)
            return
        }
        let lines = state.season.shownLines
        let (headingRow, rest) = area.splitTop(metrics.target, gap: metrics.px(4))
        let footnoteText = tr("Today: TRIMP · sRPE: RPE × min · Strain 7 d, Tolerance 28 d · ACWR by EWMA · Wellness 5–25, z vs own 28 d — guidance, not a diagnosis")
        let footnoteSize = metrics.small - metrics.px(3)
        // On two lines where one would take it under the readable size.
        let footnoteLines = canvas.measure(footnoteText, size: footnoteSize) > headingRow.w ? 2 : 1
        let (listArea, footnote) = rest.splitBottom(metrics.px(footnoteLines == 1 ? 22 : 38), gap: metrics.px(4))
        let columns = Self.seasonColumns(headingRow.inset(dx: metrics.px(12), dy: 0))
        // One size for every heading and one for every name (the longest decides): a row whose
        // texts do not change size from cell to cell. Headings too wide for their column at the readable size
        // take turns on two lines, each as wide as two columns.
        let labels = columns.map { column, _ in seasonHeadingLabel(column) }
        let staggered = zip(labels, columns).contains { canvas.measure($0, size: metrics.readableText, bold: true) > $1.1.w }
        let boxes = columns.enumerated().map { i, column in
            Self.seasonHeadingBox(column.1, index: i, staggered: staggered, within: headingRow)
        }
        let headingSize = commonSize(zip(labels, boxes).map { ($0, $1.w) }, max: metrics.small, min: metrics.readableText, bold: true)
        for ((column, r), box) in zip(columns, boxes) {
            // The heading takes touches over its whole column, the gap beside it included.
            seasonHeading(column, box, size: headingSize, touch: Rect(r.x, headingRow.y, r.w + 6, headingRow.h))
        }
        var names: (index: Int, size: Int)?
        if lines.isEmpty {
            canvas.text(tr("No players on the roster"), size: metrics.body, colour: Theme.textDim, in: listArea, align: .center)
        }
        // A list of its own for each order, so a new order starts at its top.
        list(id: "season-\(state.season.sort.rawValue)-\(state.season.descending)", area: listArea, rowHeight: metrics.target, count: lines.count) { i, r in
            let fit = names ?? {
                let width = Self.seasonColumns(r.inset(dx: metrics.px(12), dy: metrics.px(6)))[0].1.w
                return commonForms(lines.map(Self.seasonNames), widths: lines.map { _ in width }, max: metrics.body - metrics.px(2),
                                   readable: metrics.small, bold: true)
            }()
            names = fit
            seasonRow(lines[i], r, name: (Self.seasonNames(lines[i])[fit.index], fit.size))
            hits.add(Hit(rect: r, label: lines[i].name, action: .season(.openPlayer(lines[i].playerID))))
        }
        if footnoteLines == 1 {
            canvas.text(footnoteText, size: footnoteSize, colour: Theme.textDim, in: footnote)
        } else {
            wrappedText(footnoteText, size: footnoteSize, in: footnote, colour: Theme.textDim)
        }
    }

    /// Where a column's heading goes: its column; staggered, the top or bottom half of the row in turn, as wide as
    /// two columns around its own middle (its neighbours are on the other line), inside the row. The player's column
    /// keeps its left edge.
    static func seasonHeadingBox(_ r: Rect, index: Int, staggered: Bool, within row: Rect) -> Rect {
        guard staggered else { return r }
        let y = index % 2 == 0 ? row.y : row.y + row.h / 2
        guard index > 0 else { return Rect(r.x, y, r.w, row.h / 2) }
        let x = max(row.x, r.midX - r.w), maxX = min(row.maxX, r.midX + r.w)
        return Rect(x, y, maxX - x, row.h / 2)
    }

    /// Each column's share of a row, left to right.
    static func seasonColumns(_ r: Rect) -> [(SeasonColumn, Rect)] {
        // No column under 9 %: its heading, a touch target, keeps ≥ 64 px at 800×480.
        // TRIMP ("Today") and sRPE side by side: the heart's load and the player's own, one number a day each.
        // Morning wellness beside readiness: the player's own word and the heart's, both of the morning.
        // The status wide enough for its longest word ("overreaching", "Überlastung") at a readable size; the names
        // shorten ("14  Luca Z.") instead.
        let shares: [(SeasonColumn, Int)] = [(.player, 11), (.today, 9), (.srpe, 9), (.strain, 9), (.tolerance, 10), (.status, 15),
                                             (.acwr, 9), (.readiness, 10), (.wellness, 9), (.last, 9)]
        var x = r.x
        return shares.map { column, share in
            let w = r.w * share / 100
            defer { x += w }
            return (column, Rect(x, r.y, w - 6, r.h))
        }
    }

    /// A column's heading, with the order's arrow on the sorted one.
    private func seasonHeadingLabel(_ column: SeasonColumn) -> String {
        guard state.season.sort == column else { return Self.seasonHeadingText(column) }
        return Self.seasonHeadingText(column) + (state.season.descending ? " ▼" : " ▲")
    }

    private func seasonHeading(_ column: SeasonColumn, _ r: Rect, size: Int, touch: Rect) {
        let sorted = state.season.sort == column
        canvas.text(seasonHeadingLabel(column), size: size, bold: true, colour: sorted ? Theme.text : Theme.textDim, in: r,
                    align: column == .player ? .left : .center)
        hits.add(Hit(rect: touch, label: "sort:\(column.rawValue)", action: .season(.sort(column))))
    }

    static func seasonHeadingText(_ column: SeasonColumn) -> String {
        switch column {
        case .player: tr("Player")
        case .today: tr("Today")
        case .srpe: "sRPE"
        case .strain: tr("Strain", context: "table header, short")
        case .tolerance: tr("Tolerance", context: "table header, short")
        case .status: tr("Status")
        case .acwr: tr("ACWR")
        case .readiness: tr("Readiness")
        case .wellness: tr("Wellness")
        case .last: tr("Last")
        }
    }

    /// A row's name from longest to shortest ("14  Luca Zielinski", "14  Luca Z.", "14  Luca"): every
    /// row takes the longest form at which all fit at a readable size, so the names keep one size.
    static func seasonNames(_ line: SeasonLine) -> [String] {
        let parts = line.name.split(separator: " ", maxSplits: 1).map(String.init)
        let forms = parts.count == 2 ? [line.name, "\(parts[0]) \(parts[1].prefix(1)).", parts[0]] : [line.name, line.name, line.name]
        return forms.map { "\(line.number)  \($0)" }
    }

    private func seasonRow(_ line: SeasonLine, _ r: Rect, name: (text: String, size: Int)) {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        for (column, cell) in Self.seasonColumns(r.inset(dx: metrics.px(12), dy: metrics.px(6))) {
            switch column {
            case .player:
                canvas.text(name.text, size: name.size, bold: true, in: cell)
            case .today: seasonNumber(Self.load(line.loadToday), cell)
            case .srpe: seasonNumber(Self.load(line.srpeToday), cell)
            case .strain: seasonNumber(Self.load(line.strain), cell)
            case .tolerance: seasonNumber(Self.load(line.tolerance), cell)
            case .status: seasonWord(line.status, cell)
            case .acwr: seasonNumber(line.acwr.map { Self.decimal($0, digits: 2) } ?? "–", cell)
            case .readiness: seasonWord(line.readiness, cell)
            case .wellness: wellnessCell(line.wellness, cell)
            case .last:
                // Without its weekday where the language's is too long for the column ("Sa. 14. März").
                let last = line.lastSession.map { day in
                    [Self.seasonDayText(day), Self.seasonDayText(day, weekday: false)].first { canvas.measure($0, size: metrics.small - metrics.px(3)) <= cell.w }
                        ?? Self.seasonDayText(day, weekday: false)
                } ?? "–"
                canvas.text(last, size: metrics.small, colour: Theme.textDim, in: cell, align: .center)
            }
        }
    }

    /// The day's wellness total over its z ("z −1.4"); on the caution colour with "↓" when it or an item
    /// dropped beyond 1 SD (never the colour alone); "–" when the player did not answer that day.
    func wellnessCell(_ wellness: WellnessFigure?, _ cell: Rect) {
        guard let w = wellness else {
            canvas.text("–", size: metrics.body, bold: true, colour: Theme.textDim, in: cell, align: .center)
            return
        }
        let box = cell.inset(dx: 0, dy: max(0, (cell.h - metrics.px(48)) / 2))
        if w.flagged { canvas.fillRounded(box, radius: metrics.px(8), Theme.seasonTone(.caution)) }
        let (top, bottom) = box.splitTop(box.h * 55 / 100)
        canvas.text("\(w.total)" + (w.flagged ? " ↓" : ""), size: metrics.body - metrics.px(2), bold: true, in: top, align: .center)
        canvas.text(Self.wellnessZ(w), size: metrics.small - metrics.px(3), colour: w.flagged ? Theme.text : Theme.textDim, in: bottom, align: .center)
    }

    /// "z −1.4"; "z –" without one (fewer than 7 earlier answers, or all of them the same).
    static func wellnessZ(_ w: WellnessFigure) -> String {
        "z " + (w.z.map { ($0 >= 0 ? "+" : "") + decimal($0, digits: 1).replacingOccurrences(of: "-", with: "−") } ?? "–")
    }

    /// A decimal as the kiosk's language writes it ("1.67", "1,67"), ungrouped.
    static func decimal(_ value: Double, digits: Int) -> String { Localization.current.formatted(value, digits: digits) }

    private func seasonNumber(_ text: String, _ cell: Rect) {
        canvas.text(text, size: metrics.body - metrics.px(2), bold: true, in: cell, align: .center)
    }

    /// A load, rounded as the table shows it.
    static func load(_ value: Double) -> String { "\(Int(value.rounded()))" }

    /// A status or readiness word on its colour: never the colour alone.
    func seasonWord(_ word: SeasonWord, _ cell: Rect) {
        guard word != .none else {
            canvas.text("–", size: metrics.body, bold: true, colour: Theme.textDim, in: cell, align: .center)
            return
        }
        let pill = cell.inset(dx: 0, dy: max(0, (cell.h - metrics.px(44)) / 2))
        canvas.fillRounded(pill, radius: metrics.px(8), Theme.seasonTone(word.tone))
        let size = metrics.small - metrics.px(1)
        let inner = pill.inset(dx: metrics.px(4), dy: 0)
        let text = tr(word.text)
        // At a space, else after a hyphen ("au-" "dessus").
        let cut = text.firstIndex(of: " ").map { (text[..<$0], text[text.index(after: $0)...]) }
            ?? text.firstIndex(of: "-").map { (text[...$0], text[text.index(after: $0)...]) }
        if let (first, rest) = cut, !rest.isEmpty, canvas.measure(text, size: size, bold: true) > inner.w {
            // "building baseline" on two lines rather than too small to read.
            let (top, bottom) = inner.splitTop(inner.h / 2)
            canvas.text(String(first), size: size, bold: true, in: top, align: .center)
            canvas.text(String(rest), size: size, bold: true, in: bottom, align: .center)
        } else {
            canvas.text(text, size: size, bold: true, in: inner, align: .center)
        }
    }
}

extension Theme {
    /// A season word's colour: each keeps ≥ 4.5:1 with white text.
    public static func seasonTone(_ tone: SeasonTone) -> Colour {
        switch tone {
        case .unknown: Colour(hex: 0x4A525E)
        case .low: Colour(hex: 0x1F62B8)
        case .steady: Colour(hex: 0x0E6B73)
        case .good: Colour(hex: 0x1C7A36)
        case .caution: Colour(hex: 0xB04E08)
        case .high: Colour(hex: 0xC01B1B)
        }
    }
}

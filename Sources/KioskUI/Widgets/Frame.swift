import Localization
import AppCore
import Foundation
import TeamCore

/// What the coach's screen is scrolled to, and other view-only state that is
/// not app logic (it lives with the window, not in AppState).
public struct ViewState: Sendable, Equatable {
    public var scroll: [String: Int] = [:]
    public var shift = false
    /// The live tiles as last drawn, when the next frame may redraw only what changed.
    var previousTiles: [Int64: TileSignature]?
    /// What each live tile last wrote where (kept while only its heart is redrawn): the state dump's proof
    /// that no text sits on another.
    var tilePlans: [Int64: TilePlan] = [:]
    /// What each of those plans was made for: a tile whose signature is the same again is laid out the same
    /// (equal signatures draw the same pixels), so a frame that redraws it whole need not fit its words again.
    var tilePlanSignatures: [Int64: TileSignature] = [:]
    /// The live bar as last drawn (`liveBar`), and the touch targets it left.
    var liveBar: LiveBarDrawn?
    public init() {}
}

/// What the live bar shows: the same on a frame that keeps the last one's pixels means nothing to draw.
struct LiveBarInputs: Sendable, Equatable {
    struct Button: Sendable, Equatable {
        var label: String
        var style: ButtonStyle
    }
    var elapsed: String
    /// The countdown, "open", or empty once the effort ended.
    var remaining: String
    var paused: Bool
    /// Every button disabled while the session starts.
    var starting: Bool
    var buttons: [Button]
    var team: Colour?
    var width: Int
}

/// The bar drawn, and its touch targets (they follow from the inputs and the screen's size alone).
struct LiveBarDrawn: Sendable, Equatable {
    var inputs: LiveBarInputs
    var hits: [Hit]

    static func == (a: LiveBarDrawn, b: LiveBarDrawn) -> Bool { a.inputs == b.inputs }
}

/// One frame being drawn: the canvas, sizes, the state shown, and the touch
/// targets collected on the way.
final class Frame {
    let canvas: Canvas
    let metrics: Metrics
    let state: AppState
    /// Animation clock (ms) for the heart beat.
    let animMs: Int64
    let wallClock: Date
    /// The live tiles in their order with their readings, worked out once per frame.
    let tiles: [ShownTile]
    var hits = HitMap()
    var view: ViewState
    /// The live tiles drawn in this frame (for the next frame's incremental redraw).
    var drawnTiles: [Int64: TileSignature] = [:]
    /// The live bar drawn in this frame (nil: none), for the next frame.
    var drawnBar: LiveBarDrawn?

    init(canvas: Canvas, state: AppState, animMs: Int64, wallClock: Date, view: ViewState) {
        self.canvas = canvas
        self.metrics = canvas.metrics
        self.state = state
        self.animMs = animMs
        self.wallClock = wallClock
        self.view = view
        tiles = state.shownTiles
    }

    var screen: Rect { Rect(0, 0, metrics.width, metrics.height) }
}

enum ButtonStyle { case normal, primary, danger, selected, disabled, quiet }

extension Frame {
    func buttonColour(_ style: ButtonStyle) -> Colour {
        switch style {
        case .normal: Theme.surfaceHigh
        case .primary: Theme.accent
        case .danger: Theme.danger
        case .selected: Theme.good
        case .disabled: Theme.surface
        case .quiet: Theme.surface
        }
    }

    /// A button: a rounded box, its label, and a touch target (none when disabled). `touch`: a
    /// larger area that takes its taps (the bar or row it sits in), so a glove need not hit the box.
    func button(_ label: String, _ r: Rect, _ action: Action?, style: ButtonStyle = .normal,
                size: Int? = nil, longPress: Action? = nil, hitLabel: String? = nil, touch: Rect? = nil) {
        let radius = metrics.px(10), textSize = size ?? metrics.body
        canvas.fillRounded(r, radius: radius, buttonColour(style))
        let box = r.inset(dx: metrics.px(8), dy: 0), colour = style == .disabled ? Theme.textDim : Theme.text
        // Too long for one line at its size: two, as large as they fit, where one line would be smaller still.
        let twoLineSize = canvas.measure(label, size: textSize, bold: true) <= box.w ? nil
            : stride(from: textSize, through: metrics.readableText, by: -1).first { s in
                canvas.measure(label, size: s, bold: true) <= box.w || twoLines(label, size: s, bold: true, in: box) != nil
            }.flatMap { s in canvas.measure(label, size: s, bold: true) <= box.w ? nil : s }
        if !(twoLineSize.map { textOnTwoLines(label, size: $0, bold: true, colour: colour, in: box, align: .center) } ?? false) {
            // Copied opaque onto the button's colour (no blending per pixel) when the label's rows stay
            // clear of the rounded corners'; a taller label is blended as before.
            let opaque = canvas.measuredHeight(label, size: textSize, bold: true) <= r.h - 2 * radius
            canvas.text(label, size: textSize, bold: true, colour: colour, in: box, align: .center,
                        background: opaque ? buttonColour(style) : nil)
        }
        if style != .disabled {
            hits.add(Hit(rect: touch ?? r, label: hitLabel ?? label, action: action, longPress: longPress))
        }
    }

    /// The bar at the top: back/home on the left, title, buttons on the right, the time of day.
    /// Returns the area below it.
    /// `shorterTitles`: the title's shorter forms, longest first, for a bar whose buttons leave it little room.
    /// `trailingHitLabels`: what scripts call a trailing button whose words are made with a value, in English.
    func topBar(title: String, shorterTitles: [String] = [], colour: Colour? = nil, back: (String, Action)? = nil,
                trailing: [(String, Action?, ButtonStyle)] = [], trailingHitLabels: [String?] = []) -> Rect {
        let (bar, rest) = screen.splitTop(metrics.topBar)
        canvas.fill(bar, Theme.surface)
        if let colour { canvas.fill(Rect(0, bar.maxY - metrics.px(4), bar.w, metrics.px(4)), colour) }
        var x = metrics.margin
        let bh = metrics.topBar - metrics.px(12)
        let clock = Self.hoursAndMinutes(wallClock)
        let cw = canvas.measure("00:00", size: metrics.body, bold: true) + metrics.px(8)
        // The buttons' words take what the clock and a short title leave: in a language with longer words
        // they get smaller, never over the back button or each other — down to the small size, and further only
        // as far as the title's shortest form needs to keep the readable size.
        let titles = [title] + shorterTitles
        let shortest = titles[titles.count - 1]
        var size = metrics.body, padding = metrics.px(28)
        func widths() -> (back: Int, trailing: [Int]) {
            (back.map { max(metrics.target, canvas.measure($0.0, size: size, bold: true) + padding) } ?? 0,
             trailing.map { max(metrics.target + metrics.px(16), canvas.measure($0.0, size: size, bold: true) + padding) })
        }
        var w = widths()
        let buttonsRoom = metrics.width - 2 * metrics.margin - cw
        func needed() -> Int { w.back + w.trailing.reduce(0, +) + metrics.gap * (trailing.count + 1) }
        // The title's box is what the buttons leave less the clock's gap and its own margins (8 px): its
        // shortest wording at the readable size. Measured only when the buttons might need that room — a
        // font of the readable size is ≈ 2 M instructions at launch — and first bounded from the title's
        // size, whose font draws the title anyway. The buttons come out the same: the loop only asks whether
        // that room is too much, and the bound is never less than the measure (`TextFit.widthBound`).
        var titleLeast = TextFit.widthBound(shortest, measured: canvas.measure(shortest, size: metrics.title, bold: true),
                                            at: FontBook.quantize(metrics.title), size: FontBook.quantize(metrics.readableText))
            + metrics.gap + metrics.px(12)
        func shrinks() -> Bool {
            (needed() > buttonsRoom - max(metrics.px(140), titleLeast) && size > metrics.small)
                || (needed() > buttonsRoom - titleLeast && size > metrics.readableText)
        }
        if shrinks() { titleLeast = canvas.measure(shortest, size: metrics.readableText, bold: true) + metrics.gap + metrics.px(12) }
        while shrinks() {
            size -= 1
            padding = metrics.px(18)
            w = widths()
        }
        if needed() > buttonsRoom {
            canvas.noteOverflow("top bar: " + ([back?.0 ?? ""] + trailing.map(\.0)).joined(separator: " | "))
        }
        if let back {
            button(back.0, Rect(x, metrics.px(6), w.back, bh), back.1, size: size, touch: Rect(x, 0, w.back, metrics.topBar))
            x += w.back + metrics.gap
        }
        var right = metrics.width - metrics.margin
        canvas.text(clock, size: metrics.body, bold: true, colour: Theme.textDim, in: Rect(right - cw, 0, cw, metrics.topBar), align: .right)
        right -= cw + metrics.gap
        for (i, ((label, action, style), bw)) in zip(trailing, w.trailing).enumerated().reversed() {
            button(label, Rect(right - bw, metrics.px(6), bw, bh), action, style: style, size: size,
                   hitLabel: i < trailingHitLabels.count ? trailingHitLabels[i] : nil, touch: Rect(right - bw, 0, bw, metrics.topBar))
            right -= bw + metrics.gap
        }
        let titleBox = Rect(x + metrics.px(4), 0, max(0, right - x - metrics.px(8)), metrics.topBar)
        // One wording needs no choosing: measuring it would open a font of its own (≈ 2 M instructions at launch).
        let shown = titles.count == 1 ? title
            : titles.first { canvas.measure($0, size: metrics.small, bold: true) <= titleBox.w } ?? titles[titles.count - 1]
        canvas.text(shown, size: metrics.title, bold: true, in: titleBox)
        return clearOfNotice(rest.inset(metrics.margin))
    }

    /// `area` less the strip at the bottom where the notice line is drawn while there is one: the
    /// notice covers no row, card or legend; the content moves up for the few seconds it shows.
    func clearOfNotice(_ area: Rect) -> Rect {
        guard state.shownNotice != nil else { return area }
        let top = metrics.height - metrics.margin - noticeHeight - metrics.gap
        return Rect(area.x, area.y, area.w, max(0, min(area.maxY, top) - area.y))
    }

    private var noticeHeight: Int { metrics.px(44) }

    /// A modal dialog with a question and buttons; blocks touches to everything beneath.
    /// `hitLabels`: what scripts call a button whose words are made with a number ("Save 81"), in English.
    func dialog(title: String, message: String, buttons: [(String, Action, ButtonStyle)], hitLabels: [String?] = []) {
        hits.block(screen)
        canvas.fill(screen, Colour(0, 0, 0, 150))
        let w = min(metrics.width - 2 * metrics.margin, metrics.px(560)), h = min(metrics.height - 2 * metrics.margin, metrics.px(260))
        let box = Rect((metrics.width - w) / 2, (metrics.height - h) / 2, w, h)
        canvas.fillRounded(box, radius: metrics.px(14), Theme.surface)
        let inner = box.inset(metrics.px(20))
        let (titleRow, rest) = inner.splitTop(metrics.px(40))
        canvas.text(title, size: metrics.title, bold: true, in: titleRow)
        let (messageArea, buttonRow) = rest.splitBottom(metrics.target, gap: metrics.gap)
        wrappedText(message, size: metrics.body, in: messageArea, colour: Theme.textDim)
        for (i, (rect, b)) in zip(buttonRow.columns(buttons.count, gap: metrics.gap), buttons).enumerated() {
            button(b.0, rect, b.1, style: b.2, hitLabel: i < hitLabels.count ? hitLabels[i] : nil)
        }
    }

    /// A label wider than `box` at `size` split at the space that leaves its longer half shortest, when both halves
    /// then fit and two lines fit the box's height; nil when one line must do (it fits, or two would not help).
    func twoLines(_ label: String, size: Int, bold: Bool, in box: Rect) -> (String, String)? {
        guard canvas.measure(label, size: size, bold: bold) > box.w, 2 * canvas.measuredHeight(label, size: size, bold: bold) <= box.h
        else { return nil }
        let words = label.split(separator: " ")
        let splits = (1..<max(1, words.count)).map { i in
            (words[..<i].joined(separator: " "), words[i...].joined(separator: " "))
        }
        return splits.map { ($0, max(canvas.measure($0.0, size: size, bold: bold), canvas.measure($0.1, size: size, bold: bold))) }
            .filter { $0.1 <= box.w }.min { $0.1 < $1.1 }?.0
    }

    /// Draws `text` on two lines at `size` where one line would not fit `box` and two do (`twoLines`), the pair
    /// centred in the box; false, nothing drawn, otherwise.
    @discardableResult
    func textOnTwoLines(_ text: String, size: Int, bold: Bool, colour: Colour = Theme.text, in box: Rect,
                        align: Canvas.Align = .left) -> Bool {
        guard let (first, second) = twoLines(text, size: size, bold: bold, in: box) else { return false }
        let lineH = canvas.measuredHeight(text, size: size, bold: bold)
        canvas.text(first, size: size, bold: bold, colour: colour, in: Rect(box.x, box.midY - lineH, box.w, lineH), align: align)
        canvas.text(second, size: size, bold: bold, colour: colour, in: Rect(box.x, box.midY, box.w, lineH), align: align)
        return true
    }

    /// Greedy word wrap into lines that fit the box width.
    func wrappedText(_ text: String, size: Int, in box: Rect, colour: Colour = Theme.text, bold: Bool = false) {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if canvas.measure(candidate, size: size, bold: bold) > box.w, !line.isEmpty {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        let lh = Int(Double(size) * 1.35)
        for (i, l) in lines.enumerated() where (i + 1) * lh <= box.h + lh / 3 {
            canvas.text(l, size: size, bold: bold, colour: colour, in: Rect(box.x, box.y + i * lh, box.w, lh))
        }
    }

    /// The notice line (saved, failed…) at the bottom, in the strip the screens leave free for it (`clearOfNotice`).
    func notice() {
        guard let text = state.shownNotice else { return }
        let standing = state.notice == nil // a source problem: red until solved
        let h = noticeHeight
        let w = min(metrics.width - 2 * metrics.margin, canvas.measure(text, size: metrics.body, bold: true) + metrics.px(48))
        let r = Rect((metrics.width - w) / 2, metrics.height - h - metrics.margin, w, h)
        canvas.fillRounded(r, radius: h / 2, standing ? Theme.danger : Colour(hex: 0x11151A).withAlpha(235))
        canvas.text(text, size: metrics.body, bold: true, in: r.inset(dx: metrics.px(20), dy: 0), align: .center)
        // No hit of its own: it goes by itself after 4 s.
    }

    /// A vertically scrolling list of equal rows, clipped to `area`. A list longer than its area
    /// keeps a gutter on the right for its scroll indicator: the rows end before it.
    func list(id: String, area: Rect, rowHeight: Int, count: Int, row: (Int, Rect) -> Void) {
        let content = count * (rowHeight + metrics.gap)
        let maxOffset = max(0, content - area.h)
        let gutter = maxOffset > 0 ? metrics.px(10) : 0
        let offset = min(max(0, view.scroll[id] ?? 0), maxOffset)
        hits.add(DragRegion(rect: area, target: .scroll(id: id, maxOffset: maxOffset)))
        canvas.clip(area)
        defer { canvas.clip(nil) }
        let first = max(0, offset / (rowHeight + metrics.gap))
        var i = first
        while i < count {
            let y = area.y + i * (rowHeight + metrics.gap) - offset
            if y >= area.maxY { break }
            let r = Rect(area.x, y, area.w - gutter, rowHeight)
            let before = hits.hits.count
            row(i, r)
            hits.clipHits(from: before, to: area)
            i += 1
        }
        if maxOffset > 0 {
            // A thin scroll indicator so the coach knows there is more.
            let th = max(metrics.px(24), area.h * area.h / max(content, 1))
            let ty = area.y + (area.h - th) * offset / maxOffset
            canvas.fillRounded(Rect(area.maxX - metrics.px(5), ty, metrics.px(4), th), radius: metrics.px(2), Theme.textDim.withAlpha(120))
        }
    }

    /// "17:30" in the machine's time zone, as DateFormatter's "HH:mm" says it: two numbers, made by hand
    /// (a formatter of its own is ≈ 0.7 M instructions to make, at launch for the top bar's clock).
    static func hoursAndMinutes(_ date: Date, in zone: TimeZone = .current) -> String {
        let local = date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))
        let minute = (Int((local / 60).rounded(.down)) % 1440 + 1440) % 1440
        let (h, m) = (minute / 60, minute % 60)
        return (h < 10 ? "0" : "") + String(h) + (m < 10 ? ":0" : ":") + String(m)
    }

    /// "Sat 14 Mar" in the kiosk's language ("Sa., 14. März").
    static var dayFormatter: DateFormatter { Localization.current.dateFormatter("EEEdMMM") }

    static var dayTimeFormatter: DateFormatter { Localization.current.dateFormatter("EEEdMMMyyyyHHmm") }

    /// A season's day in the kiosk's language, with its weekday ("Sa., 14. März") or without ("14. März"): the
    /// loader's `label` stays English for dumps and scripts.
    static func seasonDayText(_ day: SeasonDay, weekday: Bool = true) -> String {
        let (y, m, d) = CalendarDay(dayNumber: day.dayNumber).components
        guard let date = Calendar.current.date(from: DateComponents(year: y, month: m, day: d, hour: 12)) else { return day.label }
        return Localization.current.dateFormatter(weekday ? "EEEdMMM" : "dMMM").string(from: date)
    }
}

extension HitMap {
    /// Rows scrolled partly out of a list keep only their visible part touchable.
    mutating func clipHits(from start: Int, to area: Rect) {
        var kept: [Hit] = []
        for (i, hit) in hits.enumerated() {
            guard i >= start else { continue }
            let top = max(hit.rect.y, area.y), bottom = min(hit.rect.maxY, area.maxY)
            guard bottom > top else { continue }
            var visible = hit
            visible.rect = Rect(hit.rect.x, top, hit.rect.w, bottom - top)
            if visible.rect != hit.rect { visible.whole = hit.whole ?? hit.rect }
            kept.append(visible)
        }
        replaceHits(from: start, with: kept)
    }
}

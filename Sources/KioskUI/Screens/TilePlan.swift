import Localization
import AppCore
import TeamCore

/// The texts of one live tile, each fitted to its own box of `TileGeometry`: the boxes do not
/// overlap and each text is sized so its ink stays inside its box (`TextFit`), so no text is ever
/// drawn over another, at 1 player or at 40, on the coach screen or the wall display. The tile's
/// colour, its zone badge and the percentage come from one zone (`ZoneHysteresis`): they agree.
struct TilePlan: Equatable, Sendable {
    struct Text: Equatable, Sendable {
        /// What it is ("number", "name", "detail", "badge", "status"), for tests and the state dump.
        var role: String
        var text: String
        var size: Int
        var bold: Bool
        var box: Rect
        var align: Canvas.Align
    }

    var texts: [Text] = []
    /// The tile's fill: the shown zone's colour, grey without a signal.
    var background: Colour
    /// Where the non-text parts went: the avatar (when shown), the heart, the battery glyph.
    var avatar: Rect?
    var heart: Rect
    var battery: Rect
    /// How the name was chosen, for the state dump: the room it had, the smallest readable size,
    /// and the forms it was chosen from (longest first).
    var nameRoom: Int
    var readable: Int
    var nameForms: [String]

    func text(_ role: String) -> Text? { texts.first { $0.role == role } }

    /// The third line's number, as shown: the percentage beside the zone, kcal rounded, points earned so far (whole ones).
    static func detailValue(_ tile: ShownTile, detail: TileDetail) -> Int {
        switch detail {
        case .percentOfMax: tile.shownPercent
        case .kcal: Int(tile.kcal.rounded())
        case .effortPoints: Int(tile.effortPoints.rounded(.down))
        case .versusLastTime: tile.versusLastTime.map { Int($0.rounded()) } ?? Int(tile.effortPoints.rounded(.down))
        }
    }

    /// "+3", "−5" or "±0": effort points ahead of or behind last time.
    static func signed(_ difference: Int) -> String {
        difference > 0 ? "+\(difference)" : (difference < 0 ? "−\(-difference)" : "±0")
    }

    /// "HRmax" or "HRR": what the percentage is of, under the zone model the zones are measured by.
    static func percentUnit(_ model: ZoneModel) -> String { model == .percentOfMax ? tr("HRmax") : tr("HRR") }

    /// The third line's wordings, longest first.
    static func detailForms(_ tile: ShownTile, detail: TileDetail, privacy: Bool) -> [String] {
        let value = "\(detailValue(tile, detail: detail))"
        switch detail {
        case .percentOfMax:
            let unit = percentUnit(tile.zoneModel)
            return privacy ? [unit] : ["\(value)% \(unit)", "\(value)%"]
        case .kcal: return ["\(value) kcal", value]
        case .effortPoints: return [tr("{n} points", ["n": value]), tr("{n} pts", ["n": value]), value]
        case .versusLastTime:
            // Without a previous session to compare with, the points themselves.
            guard tile.versusLastTime != nil else { return [tr("{n} points", ["n": value]), tr("{n} pts", ["n": value]), value] }
            let difference = signed(detailValue(tile, detail: detail))
            return [tr("{n} vs last time", ["n": difference]), tr("{n} vs last", ["n": difference]), difference]
        }
    }

    /// Why a tile is grey, longest wording first.
    static func silentForms(_ tile: ShownTile) -> [String] {
        if tile.notFound { return [tr("strap never heard"), tr("never heard"), tr("unheard")] }
        return tile.contact == .notDetected ? [tr("strap not on skin"), tr("not on skin"), tr("no skin")]
            : [tr("strap silent > {n} s", ["n": "\(AppState.noSignalAfterMs / 1000)"]), tr("silent > {n} s", ["n": "\(AppState.noSignalAfterMs / 1000)"]), tr("silent")]
    }

    /// `measure(text, size, bold)` measures as the canvas draws. `minText`: the smallest
    /// readable size on this screen; the name is the longest of its forms that fits at it, as
    /// large as the row and the room allow ("Sofia Eriksen" on a big tile, "SE" on a crowded one).
    init(_ tile: ShownTile, _ g: TileGeometry, detail: TileDetail, privacy: Bool, flagged: Bool, minText: Int,
         measure: (String, Int, Bool) -> Int) {
        func fit(_ role: String, _ candidates: [String], in box: Rect, max: Int, min: Int = minText, bold: Bool = true,
                 align: Canvas.Align = .left, orShrink: Bool = false, comfortable: Int? = nil) -> Text? {
            let found = TextFit.first(candidates, width: box.w, height: box.h, maxSize: max, minSize: min,
                                      comfortable: comfortable) { measure($0, $1, bold) }
                // Better smaller than missing (the points when sorted by effort, the zone): the shortest, as small as it takes.
                ?? (orShrink ? candidates.last.flatMap {
                    TextFit.first([$0], width: box.w, height: box.h, maxSize: max, minSize: 6) { measure($0, $1, bold) }
                } : nil)
            guard let found else { return nil }
            let x: Int
            switch align {
            case .left: x = box.x
            case .center: x = box.x + (box.w - found.width) / 2
            case .right: x = box.maxX - found.width
            }
            return Text(role: role, text: found.text, size: found.size, bold: bold,
                        box: Rect(x, box.y, found.width, box.h), align: .left)
        }
        var texts: [Text] = []
        // Number and name at one size: the row's, or smaller where the room asks. A name that fits
        // whole only without the avatar goes without it: the name first (issue 25).
        func header(_ label: Rect) -> (texts: [Text], room: Int) {
            let rowSize = Swift.max(Int(Double(label.h) * TextFit.anyTextPerHeight) / 2 * 2, minText)
            guard let number = fit("number", ["\(tile.shirtNumber)"], in: label, max: rowSize, orShrink: true) else { return ([], 0) }
            let gap = Swift.max(3, g.pad / 2)
            let rest = Rect(number.box.maxX + gap, label.y, Swift.max(0, label.maxX - number.box.maxX - gap), label.h)
            return ([number] + (fit("name", tile.nameForms, in: rest, max: rowSize).map { [$0] } ?? []), rest.w)
        }
        var showsAvatar = tile.initials != nil && g.avatar != nil
        var (headerTexts, nameRoom) = header(showsAvatar ? g.label : g.wideLabel)
        if showsAvatar {
            let wide = header(g.wideLabel)
            let named = { (texts: [Text]) in texts.first { $0.role == "name" }.flatMap { tile.nameForms.firstIndex(of: $0.text) } ?? Int.max }
            if named(wide.texts) < named(headerTexts) {
                showsAvatar = false
                (headerTexts, nameRoom) = wide
            }
        }
        texts += headerTexts
        // The footer's words at one size on every tile, as the names.
        let footerSize = Int(Double(g.footer.h) * TextFit.anyTextPerHeight) / 2 * 2
        // A grey tile has no badge: its battery goes to the right edge, and why it is grey takes the rest.
        var battery = g.battery
        if !tile.hasSignal { battery.x = g.footer.maxX - battery.w }
        if tile.hasSignal {
            let big = privacy ? "\(tile.shownPercent)%" : "\(tile.bpm)"
            if let t = fit("big", [big], in: g.numberBox, max: g.numberBox.h * (privacy ? 90 : 95) / 100, min: 10,
                           align: .center, orShrink: true) { texts.append(t) }
            if let t = fit("detail", Self.detailForms(tile, detail: detail, privacy: privacy), in: g.detailBox,
                           max: footerSize, orShrink: true, comfortable: footerSize * 4 / 5) { texts.append(t) }
            if let t = fit("badge", [Theme.zoneName(tile.shownZone) + (flagged ? "!" : "")], in: g.badge.inset(dx: max(1, g.badge.h / 8), dy: 0),
                           max: footerSize, align: .center, orShrink: true) { texts.append(t) }
        } else {
            // A dash where the words have no room at the readable size; nothing where even that has none (40 tiles at
            // 800×480): the grey and the footer's reason say it.
            if let t = fit("status", [tile.notFound ? tr("not found") : tr("no signal"), "—"], in: g.numberBox, max: g.middle.h * 4 / 10,
                           align: .center) {
                texts.append(t)
            }
            let reason = Rect(g.footer.x, g.footer.y, max(0, battery.x - max(2, g.pad / 2) - g.footer.x), g.footer.h)
            if let t = fit("detail", Self.silentForms(tile), in: reason, max: footerSize, bold: false, orShrink: true, comfortable: footerSize) {
                texts.append(t)
            }
        }
        self.texts = texts
        background = tile.hasSignal ? Theme.zone(tile.shownZone) : Theme.noSignal
        avatar = showsAvatar ? g.avatar : nil
        heart = g.heart
        self.battery = battery
        self.nameRoom = nameRoom
        readable = (minText + 1) / 2 * 2
        nameForms = tile.nameForms
    }
}

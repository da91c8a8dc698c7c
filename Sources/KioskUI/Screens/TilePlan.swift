import AppCore
import TeamCore

/// The texts of one live tile, each fitted to its own box of `TileGeometry`: the boxes do not
/// overlap and each text is sized so its ink stays inside its box (`TextFit`), so no text is ever
/// drawn over another, at 4 players or at 40, on the coach screen or the wall display.
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
    /// Where the non-text parts went: the avatar (when shown), the heart, the battery bar's track.
    var avatar: Rect?
    var heart: Rect
    var battery: Rect

    func text(_ role: String) -> Text? { texts.first { $0.role == role } }

    /// The third line's number, as shown: %HRmax and kcal rounded, points earned so far (whole ones).
    static func detailValue(_ tile: ShownTile, detail: TileDetail) -> Int {
        switch detail {
        case .percentOfMax: Int(tile.percentOfMax.rounded())
        case .kcal: Int(tile.kcal.rounded())
        case .effortPoints: Int(tile.effortPoints.rounded(.down))
        }
    }

    /// The third line's wordings, longest first.
    static func detailForms(_ tile: ShownTile, detail: TileDetail, privacy: Bool) -> [String] {
        let value = "\(detailValue(tile, detail: detail))"
        switch detail {
        case .percentOfMax: return privacy ? ["HRmax"] : ["\(value)% HRmax", "\(value)%"]
        case .kcal: return ["\(value) kcal", value]
        case .effortPoints: return ["\(value) points", "\(value) pts", value]
        }
    }

    /// Why a tile is grey, longest wording first.
    static func silentForms(_ tile: ShownTile) -> [String] {
        tile.contact == .notDetected ? ["strap not on skin", "not on skin", "no skin"]
            : ["strap silent > \(AppState.noSignalAfterMs / 1000) s", "silent > \(AppState.noSignalAfterMs / 1000) s", "silent"]
    }

    /// `measure(text, size, bold)` measures as the canvas draws. `minText`: the smallest
    /// readable size on this screen; a name that does not fit at it in full is shortened.
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
        let label = g.label
        if let number = fit("number", ["\(tile.shirtNumber)"], in: label, max: label.h, orShrink: true) {
            texts.append(number)
            let gap = max(3, g.pad / 2)
            let rest = Rect(number.box.maxX + gap, label.y, max(0, label.maxX - number.box.maxX - gap), label.h)
            // Every tile's name at the same size: a shorter form ("Emma I.") before a smaller font, and
            // the same cap whatever letters a name has.
            let nameSize = Int(Double(label.h) * TextFit.anyTextPerHeight) / 2 * 2
            if let name = fit("name", tile.nameForms, in: rest, max: nameSize, comfortable: nameSize) { texts.append(name) }
        }
        // The footer's words at one size on every tile, as the names.
        let footerSize = Int(Double(g.footer.h) * TextFit.anyTextPerHeight) / 2 * 2
        if tile.hasSignal {
            let big = privacy ? "\(Int(tile.percentOfMax.rounded()))%" : "\(tile.bpm)"
            if let t = fit("big", [big], in: g.numberBox, max: g.numberBox.h * (privacy ? 90 : 95) / 100, min: 10,
                           align: .center, orShrink: true) { texts.append(t) }
            if let t = fit("detail", Self.detailForms(tile, detail: detail, privacy: privacy), in: g.detailBox,
                           max: footerSize, orShrink: true, comfortable: footerSize * 4 / 5) { texts.append(t) }
            if let t = fit("badge", [Theme.zoneName(tile.shownZone) + (flagged ? "!" : "")], in: g.badge.inset(dx: max(1, g.badge.h / 8), dy: 0),
                           max: footerSize, align: .center, orShrink: true) { texts.append(t) }
        } else {
            if let t = fit("status", ["no signal"], in: g.numberBox, max: g.middle.h * 4 / 10, min: 8, align: .center, orShrink: true) {
                texts.append(t)
            }
            if let t = fit("detail", Self.silentForms(tile), in: g.footer, max: footerSize, bold: false, orShrink: true, comfortable: footerSize) {
                texts.append(t)
            }
        }
        self.texts = texts
        avatar = tile.initials == nil ? nil : g.avatar
        heart = g.heart
        battery = g.battery
    }
}

import Localization
import AppCore
import TeamCore

/// The live tiles, for the coach's screen and the wall display: avatar, number, name, a heart
/// beating at the player's rate, BPM (or the percentage in privacy), the third line the coach chose,
/// the battery glyph and the zone; grey with "no signal" when the strap went quiet. Where each part goes: `TileGeometry`; which words fit: `TilePlan`.
extension Frame {
    /// Tiles laid out to fill `area`; the wall variant hides controls and may hide BPM (privacy).
    /// `around`: the larger area whose background the tiles sit on (painted here, so the frame needs no full clear).
    func liveTiles(in area: Rect, forWall: Bool, around: Rect) {
        let rects = TileGrid.rects(count: tiles.count, in: area, gap: metrics.px(6))
        let privacy = forWall && state.settings.values.wallPrivacy
        let detail = state.settings.values.tileDetail.shown(sortedBy: state.live?.sort ?? .number)
        // With a back buffer that survives presents (software rendering), a tile whose content did not
        // change only gets its beating heart redrawn: most frames then touch a few percent of the pixels.
        let previous = view.previousTiles
        if previous == nil { paintBackground(around: around, except: rects) }
        let minText = tileMinText(forWall: forWall)
        for (tile, r) in zip(tiles, rects) {
            let signature = TileSignature(tile, rect: r, state: state, privacy: privacy, flag: !forWall, detail: detail)
            let geometry = TileGeometry(r, minText: minText, showsAvatar: tile.initials != nil)
            if let previous, previous[tile.playerID] == signature, signature.signal {
                redrawHeart(tile, geometry)
            } else {
                view.tilePlans[tile.playerID] = drawTile(tile, geometry, privacy: privacy, flag: !forWall, detail: detail,
                                                         minText: minText)
            }
            drawnTiles[tile.playerID] = signature
            hits.tileRects[tile.playerID] = r
        }
        if tiles.isEmpty {
            canvas.text(tr("No players in this session"), size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
    }

    /// The smallest text a tile may use: 11 px on the 800×480 touchscreen, read at arm's length;
    /// on the wall display, read from across a gym, never under 24 px (DESIGN: readable at 5 m).
    func tileMinText(forWall: Bool) -> Int {
        forWall ? max(24, metrics.px(11)) : max(11, metrics.px(11))
    }

    /// Background everywhere in `area` but the tiles: bands between rows, gaps between tiles.
    private func paintBackground(around area: Rect, except tiles: [Rect]) {
        var y = area.y
        let rows = Dictionary(grouping: tiles, by: \.y).sorted { $0.key < $1.key }
        for (rowY, row) in rows {
            canvas.fill(Rect(area.x, y, area.w, rowY - y), Theme.background)
            let h = row[0].h
            var x = area.x
            for r in row.sorted(by: { $0.x < $1.x }) {
                canvas.fill(Rect(x, rowY, r.x - x, h), Theme.background)
                x = r.maxX
            }
            canvas.fill(Rect(x, rowY, area.maxX - x, h), Theme.background)
            y = rowY + h
        }
        canvas.fill(Rect(area.x, y, area.w, area.maxY - y), Theme.background)
    }

    private func redrawHeart(_ tile: ShownTile, _ g: TileGeometry) {
        canvas.fill(g.heart, Theme.zone(tile.shownZone))
        canvas.heart(g.heart, Theme.text, hollow: tile.contact == .notDetected, pulse: pulse(bpm: tile.bpm))
    }

    /// Draws a whole tile; returns what it wrote where.
    private func drawTile(_ tile: ShownTile, _ g: TileGeometry, privacy: Bool, flag: Bool, detail: TileDetail,
                          minText: Int) -> TilePlan {
        let r = g.tile
        let live = tile.hasSignal
        let flagged = flag && tile.isFlagged(nowMs: state.nowMs, alertMs: state.settings.values.highIntensityAlertMs)
        let plan = TilePlan(tile, g, detail: detail, privacy: privacy, flagged: flagged, minText: minText) { text, size, bold in
            canvas.drawnWidth(text, size: size, bold: bold)
        }
        let bg = plan.background
        // The round corners show background (and no longer the frame of an earlier alert).
        for corner in [Rect(r.x, r.y, g.radius, g.radius), Rect(r.maxX - g.radius, r.y, g.radius, g.radius),
                       Rect(r.x, r.maxY - g.radius, g.radius, g.radius), Rect(r.maxX - g.radius, r.maxY - g.radius, g.radius, g.radius)] {
            canvas.fill(corner, Theme.background)
        }
        canvas.fillRounded(r, radius: g.radius, bg)
        if flagged { canvas.stroke(r, Theme.warning, width: max(3, min(r.w, r.h) / 24)) }
        if live {
            canvas.heart(g.heart, Theme.text, hollow: tile.contact == .notDetected, pulse: pulse(bpm: tile.bpm))
        } else {
            canvas.heart(g.heart, Theme.textDim, hollow: true)
        }
        // The big number first: its opaque glyph box is taller than the digits, and what is above
        // and below it, drawn after, stays whole.
        let big = plan.texts.filter { $0.role == "big" || $0.role == "status" }
        for t in big { canvas.text(t.text, size: t.size, bold: t.bold, in: t.box, shrinkToFit: false, background: bg) }
        if live { canvas.fillRounded(g.badge, radius: g.footer.h / 4, Colour(0, 0, 0, 90)) }
        for t in plan.texts where !big.contains(t) {
            let background: Colour? = t.role == "badge" ? nil : bg
            let colour = t.role == "detail" && !live ? Theme.text.withAlpha(210) : Theme.text
            canvas.text(t.text, size: t.size, bold: t.bold, colour: colour, in: t.box, shrinkToFit: false, background: background)
        }
        if let avatar = plan.avatar, let initials = tile.initials {
            canvas.avatar(playerID: tile.playerID, version: tile.photoVersion, initials: initials, in: avatar)
        }
        canvas.battery(plan.battery, level: tile.battery)
        return plan
    }

    /// 1 right at a beat, falling to 0 within a sixth of the beat: a heart that beats at the player's rate.
    private func pulse(bpm: Int) -> Double {
        guard bpm > 0 else { return 0 }
        let period = 60_000.0 / Double(bpm)
        let phase = Double(animMs).truncatingRemainder(dividingBy: period) / period
        return phase < 0.18 ? 1 - phase / 0.18 : 0
    }
}

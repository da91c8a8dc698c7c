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
                // Laid out again only when it shows something else (a frame redrawn whole 60 times a second
                // shows each tile's new reading once).
                let kept = signature.signal && view.tilePlanSignatures[tile.playerID] == signature ? view.tilePlans[tile.playerID] : nil
                view.tilePlans[tile.playerID] = drawTile(tile, geometry, privacy: privacy, flag: !forWall, detail: detail,
                                                         minText: minText, plan: kept)
                view.tilePlanSignatures[tile.playerID] = signature
            }
            drawnTiles[tile.playerID] = signature
            hits.tileRects[tile.playerID] = r
        }
        if tiles.isEmpty {
            canvas.text(tr("No players in this session"), size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
    }

    /// The smallest text a tile may use: the readable minimum on the touchscreen, read at arm's length;
    /// on the wall display, read from across a gym, never under 24 px (DESIGN: readable at 5 m).
    func tileMinText(forWall: Bool) -> Int {
        forWall ? max(24, metrics.readableText) : metrics.readableText
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

    /// The heart's box copied opaque in the tile's colour (`Canvas.heart`'s `background`): no fill first.
    private func redrawHeart(_ tile: ShownTile, _ g: TileGeometry) {
        canvas.heart(g.heart, Theme.text, hollow: tile.contact == .notDetected, pulse: pulse(bpm: tile.bpm),
                     background: Theme.zone(tile.shownZone))
    }

    /// Draws a whole tile (laid out as `plan` when given: the one made for the same signature); returns what it wrote where.
    private func drawTile(_ tile: ShownTile, _ g: TileGeometry, privacy: Bool, flag: Bool, detail: TileDetail,
                          minText: Int, plan kept: TilePlan?) -> TilePlan {
        let r = g.tile
        let live = tile.hasSignal
        let flagged = flag && tile.isFlagged(nowMs: state.nowMs, alertMs: state.settings.values.highIntensityAlertMs)
        let plan = kept ?? TilePlan(tile, g, detail: detail, privacy: privacy, flagged: flagged, minText: minText) { text, size, bold in
            canvas.drawnWidth(text, size: size, bold: bold)
        }
        let bg = plan.background
        // The round corners show background (and no longer the frame of an earlier alert).
        canvas.fill([Rect(r.x, r.y, g.radius, g.radius), Rect(r.maxX - g.radius, r.y, g.radius, g.radius),
                     Rect(r.x, r.maxY - g.radius, g.radius, g.radius), Rect(r.maxX - g.radius, r.maxY - g.radius, g.radius, g.radius)],
                    Theme.background)
        canvas.fillRounded(r, radius: g.radius, bg)
        if flagged { canvas.stroke(r, Theme.warning, width: max(3, min(r.w, r.h) / 24)) }
        // The translucent parts (heart, badge, the badge's letters, the battery's inside) sit on the
        // tile's flat colour: made opaque on it once (`Precomposite`), not blended every frame.
        if live {
            canvas.heart(g.heart, Theme.text, hollow: tile.contact == .notDetected, pulse: pulse(bpm: tile.bpm), background: bg)
        } else {
            canvas.heart(g.heart, Theme.textDim, hollow: true, background: bg)
        }
        // The big number first (its glyphs' ink is copied, the tile's colour around it is the fill's).
        let big = plan.texts.filter { $0.role == "big" || $0.role == "status" }
        for t in big { canvas.text(t.text, size: t.size, bold: t.bold, in: t.box, shrinkToFit: false, background: bg) }
        let badge = canvas.precomposite.flat(Self.badgeShade, over: bg), badgeRadius = g.footer.h / 4
        if live { canvas.fillRounded(g.badge, radius: badgeRadius, badge) }
        for t in plan.texts where !big.contains(t) {
            let colour = t.role == "detail" && !live ? Theme.text.withAlpha(210) : Theme.text
            if t.role == "badge" {
                // The zone's letters blended onto the badge once (shaded text would round their edges a little
                // differently) where their box keeps off its round corners; else blended there as before.
                let h = canvas.measuredHeight(t.text, size: t.size, bold: t.bold)
                let drawn = Rect(t.box.x, t.box.y + (t.box.h - h) / 2, t.box.w, h)
                let opaque = Self.keepsOffCorners(drawn, of: g.badge, radius: badgeRadius)
                canvas.text(t.text, size: t.size, bold: t.bold, colour: colour, in: t.box, shrinkToFit: false,
                            background: opaque ? badge : nil, blendedOnto: opaque)
            } else {
                canvas.text(t.text, size: t.size, bold: t.bold, colour: colour, in: t.box, shrinkToFit: false, background: bg)
            }
        }
        if let avatar = plan.avatar, let initials = tile.initials {
            canvas.avatar(playerID: tile.playerID, version: tile.photoVersion, initials: initials, in: avatar)
        }
        canvas.battery(plan.battery, level: tile.battery, background: bg)
        return plan
    }

    /// The zone badge: the tile's colour darkened, as a black of this alpha over it.
    static let badgeShade = Colour(0, 0, 0, 90)

    /// Whether `r` lies inside `box` and clear of its corners' squares of `radius` (where a round
    /// corner shows what is behind the box).
    static func keepsOffCorners(_ r: Rect, of box: Rect, radius: Int) -> Bool {
        guard r.x >= box.x, r.y >= box.y, r.maxX <= box.maxX, r.maxY <= box.maxY else { return false }
        return (r.y >= box.y + radius && r.maxY <= box.maxY - radius) || (r.x >= box.x + radius && r.maxX <= box.maxX - radius)
    }

    /// 1 right at a beat, falling to 0 within a sixth of the beat: a heart that beats at the player's rate.
    private func pulse(bpm: Int) -> Double {
        guard bpm > 0 else { return 0 }
        let period = 60_000.0 / Double(bpm)
        let phase = Double(animMs).truncatingRemainder(dividingBy: period) / period
        return phase < 0.18 ? 1 - phase / 0.18 : 0
    }
}

import TeamCore

/// The live tiles, for the coach's screen and the wall display: number, name, battery, a heart
/// beating at the player's rate, BPM (or %HRmax in privacy), %HRmax and the zone; grey with
/// "no signal" when the strap went quiet.
extension Frame {
    /// Tiles laid out to fill `area`; the wall variant hides controls and may hide BPM (privacy).
    /// `around`: the larger area whose background the tiles sit on (painted here, so the frame needs no full clear).
    func liveTiles(in area: Rect, forWall: Bool, around: Rect) {
        let rects = TileGrid.rects(count: tiles.count, in: area, gap: metrics.px(6))
        let privacy = forWall && state.settings.wallPrivacy
        // With a back buffer that survives presents (software rendering), a tile whose content did not
        // change only gets its beating heart redrawn: most frames then touch a few percent of the pixels.
        let previous = view.previousTiles
        if previous == nil { paintBackground(around: around, except: rects) }
        for (tile, r) in zip(tiles, rects) {
            let signature = TileSignature(tile, rect: r, state: state, privacy: privacy, flag: !forWall)
            let layout = TileLayout(r)
            if let previous, previous[tile.playerID] == signature, signature.signal {
                redrawHeart(tile, layout)
            } else {
                drawTile(tile, r, layout, privacy: privacy, flag: !forWall)
            }
            drawnTiles[tile.playerID] = signature
            hits.tileRects[tile.playerID] = r
        }
        if tiles.isEmpty {
            canvas.text("No players in this session", size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
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

    private func redrawHeart(_ tile: ShownTile, _ layout: TileLayout) {
        canvas.fill(layout.heart, Theme.zone(tile.shownZone))
        canvas.heart(layout.heart, Theme.text, hollow: tile.contact == .notDetected, pulse: pulse(bpm: tile.bpm))
    }

    private func drawTile(_ tile: ShownTile, _ r: Rect, _ layout: TileLayout, privacy: Bool, flag: Bool) {
        let live = tile.hasSignal
        let zone = tile.shownZone
        let bg = live ? Theme.zone(zone) : Theme.noSignal
        let radius = max(4, min(r.w, r.h) / 14)
        // The round corners show background (and no longer the frame of an earlier alert).
        for corner in [Rect(r.x, r.y, radius, radius), Rect(r.maxX - radius, r.y, radius, radius),
                       Rect(r.x, r.maxY - radius, radius, radius), Rect(r.maxX - radius, r.maxY - radius, radius, radius)] {
            canvas.fill(corner, Theme.background)
        }
        canvas.fillRounded(r, radius: radius, bg)
        let flagged = flag && tile.isFlagged(nowMs: state.nowMs, alertMs: state.settings.highIntensityAlertMs)
        if flagged { canvas.stroke(r, Theme.warning, width: max(3, min(r.w, r.h) / 24)) }
        let (pad, header, middle, footer) = (layout.pad, layout.header, layout.middle, layout.footer)
        // The big number first: its opaque glyph boxes are taller than the digits, and the
        // header and footer drawn after it stay whole.
        defer {
            let nameBox = layout.nameBox, batteryBox = layout.batteryBox
            let numberW = canvas.measure("\(tile.shirtNumber)", size: header.h, bold: true) + pad / 2
            canvas.text("\(tile.shirtNumber)", size: header.h, bold: true, in: Rect(nameBox.x, nameBox.y, numberW, nameBox.h), background: bg)
            // A long name on a small tile is cut, never drawn over the battery.
            let nameRect = Rect(nameBox.x + numberW + pad / 2, nameBox.y, nameBox.w - numberW - pad / 2, nameBox.h)
            canvas.clip(nameRect)
            canvas.text(tile.name, size: header.h * 8 / 10, bold: true, in: nameRect, background: bg)
            canvas.clip(nil)
            canvas.battery(Rect(batteryBox.x, batteryBox.midY - batteryBox.h / 4, batteryBox.w, max(6, batteryBox.h / 2)),
                           level: tile.battery)
        }
        guard live else {
            canvas.heart(layout.heart, Theme.textDim, hollow: true)
            canvas.text("no signal", size: middle.h * 4 / 10, bold: true, colour: Theme.text, in: layout.numberBox, align: .center, background: bg)
            canvas.text(tile.contact == .notDetected ? "strap not on skin" : Self.silentLabel, size: footer.h * 7 / 10,
                        colour: Theme.text.withAlpha(210), in: footer)
            return
        }
        canvas.heart(layout.heart, Theme.text, hollow: tile.contact == .notDetected, pulse: pulse(bpm: tile.bpm))
        let percent = "\(Int(tile.percentOfMax.rounded()))%"
        if privacy {
            canvas.text(percent, size: middle.h * 9 / 10, bold: true, in: layout.numberBox, align: .center, background: bg)
        } else {
            canvas.text("\(tile.bpm)", size: middle.h * 95 / 100, bold: true, in: layout.numberBox, align: .center, background: bg)
        }
        let badgeW = min(footer.w / 3, footer.h * 2)
        let (left, badge) = footer.splitRight(badgeW)
        canvas.text(privacy ? "HRmax" : "\(percent) HRmax", size: footer.h * 8 / 10, bold: true, in: left, background: bg)
        canvas.fillRounded(badge, radius: footer.h / 4, Colour(0, 0, 0, 90))
        canvas.text(Theme.zoneName(zone) + (flagged ? "!" : ""), size: footer.h * 8 / 10, bold: true, in: badge, align: .center)
    }

    /// Why a tile without contact trouble is grey: nothing for longer than the no-signal limit.
    static let silentLabel = "strap silent > \(AppState.noSignalAfterMs / 1000) s"

    /// 1 right at a beat, falling to 0 within a sixth of the beat: a heart that beats at the player's rate.
    private func pulse(bpm: Int) -> Double {
        guard bpm > 0 else { return 0 }
        let period = 60_000.0 / Double(bpm)
        let phase = Double(animMs).truncatingRemainder(dividingBy: period) / period
        return phase < 0.18 ? 1 - phase / 0.18 : 0
    }
}

/// Where everything sits in a tile of a given size: rows (header: number, name, battery · the
/// heart and BPM · footer: %HRmax, zone), worked out once per tile for the full drawing and the
/// heart-only redraw alike.
struct TileLayout {
    let pad: Int
    let header: Rect
    let middle: Rect
    let footer: Rect
    let nameBox: Rect
    let batteryBox: Rect
    let heart: Rect
    /// Right of the heart: BPM, %HRmax in privacy, or "no signal".
    let numberBox: Rect

    init(_ r: Rect) {
        pad = max(4, min(r.w, r.h) / 16)
        let inner = r.inset(pad)
        let headerH = max(12, inner.h * 18 / 100)
        let footerH = max(12, inner.h * 18 / 100)
        let rest: Rect
        (header, rest) = inner.splitTop(headerH)
        (middle, footer) = rest.splitBottom(footerH)
        let batteryW = min(header.h * 2, inner.w / 5)
        (nameBox, batteryBox) = header.splitRight(batteryW, gap: pad / 2)
        let heartSize = min(middle.h * 55 / 100, middle.w / 4)
        heart = Rect(middle.x, middle.midY - heartSize / 2, heartSize, heartSize)
        numberBox = Rect(middle.x + heartSize + pad, middle.y, middle.w - heartSize - pad, middle.h)
    }
}

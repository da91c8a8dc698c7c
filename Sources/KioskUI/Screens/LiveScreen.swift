import Foundation
import TeamCore

/// The live session: tiles for every player, the countdown and the coach's controls.
extension Frame {
    func liveSession() {
        guard let live = state.live else { return }
        liveBar(live)
        var below = screen.splitTop(m.topBar).1
        if live.isInRecovery { below = recoveryBand(live, in: below) }
        liveTiles(live, in: below.inset(m.px(6)), forWall: false, around: below)
        switch live.phase {
        case .confirmStop:
            dialog(title: "Stop the session?", message: "The countdown stops; the recording goes on for the recovery minute. You can then save or discard it.",
                   buttons: [("Keep going", .cancelStop, .normal), ("Stop", .confirmStop, .danger)])
        case .finished:
            dialog(title: "Session stopped · \(SessionClock.format(live.clock.elapsedMs(nowMs: state.nowMs)))",
                   message: (live.recoveryRecorded ? "The recovery minute is recorded. " : "") + "Save it for review, or discard it.",
                   buttons: [("Discard…", .discard, .normal), ("Save", .save, .primary)])
        case .confirmDiscard:
            dialog(title: "Discard for good?", message: "Every heart rate of this session will be deleted. This cannot be undone.",
                   buttons: [("Keep it", .cancelDiscard, .normal), ("Delete session", .confirmDiscard, .danger)])
        default:
            break
        }
        notice()
    }

    private func liveBar(_ live: LiveSession) {
        let bar = screen.splitTop(m.topBar).0
        canvas.fill(bar, Theme.surface)
        if let team = state.team { canvas.fill(Rect(0, bar.maxY - m.px(4), bar.w, m.px(4)), Colour(team.team.colour)) }
        let bh = m.topBar - m.px(12)
        var x = m.margin
        let elapsed = SessionClock.format(live.clock.elapsedMs(nowMs: state.nowMs))
        let ew = m.px(120)
        canvas.text(elapsed, size: m.px(40), bold: true, in: Rect(x, 0, ew, m.topBar))
        x += ew + m.gap
        if live.effortEndedAtMs != nil {
            // The clock stopped with the effort; the band below counts the recovery minute.
        } else if let remaining = live.clock.remainingMs(nowMs: state.nowMs) {
            canvas.text("−" + SessionClock.format(remaining), size: m.px(26), bold: true, colour: Theme.textDim,
                        in: Rect(x, 0, m.px(104), m.topBar))
        } else {
            canvas.text("open", size: m.px(22), colour: Theme.textDim, in: Rect(x, 0, m.px(104), m.topBar))
        }
        if live.clock.isPaused && live.phase == .paused {
            canvas.text("PAUSED", size: m.px(18), bold: true, colour: Theme.warning, in: Rect(x, m.topBar - m.px(22), m.px(104), m.px(20)))
        }
        // In the recovery minute there is nothing to pause or lap: keep it, end it now, or throw it away.
        let buttons: [(String, Action?, ButtonStyle)] = live.isInRecovery ? [
            ("Discard…", .discard, .normal),
            ("Skip recovery", .skipRecovery, .normal),
            ("Save", .save, .primary),
        ] : [
            live.phase == .paused ? ("▶ Resume", .resume, .selected) : ("❚❚ Pause", .pause, .normal),
            ("Lap \(live.lapsMs.count + 1)", .lap, live.phase == .running ? .normal : .disabled),
            ("Sort: \(live.sort.label)", .sortTiles(nextSort(live.sort)), .normal),
            ("■ Stop", .stop, .danger),
        ]
        var right = m.width - m.margin
        for (label, action, style) in buttons.reversed() {
            let w = max(m.target + m.px(20), canvas.measure(label, size: m.body, bold: true) + m.px(24))
            let hitLabel = label.hasPrefix("Lap") ? "Lap" : (label.hasPrefix("Sort") ? "Sort" : label)
            button(label, Rect(right - w, m.px(6), w, bh), action, style: live.phase == .starting ? .disabled : style,
                   hitLabel: hitLabel.replacingOccurrences(of: "❚❚ ", with: "").replacingOccurrences(of: "▶ ", with: "")
                       .replacingOccurrences(of: "■ ", with: ""))
            right -= w + m.gap
        }
    }

    /// The recovery minute across the screen, big enough to read from the bench: what is
    /// happening and how long it still takes, with a strip that runs down. Returns the area below.
    private func recoveryBand(_ live: LiveSession, in area: Rect) -> Rect {
        let (band, rest) = area.splitTop(m.px(60))
        let left = live.recoveryRemainingMs(nowMs: state.nowMs) ?? 0
        canvas.fill(band, Theme.recovery)
        let strip = Rect(band.x, band.maxY - m.px(5), band.w, m.px(5))
        canvas.fill(strip, Theme.recovery.mixed(with: Theme.background, 0.5))
        canvas.fill(Rect(strip.x, strip.y, Int(Double(strip.w) * Double(left) / Double(Session.recoveryMs)), strip.h),
                    Theme.recovery.mixed(with: Theme.text, 0.45))
        recoveryCountdown(left, size: m.px(40), in: band.splitBottom(strip.h).0, background: Theme.recovery)
        return rest
    }

    /// "Recovery minute — 0:42", centred: the words as one cached text, the clock from digit glyphs.
    func recoveryCountdown(_ leftMs: Int64, size: Int, in box: Rect, background: Colour) {
        let label = "Recovery minute — ", clock = Self.recoveryClock(leftMs)
        var size = size
        func widths(_ size: Int) -> (Int, Int) {
            (canvas.measure(label, size: size, bold: true), clock.reduce(0) { $0 + canvas.measure(String($1), size: size, bold: true) })
        }
        var (lw, cw) = widths(size)
        while lw + cw > box.w - 2 * m.margin, size > 12 {
            size -= max(1, size / 12)
            (lw, cw) = widths(size)
        }
        let x = box.midX - (lw + cw) / 2
        canvas.text(label, size: size, bold: true, in: Rect(x, box.y, lw, box.h), shrinkToFit: false, background: background)
        canvas.text(clock, size: size, bold: true, in: Rect(x + lw, box.y, cw + 1, box.h), shrinkToFit: false, background: background)
    }

    /// "0:42": whole seconds still to go, rounded up, so it reads 1:00 at the start and 0:01 last.
    static func recoveryClock(_ ms: Int64) -> String {
        let s = (max(0, ms) + 999) / 1000
        return "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60)"
    }

    private func nextSort(_ sort: TileSort) -> TileSort {
        let all = TileSort.allCases
        return all[(all.firstIndex(of: sort)! + 1) % all.count]
    }

    /// Tiles laid out to fill `area`; the wall variant hides controls and may hide BPM (privacy).
    /// `around`: the larger area whose background the tiles sit on (painted here, so the frame needs no full clear).
    func liveTiles(_ live: LiveSession, in area: Rect, forWall: Bool, around: Rect) {
        let tiles = live.orderedTiles(nowMs: state.nowMs)
        let rects = TileGrid.rects(count: tiles.count, in: area, gap: m.px(6))
        let privacy = forWall && state.settings.wallPrivacy
        // With a back buffer that survives presents (software rendering), a tile whose content did not
        // change only gets its beating heart redrawn: most frames then touch a few percent of the pixels.
        let previous = view.previousTiles
        if previous == nil { paintBackground(around: around, except: rects) }
        for (tile, r) in zip(tiles, rects) {
            let signature = TileSignature(tile, rect: r, state: state, privacy: privacy, flag: !forWall)
            if let previous, previous[tile.playerID] == signature, signature.signal {
                redrawHeart(tile, r)
            } else {
                drawTile(tile, r, privacy: privacy, flag: !forWall)
            }
            drawnTiles[tile.playerID] = signature
            hits.tileRects[tile.playerID] = r
        }
        if tiles.isEmpty {
            canvas.text("No players in this session", size: m.body, colour: Theme.textDim, in: area, align: .center)
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

    /// Where the heart sits in a tile (shared by the full and the heart-only redraw).
    private func heartBox(in r: Rect) -> Rect {
        let pad = max(4, min(r.w, r.h) / 16)
        let inner = r.inset(pad)
        let headerH = max(12, inner.h * 18 / 100), footerH = max(12, inner.h * 18 / 100)
        let middle = inner.splitTop(headerH).1.splitBottom(footerH).0
        let heartSize = min(middle.h * 55 / 100, middle.w / 4)
        return Rect(middle.x, middle.midY - heartSize / 2, heartSize, heartSize)
    }

    private func redrawHeart(_ tile: LiveTile, _ r: Rect) {
        let box = heartBox(in: r)
        canvas.fill(box, Theme.zone(tile.shownZone))
        canvas.heart(box, Theme.text, hollow: tile.contact == .notDetected, pulse: pulse(bpm: tile.bpm))
    }

    private func drawTile(_ tile: LiveTile, _ r: Rect, privacy: Bool, flag: Bool) {
        let live = tile.hasSignal(nowMs: state.nowMs)
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
        let pad = max(4, min(r.w, r.h) / 16)
        let inner = r.inset(pad)
        // Rows: header (number, name, battery) · BPM · footer (%HRmax, zone).
        let headerH = max(12, inner.h * 18 / 100)
        let footerH = max(12, inner.h * 18 / 100)
        let (header, rest) = inner.splitTop(headerH)
        let (middle, footer) = rest.splitBottom(footerH)
        let batteryW = min(header.h * 2, inner.w / 5)
        let (nameBox, batteryBox) = header.splitRight(batteryW, gap: pad / 2)
        let heartBox = heartBox(in: r)
        let heartSize = heartBox.w
        let numberBox = Rect(middle.x + heartSize + pad, middle.y, middle.w - heartSize - pad, middle.h)
        // The big number first: its opaque glyph boxes are taller than the digits, and the
        // header and footer drawn after it stay whole.
        defer {
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
            canvas.heart(heartBox, Theme.textDim, hollow: true)
            canvas.text("no signal", size: middle.h * 4 / 10, bold: true, colour: Theme.text, in: numberBox, align: .center, background: bg)
            canvas.text(tile.contact == .notDetected ? "strap not on skin" : "strap silent > 5 s", size: footer.h * 7 / 10,
                        colour: Theme.text.withAlpha(210), in: footer)
            return
        }
        let beat = pulse(bpm: tile.bpm)
        canvas.heart(heartBox, Theme.text, hollow: tile.contact == .notDetected, pulse: beat)
        let percent = "\(Int(tile.percentOfMax.rounded()))%"
        if privacy {
            canvas.text(percent, size: middle.h * 9 / 10, bold: true, in: numberBox, align: .center, background: bg)
        } else {
            canvas.text("\(tile.bpm)", size: middle.h * 95 / 100, bold: true, in: numberBox, align: .center, background: bg)
        }
        let badgeW = min(footer.w / 3, footer.h * 2)
        let (left, badge) = footer.splitRight(badgeW)
        canvas.text(privacy ? "HRmax" : "\(percent) HRmax", size: footer.h * 8 / 10, bold: true, in: left, background: bg)
        canvas.fillRounded(badge, radius: footer.h / 4, Colour(0, 0, 0, 90))
        canvas.text(Theme.zoneName(zone) + (flagged ? "!" : ""), size: footer.h * 8 / 10, bold: true, in: badge, align: .center)
    }

    /// 1 right at a beat, falling to 0 within a sixth of the beat: a heart that beats at the player's rate.
    private func pulse(bpm: Int) -> Double {
        guard bpm > 0 else { return 0 }
        let period = 60_000.0 / Double(bpm)
        let phase = Double(animMs).truncatingRemainder(dividingBy: period) / period
        return phase < 0.18 ? 1 - phase / 0.18 : 0
    }

    /// The wall display: tiles and the countdown, no controls, big enough to read across a gym.
    func wallDisplay() {
        guard let live = state.live else {
            canvas.clear(Theme.background)
            let name = state.team?.team.name ?? "Sideline"
            canvas.text(name, size: m.px(60), bold: true, in: screen, align: .center)
            return
        }
        let (bar, rest) = screen.splitTop(m.px(72))
        if let left = live.recoveryRemainingMs(nowMs: state.nowMs) {
            // The players see that the minute is for getting their breath back, and how long it lasts.
            canvas.fill(bar, Theme.recovery)
            recoveryCountdown(left, size: m.px(56), in: bar, background: Theme.recovery)
            liveTiles(live, in: rest.inset(m.px(6)), forWall: true, around: rest)
            return
        }
        canvas.fill(bar, Theme.background)
        let elapsed = SessionClock.format(live.clock.elapsedMs(nowMs: state.nowMs))
        let halves = bar.inset(dx: m.margin, dy: 0).columns(2, gap: m.gap)
        canvas.text(elapsed, size: m.px(60), bold: true, in: halves[0])
        if live.effortEndedAtMs != nil {
            // Effort over, recovery done or skipped: the countdown is gone.
        } else if let remaining = live.clock.remainingMs(nowMs: state.nowMs) {
            canvas.text("−" + SessionClock.format(remaining), size: m.px(60), bold: true, colour: Theme.textDim, in: halves[1], align: .right)
        }
        liveTiles(live, in: rest.inset(m.px(6)), forWall: true, around: rest)
    }
}

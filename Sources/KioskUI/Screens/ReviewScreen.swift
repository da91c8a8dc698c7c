import Localization
import AppCore
import Foundation
import TeamCore

/// Review on the device: sessions, the team graph, one player's graph coloured by zone.
extension Frame {
    func reviewScreen() {
        let team = state.team
        if let data = state.review.data, let sheet = state.review.rating, sheet.sessionID == data.sessionID {
            ratingSheet(sheet)
        } else if state.review.data != nil, let sheet = state.review.drillSeason {
            drillSeasonSheet(sheet, player: state.review.selectedPlayer ?? state.review.spotlightPlayer)
        } else if let data = state.review.data {
            let back: (String, Action) = state.review.selectedPlayerID != nil ? (tr("‹ Team"), .review(.selectPlayer(nil))) : (tr("‹ Sessions"), .review(.close))
            // The zones are the session's, recorded under its model: said, so a changed setting does not surprise.
            // The year is in the sessions list; without it the day and time stay readable beside four buttons at 800×480.
            // Delete looks like the destructive button it is (red, as every delete on the kiosk); the PIN and a question follow.
            let title = Self.dayFormatter.string(from: data.startedAt) + ", " + Self.hoursAndMinutes(data.startedAt)
            let shortTitle = Localization.current.dateFormatter("dMHHmm").string(from: data.startedAt)
            let bar = topBar(title: title, shorterTitles: [shortTitle], colour: team.map { Colour($0.team.colour) }, back: back,
                             trailing: (SessionTags(stored: data.tags).isMeasurement ? [] : [(tr("Rate"), .review(.rating(.open)), .primary)])
                                + [(tr("Export"), .review(.export), .normal), (tr("Delete"), .review(.askToDelete), .danger),
                                   (tr("Lobby"), .navigate(.lobby), .normal)])
            let (info, area) = bar.splitTop(metrics.px(24), gap: metrics.px(6))
            sessionInfo(data, info)
            if let player = state.review.selectedPlayer {
                playerReview(player, data, area)
            } else {
                teamReview(data, area)
            }
        } else {
            let area = topBar(title: tr("{team} · sessions", ["team": team?.team.name ?? ""]), colour: team.map { Colour($0.team.colour) },
                              back: (tr("‹ Lobby"), .navigate(.lobby)), trailing: [(tr("Season"), .navigate(.season), .normal)])
            sessionList(area)
        }
        notice()
    }

    /// Under the bar: how long it recorded, the session's tags, and the zone model it was recorded under.
    private func sessionInfo(_ data: ReviewData, _ r: Rect) {
        let model = tr("zones: {model}", ["model": Self.zoneModelName(data.zoneModel)])
        let (left, modelBox) = r.splitRight(canvas.measure(model, size: metrics.small) + metrics.px(8), gap: metrics.gap)
        let duration = SessionClock.format(data.durationMs)
        let (durationBox, tagBox) = left.splitLeft(canvas.measure(duration, size: metrics.small, bold: true) + metrics.px(14))
        canvas.text(duration, size: metrics.small, bold: true, in: durationBox)
        let tags = data.tags.isEmpty ? tr("no tags") : fittingTagText(data.tags, width: tagBox.w, size: metrics.small, bold: true)
        canvas.text(tags, size: metrics.small, bold: !data.tags.isEmpty,
                    colour: data.tags.isEmpty ? Theme.textDim : Theme.accent.mixed(with: Theme.text, 0.55), in: tagBox)
        canvas.text(model, size: metrics.small, colour: Theme.textDim, in: modelBox, align: .right)
    }

    private func sessionList(_ area: Rect) {
        let sessions = state.review.shownSessions
        var listArea = area
        if !state.review.filterTags.isEmpty {
            let (filterRow, rest) = area.splitTop(metrics.target, gap: metrics.gap)
            tagFilter(filterRow)
            listArea = rest
        }
        if sessions.isEmpty {
            canvas.text(tr("No sessions yet"), size: metrics.body, colour: Theme.textDim, in: listArea, align: .center)
        }
        list(id: "sessions", area: listArea, rowHeight: metrics.target, count: sessions.count) { i, r in
            sessionRow(sessions[i], r)
            hits.add(Hit(rect: r, label: "Session \(i + 1)", action: .review(.open(sessionID: sessions[i].sessionID))))
        }
    }

    /// A session of the list: when and its tags; the team's average heart rate, the effort's
    /// length (not the recovery minute after it) and the players; "new" until reviewed.
    private func sessionRow(_ card: SessionCard, _ r: Rect) {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        let cols = r.inset(dx: metrics.px(16), dy: metrics.px(4))
        let (left, rest) = cols.splitLeft(cols.w * 45 / 100, gap: metrics.gap)
        let (info, badge) = rest.splitRight(metrics.px(62), gap: metrics.gap)
        let when = Self.dayTimeFormatter.string(from: card.startedAt)
        if card.tags.isEmpty {
            canvas.text(when, size: metrics.body, bold: true, in: left)
        } else {
            let (top, bottom) = left.splitTop(left.h * 11 / 20)
            canvas.text(when, size: metrics.body, bold: true, in: top)
            canvas.text(fittingTagText(card.tags, width: bottom.w, size: metrics.small), size: metrics.small, colour: Theme.accent.mixed(with: Theme.text, 0.55), in: bottom)
        }
        let (top, bottom) = info.splitTop(info.h * 11 / 20)
        let average = card.averageBPM.map { tr("avg {n} bpm", ["n": "\(Int($0.rounded()))"]) } ?? tr("avg –")
        canvas.text(average, size: metrics.body, bold: true, in: top)
        canvas.text(tr("{time} effort", ["time": SessionClock.format(card.effortMs)]) + " · " + trn("{n} player", "{n} players", n: card.playerCount),
                    size: metrics.small, colour: Theme.textDim, in: bottom)
        if !card.reviewed {
            let b = Rect(badge.x, r.midY - metrics.px(14), badge.w, metrics.px(28))
            canvas.fillRounded(b, radius: metrics.px(14), Theme.danger)
            canvas.text(tr("new", context: "session not yet reviewed"), size: metrics.small, bold: true, in: b, align: .center)
        }
    }

    /// "All" and the tags the sessions carry, most used first, as many as fit: one shows only its sessions.
    private func tagFilter(_ r: Rect) {
        let chosen = state.review.tagFilter
        var x = r.x
        let pad = metrics.px(28)
        for (label, tag) in [(tr("All"), nil as String?)] + state.review.filterTags.map({ (Self.tagText([$0]), $0 as String?) }) {
            let w = max(metrics.target + metrics.px(16), canvas.measure(label, size: metrics.body, bold: true) + pad)
            guard x + w <= r.maxX else { break }
            button(label, Rect(x, r.y, w, r.h), .review(.filter(tag: tag)), style: chosen == tag ? .primary : .normal,
                   hitLabel: tag.map { "filter:\($0)" } ?? "filter:all")
            x += w + metrics.gap
        }
    }

    private func teamReview(_ data: ReviewData, _ area: Rect) {
        var area = area
        if let suggestion = data.maxHRSuggestions.first {
            let (row, rest) = area.splitTop(metrics.target, gap: metrics.gap)
            maxHRSuggestion(suggestion, of: data.maxHRSuggestions.count, in: row)
            area = rest
        }
        var (graphArea, chips) = area.splitBottom(max(metrics.target * 2 + metrics.gap, area.h * 36 / 100), gap: metrics.gap)
        if let challenge = data.challenge {
            let (row, rest) = chips.splitTop(metrics.px(36), gap: metrics.gap)
            challengeResult(challenge, in: row)
            chips = rest
        }
        if !data.drills.isEmpty {
            let (row, rest) = chips.splitTop(metrics.target, gap: metrics.gap)
            drillChips(data.drills, playerID: state.review.spotlightPlayerID, in: row)
            chips = rest
        }
        graph(data, area: graphArea, players: state.review.spotlightPlayer.map { [$0] } ?? [], zoneColoured: false, band: true)
        // Cards of at least 200 px at 800×480 (three a row): a fitness test's "HRex 68.7 % · HRR60 −28" keeps a readable size.
        let columns = max(2, chips.w / metrics.px(200))
        let rows = (data.players.count + columns - 1) / columns
        let spotlight = state.review.spotlightPlayerID
        list(id: "reviewPlayers", area: chips, rowHeight: metrics.target, count: rows) { row, r in
            for (col, cell) in r.columns(columns, gap: metrics.gap).enumerated() {
                let i = row * columns + col
                guard i < data.players.count else { continue }
                let p = data.players[i]
                let picked = p.playerID == spotlight
                canvas.fillRounded(cell, radius: metrics.px(10), picked ? Theme.surfaceHigh : Theme.surface)
                if picked { canvas.stroke(cell, Theme.playerLineColour(p.playerID), width: max(2, metrics.px(2))) }
                canvas.fill(Rect(cell.x, cell.y + metrics.px(8), metrics.px(6), cell.h - metrics.px(16)), Theme.playerLineColour(p.playerID))
                let inner = cell.inset(dx: metrics.px(14), dy: metrics.px(4))
                let (top, bottom) = inner.splitTop(inner.h / 2)
                canvas.text("\(p.shirtNumber) \(p.name)", size: metrics.body - metrics.px(2), bold: true, in: top)
                let avg = p.digest.averageBPM.map { "\(Int($0.rounded()))" } ?? "–"
                // The first tap puts the player's line over the team's band; the second opens their numbers. A fitness
                // test's card gives its result: HRex and HRR60.
                let figures = Dictionary(p.analytics.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
                // HRR60 without its unit where the language's ("S/min") leaves no room: HRex's % says what HRR60's number is not.
                let hrr60 = figures["Recovery 1 min"] ?? "–"
                let size = metrics.small - metrics.px(2)
                let summary = figures["HRex"].map { hrex in
                    let full = "HRex \(hrex.replacingOccurrences(of: " HRmax", with: "")) · HRR60 \(hrr60)"
                    return canvas.measure(full, size: size) <= bottom.w ? full
                        : "HRex \(hrex.replacingOccurrences(of: " HRmax", with: "")) · HRR60 \(hrr60.split(separator: " ").first.map(String.init) ?? hrr60)"
                } ?? tr("avg {avg} · max {max}", ["avg": "\(avg)", "max": p.digest.maxBPM.map(String.init) ?? "–"])
                // The translator's short form where the whole does not fit at the readable size (German's, French's).
                let short = tr("details ›", context: "short, a card's line")
                let again = [tr("tap again for details ›"), short].first { canvas.measure($0, size: metrics.readableText) <= bottom.w } ?? short
                canvas.text(picked ? again : summary, size: size, colour: picked ? Theme.text : Theme.textDim, in: bottom)
                hits.add(Hit(rect: cell, label: p.name, action: picked ? .review(.selectPlayer(p.playerID)) : .review(.spotlight(p.playerID))))
            }
        }
    }

    /// A held peak above the player's HRmax on file: the coach makes it their HRmax, or not (one
    /// player at a time; the next follows). Both answers are a glove-sized button.
    private func maxHRSuggestion(_ s: MaxHeartRateSuggestion, of count: Int, in r: Rect) {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surfaceHigh)
        let use = tr("Use {n}", ["n": "\(s.observedBPM)"]), keep = tr("Keep {n}", ["n": "\(s.onFileBPM)"])
        let (least, size, pad) = (metrics.target * 2, metrics.body, metrics.px(32))
        let width = { [canvas] (label: String) in max(least, canvas.measure(label, size: size, bold: true) + pad) }
        let (text, buttons) = r.splitRight(width(use) + width(keep) + metrics.gap, gap: metrics.gap)
        let (useBox, keepBox) = buttons.splitLeft(width(use), gap: metrics.gap)
        let source = s.onFileSource == .measured ? tr("measured") : tr("{formula}'s estimate", ["formula": s.onFileSource.rawValue.capitalized])
        let (top, bottom) = text.inset(dx: metrics.px(14), dy: metrics.px(4)).splitTop(text.h / 2 - metrics.px(4))
        // "1 of 2" where the line has room for it at the readable size (Dutch's is long).
        let held = tr("{name} held {n} bpm for 5 s", ["name": s.name, "n": "\(s.observedBPM)"])
        let counted = held + (count > 1 ? " · " + tr("1 of {n}", ["n": "\(count)"]) : "")
        canvas.text(canvas.measure(counted, size: metrics.readableText, bold: true) <= top.w ? counted : held,
                    size: metrics.small + metrics.px(1), bold: true, in: top, background: Theme.surfaceHigh)
        canvas.text(tr("HRmax on file {n} ({source}): a new HRmax?", ["n": "\(s.onFileBPM)", "source": source]), size: metrics.small, colour: Theme.textDim, in: bottom,
                    background: Theme.surfaceHigh)
        button(use, useBox, .review(.acceptMaxHR(playerID: s.playerID)), style: .primary, hitLabel: "Use HRmax \(s.observedBPM)")
        button(keep, keepBox, .review(.dismissMaxHR(playerID: s.playerID)), style: .normal, hitLabel: "Keep HRmax \(s.onFileBPM)")
    }

    /// The zone model as the settings screen names it.
    static func zoneModelName(_ model: ZoneModel) -> String {
        "%" + (model == .percentOfMax ? tr("HRmax") : tr("HRR"))
    }

    /// A heart-rate graph: bpm 40–210 up, session time across; laps as dashed verticals. `band`: the
    /// team as its mean inside the band from its lowest to its highest player (readable at 40
    /// players), with `players` drawn over it; `previous`: a session drawn faintly behind.
    private func graph(_ data: ReviewData, area: Rect, players: [ReviewPlayer], zoneColoured: Bool, band: Bool = false,
                       previous: ReviewComparison? = nil) {
        canvas.fillRounded(area, radius: metrics.px(10), Theme.surface)
        let axisW = metrics.px(40)
        let plot = Rect(area.x + axisW, area.y + metrics.px(10), area.w - axisW - metrics.px(12), area.h - metrics.px(34))
        let lo = 40.0, hi = 210.0
        func y(_ bpm: Double) -> Int { plot.maxY - Int((min(hi, max(lo, bpm)) - lo) / (hi - lo) * Double(plot.h)) }
        // A longer previous session widens the time axis, so both lines are drawn whole on one scale.
        let duration = max(1, data.durationMs, previous?.series.last?.tMs ?? 0)
        func x(_ t: Int64) -> Int { plot.x + Int(Double(t) / Double(duration) * Double(plot.w)) }
        for bpm in stride(from: 60, through: 200, by: 40) {
            canvas.fill(Rect(plot.x, y(Double(bpm)), plot.w, 1), Theme.surfaceHigh)
            canvas.text("\(bpm)", size: metrics.small - metrics.px(2), colour: Theme.textDim, in: Rect(area.x, y(Double(bpm)) - metrics.px(10), axisW - metrics.px(6), metrics.px(20)), align: .right)
        }
        if let end = data.effortEndMs {
            // The recovery minute after the effort: shaded, its start marked, so the drop reads at a glance.
            let ex = x(end)
            canvas.fill(Rect(ex, plot.y, max(0, plot.maxX - ex), plot.h), Theme.recovery.withAlpha(70))
            canvas.fill(Rect(ex, plot.y, max(1, metrics.px(2)), plot.h), Theme.recovery.mixed(with: Theme.text, 0.3))
            canvas.text(tr("recovery"), size: metrics.small - metrics.px(2), bold: true, colour: Theme.recovery.mixed(with: Theme.text, 0.5),
                        in: Rect(ex + metrics.px(4), plot.y + metrics.px(2), max(0, plot.maxX - ex - metrics.px(6)), metrics.px(18)))
        }
        // An interval program's laps are its blocks, drawn as a strip; the coach's own laps as dashes.
        if !data.intervalBlocks.isEmpty { intervalStrip(data.intervalBlocks, x: x, plot: plot) }
        if !data.drills.isEmpty { drillStrip(data.drills, x: x, plot: plot) }
        let blockEnds = Set(data.intervalBlocks.map(\.toMs))
        for (i, lap) in data.lapsMs.enumerated() where !blockEnds.contains(lap) {
            let lx = x(lap)
            var yy = plot.y
            while yy < plot.maxY { canvas.fill(Rect(lx, yy, max(1, metrics.px(2)), metrics.px(6)), Theme.warning); yy += metrics.px(12) }
            canvas.text("L\(i + 1)", size: metrics.small - metrics.px(2), bold: true, colour: Theme.warning, in: Rect(lx + metrics.px(3), plot.y, metrics.px(40), metrics.px(18)))
        }
        canvas.text("0:00", size: metrics.small - metrics.px(2), colour: Theme.textDim, in: Rect(plot.x, plot.maxY + metrics.px(4), metrics.px(80), metrics.px(20)))
        canvas.text(SessionClock.format(duration), size: metrics.small - metrics.px(2), colour: Theme.textDim,
                    in: Rect(plot.maxX - metrics.px(80), plot.maxY + metrics.px(4), metrics.px(80), metrics.px(20)), align: .right)
        if band { teamBand(data.teamBand, x: x, y: y, plot: plot) }
        let thickness = max(2, metrics.px(3))
        if let previous {
            // What the faint line is, and what the (±) in the panel compare with: under the graph,
            // between its time labels, where nothing is drawn over it.
            let legend = tr("faint line and (±): ") + Self.previousFormatter.string(from: previous.startedAt)
            canvas.text(legend, size: metrics.small - metrics.px(2), colour: Theme.textDim,
                        in: Rect(plot.x + metrics.px(84), plot.maxY + metrics.px(4), max(0, plot.w - metrics.px(168)), metrics.px(20)),
                        align: .center)
            // Faint, behind: the shape of the last comparable session, not a second line to read.
            let points = Self.downsample(previous.series, buckets: plot.w / 2)
            canvas.polyline(points.map { (x($0.tMs), y(Double($0.bpm))) }, Theme.textDim.withAlpha(110), thickness: max(2, metrics.px(2)))
        }
        for p in players {
            let points = Self.downsample(p.series, buckets: plot.w / 2)
            if zoneColoured {
                var run: [(Int, Int)] = []
                var runZone: HeartRateZone?
                for point in points {
                    let zone = p.physiology.zone(Double(point.bpm), model: data.zoneModel)
                    let pt = (x(point.tMs), y(Double(point.bpm)))
                    if zone != runZone, let rz = runZone {
                        run.append(pt)
                        canvas.polyline(run, Theme.zone(rz).mixed(with: Theme.text, 0.25), thickness: thickness)
                        run = []
                    }
                    runZone = zone
                    run.append(pt)
                }
                if let rz = runZone { canvas.polyline(run, Theme.zone(rz).mixed(with: Theme.text, 0.25), thickness: thickness) }
            } else {
                canvas.polyline(points.map { (x($0.tMs), y(Double($0.bpm))) }, Theme.playerLineColour(p.playerID), thickness: thickness)
            }
        }
        if zoneColoured, let player = players.first {
            hits.add(DragRegion(rect: plot, target: .graphCursor(durationMs: duration)))
            if let cursor = state.review.cursorMs {
                let cx = x(cursor)
                canvas.fill(Rect(cx, plot.y, max(1, metrics.px(2)), plot.h), Theme.text)
                if let point = player.series.min(by: { abs($0.tMs - cursor) < abs($1.tMs - cursor) }) {
                    let zone = player.physiology.zone(Double(point.bpm), model: data.zoneModel)
                    let label = SessionClock.format(point.tMs) + " · " + tr("{n} bpm", ["n": "\(point.bpm)"]) + " · " + Theme.zoneName(zone)
                    let w = canvas.measure(label, size: metrics.body, bold: true) + metrics.px(20)
                    let bx = min(max(plot.x, cx - w / 2), plot.maxX - w)
                    // Below the row of lap and recovery labels, so it covers none of them.
                    let box = Rect(bx, plot.y + metrics.px(22), w, metrics.px(34))
                    canvas.fillRounded(box, radius: metrics.px(8), Theme.zone(zone))
                    canvas.text(label, size: metrics.body, bold: true, in: box, align: .center)
                }
            }
        }
    }

    static var previousFormatter: DateFormatter { Localization.current.dateFormatter("EEEdMMMHHmm") }

    /// The team's band (lowest to highest player, stretch by stretch) and its mean as a white line.
    private func teamBand(_ band: [TeamBandPoint], x: (Int64) -> Int, y: (Double) -> Int, plot: Rect) {
        guard !band.isEmpty else { return }
        let half = band.count > 1 ? max(1, (x(band[1].tMs) - x(band[0].tMs) + 1) / 2) : max(1, plot.w / 2)
        for p in band {
            let top = y(p.maxBPM), bottom = y(p.minBPM)
            canvas.fill(Rect(x(p.tMs) - half, top, 2 * half, max(1, bottom - top)), Theme.accent.mixed(with: Theme.surface, 0.35).withAlpha(150))
        }
        canvas.polyline(band.map { (x($0.tMs), y($0.meanBPM)) }, Theme.text, thickness: max(2, metrics.px(2)))
    }

    /// At most `buckets` points (the mean of each bucket), so a long session draws as fast as a short one.
    static func downsample(_ series: [SeriesPoint], buckets: Int) -> [SeriesPoint] {
        guard buckets > 0, series.count > buckets else { return series }
        let per = Double(series.count) / Double(buckets)
        return (0..<buckets).compactMap { b in
            let start = Int(Double(b) * per), end = min(series.count, Int(Double(b + 1) * per))
            guard end > start else { return nil }
            let slice = series[start..<end]
            let bpm = slice.reduce(0) { $0 + $1.bpm } / slice.count
            return SeriesPoint(tMs: slice[slice.startIndex + slice.count / 2].tMs, bpm: bpm)
        }
    }

    private func playerReview(_ p: ReviewPlayer, _ data: ReviewData, _ area: Rect) {
        let (graphArea, panel) = area.splitRight(max(metrics.px(250), area.w * 34 / 100), gap: metrics.gap)
        let (titleRow, graphRest) = graphArea.splitTop(metrics.px(34))
        playerTitle(p, titleRow)
        var graphBox = graphRest
        if !data.drills.isEmpty {
            // The player's own figures in each drill; a tap: that drill across the season, the player's weeks under the team's.
            let (rest, row) = graphRest.splitBottom(metrics.target, gap: metrics.gap)
            drillChips(data.drills, playerID: p.playerID, in: row)
            graphBox = rest
        }
        graph(data, area: graphBox, players: [p], zoneColoured: true, previous: p.previous)
        playerPanel(p, panel)
    }
}

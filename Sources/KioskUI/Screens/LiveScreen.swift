import Localization
import AppCore
import Foundation
import TeamCore

/// The coach's live screen: the bar with the clock and controls, the recovery band, an interval
/// program's band and a challenge's strip, the tiles (`LiveTiles.swift`) and the questions on top.
extension Frame {
    func liveSession() {
        guard let live = state.live else { return }
        if live.readinessCheck != nil, !live.isRecording, live.phase != .starting {
            readinessOutcome(live) // the check is over: its results, Save or Discard
            return
        }
        liveBar(live)
        var below = screen.splitTop(metrics.topBar).1
        if live.isInRecovery { below = recoveryBand(live, in: below) }
        if live.readinessCheck != nil { below = keepStillBand(live, in: below) }
        if live.fitnessTest != nil { below = paceBand(live, in: below) }
        below = challengeStrip(live, in: drillBand(live, in: intervalBand(live, in: below)))
        // A notice gets a strip of its own at the bottom: it covers no tile.
        let clear = clearOfNotice(below)
        if clear.h < below.h {
            canvas.fill(Rect(below.x, clear.maxY, below.w, below.maxY - clear.maxY), Theme.background)
            below = clear
        }
        if live.view == .graph {
            liveGraph(in: below)
        } else {
            liveTiles(in: below.inset(metrics.px(6)), forWall: false, around: below)
        }
        if live.pickingDrill { liveDrillSheet(live) }
        switch live.phase {
        case .confirmStop where live.readinessCheck != nil:
            dialog(title: tr("Stop the check?"), message: tr("It ends now and each player's last two minutes are read; a shorter check says less."),
                   buttons: [(tr("Keep going"), .live(.cancelStop), .normal), (tr("Stop"), .live(.confirmStop), .danger)])
        case .confirmStop:
            dialog(title: tr("Stop the session?"), message: tr("The countdown stops; the recording goes on for the recovery minute. You can then save or discard it."),
                   buttons: [(tr("Keep going"), .live(.cancelStop), .normal), (tr("Stop"), .live(.confirmStop), .danger)])
        case .finished:
            dialog(title: tr("Session stopped · {time}", ["time": SessionClock.format(live.clock.elapsedMs(nowMs: state.nowMs))]),
                   message: (live.recoveryRecorded ? tr("The recovery minute is recorded. ") : "") + tr("Save it for review, or discard it."),
                   buttons: [(tr("Discard…"), .live(.discard), .normal), (tr("Save"), .live(.save), .primary)])
        case .confirmDiscard:
            dialog(title: tr("Discard for good?"), message: tr("Every heart rate of this session will be deleted. This cannot be undone."),
                   buttons: [(tr("Keep it"), .live(.cancelDiscard), .normal), (tr("Delete session"), .live(.confirmDiscard), .danger)])
        default:
            break
        }
        notice()
    }

    private func liveBar(_ live: LiveSession) {
        let elapsed = SessionClock.format(live.clock.elapsedMs(nowMs: state.nowMs))
        // The clock stopped with the effort (the band below counts the recovery minute): no second clock.
        let remaining = live.effortEndedAtMs != nil ? "" : live.clock.remainingMs(nowMs: state.nowMs).map { "−" + SessionClock.format($0) } ?? tr("open", context: "countdown")
        let paused = live.clock.isPaused && live.phase == .paused
        // One tap to the graph of the last five minutes and one back (sorting is for the tiles).
        let view: (String, Action?, ButtonStyle) = live.view == .graph
            ? (tr("Tiles"), .live(.showView(.tiles)), .selected) : (tr("Graph"), .live(.showView(.graph)), .normal)
        // In the recovery minute there is nothing to pause or lap: keep it, end it now, or throw it away.
        // A readiness check is the players keeping still: nothing to pause, lap, sort or graph.
        // A fitness test's run keeps its pace: nothing to pause or lap either.
        let buttons: [(String, Action?, ButtonStyle)] = live.readinessCheck != nil || (live.fitnessTest != nil && live.effortEndedAtMs == nil)
            ? [(tr("■ Stop"), .live(.stop), .danger)]
            : live.isInRecovery ? [
            view,
            (tr("Discard…"), .live(.discard), .normal),
            (tr("Skip recovery"), .live(.skipRecovery), .normal),
            (tr("Save"), .live(.save), .primary),
        ] : [
            live.phase == .paused ? (tr("▶ Resume"), .live(.resume), .selected) : (tr("❚❚ Pause"), .live(.pause), .normal),
            (tr("Lap {n}", ["n": "\(live.lapsMs.count + 1)"]), .live(.lap), live.phase == .running ? .normal : .disabled),
        ] + (live.view == .tiles ? [(tr("Sort: {order}", ["order": tr(live.sort.label)]), .live(.sortTiles(nextSort(live.sort))), .normal)] : []) + [
            view,
            (tr("■ Stop"), .live(.stop), .danger),
        ]
        // The bar changes once a second: a frame that may keep the last one's pixels (the tiles' incremental
        // redraw) and would draw the same bar only puts its touch targets back.
        let inputs = LiveBarInputs(elapsed: elapsed, remaining: remaining, paused: paused, starting: live.phase == .starting,
                                   buttons: buttons.map { LiveBarInputs.Button(label: $0.0, style: $0.2) },
                                   team: state.team.map { Colour($0.team.colour) }, width: metrics.width)
        if self.view.previousTiles != nil, let last = self.view.liveBar, last.inputs == inputs {
            for hit in last.hits { hits.add(hit) }
            drawnBar = last
            return
        }
        let firstHit = hits.hits.count
        defer { drawnBar = LiveBarDrawn(inputs: inputs, hits: Array(hits.hits[firstHit...])) }
        let bar = screen.splitTop(metrics.topBar).0
        canvas.fill(bar, Theme.surface)
        if let team = inputs.team { canvas.fill(Rect(0, bar.maxY - metrics.px(4), bar.w, metrics.px(4)), team) }
        let bh = metrics.topBar - metrics.px(12)
        var x = metrics.margin
        let ew = metrics.px(120)
        // The bar's clocks are copied opaque onto the bar, whose team strip at the bottom they stay clear
        // of (the PAUSED line below does not: blended).
        canvas.text(elapsed, size: metrics.px(40), bold: true, in: Rect(x, 0, ew, metrics.topBar), background: Theme.surface)
        x += ew + metrics.gap
        if !remaining.isEmpty, !remaining.hasPrefix("−") { // "open": no countdown
            canvas.text(remaining, size: metrics.px(22), colour: Theme.textDim, in: Rect(x, 0, metrics.px(104), metrics.topBar),
                        background: Theme.surface)
        } else if !remaining.isEmpty {
            canvas.text(remaining, size: metrics.px(26), bold: true, colour: Theme.textDim,
                        in: Rect(x, 0, metrics.px(104), metrics.topBar), background: Theme.surface)
        }
        if paused {
            canvas.text(tr("PAUSED"), size: metrics.px(18), bold: true, colour: Theme.warning, in: Rect(x, metrics.topBar - metrics.px(22), metrics.px(104), metrics.px(20)))
        }
        // The buttons take what the clocks leave; on a small screen their labels get smaller, never cut.
        let available = metrics.width - metrics.margin - x - metrics.px(104) - metrics.gap
        var size = metrics.body, padding = metrics.px(24)
        func widths() -> [Int] {
            buttons.map { max(metrics.target + metrics.px(8), canvas.measure($0.0, size: size, bold: true) + padding) }
        }
        // Measured once a size: the bar is drawn every frame.
        var buttonWidths = widths()
        while buttonWidths.reduce(0, +) + metrics.gap * (buttons.count - 1) > available, size > metrics.px(15) {
            size -= 1
            padding = metrics.px(16)
            buttonWidths = widths()
        }
        if buttonWidths.reduce(0, +) + metrics.gap * (buttons.count - 1) > available {
            canvas.noteOverflow("live bar: " + buttons.map(\.0).joined(separator: " | "))
        }
        var right = metrics.width - metrics.margin
        for ((label, action, style), w) in zip(buttons, buttonWidths).reversed() {
            button(label, Rect(right - w, metrics.px(6), w, bh), action, style: live.phase == .starting ? .disabled : style,
                   size: size, hitLabel: Self.liveBarHitLabel(label, action: action), touch: Rect(right - w, 0, w, metrics.topBar))
            right -= w + metrics.gap
        }
    }

    /// What a script taps a live bar button by: "Lap" and "Sort" without what follows, the others
    /// without their symbol ("❚❚ Pause" is "Pause"). Every frame draws the bar: the labels' bytes
    /// compared (they are this file's own literals), no search and replace through Foundation.
    /// In another language the script's English name is the label's source message ("▶ Weiter" is "▶ Resume"),
    /// and Lap and Sort (whose words carry a number or an order) are known by what they do.
    static func liveBarHitLabel(_ drawn: String, action: Action? = nil) -> String {
        if case .live(.lap)? = action { return "Lap" }
        if case .live(.sortTiles)? = action { return "Sort" }
        let label = Localization.current.catalog.source(of: drawn) ?? drawn
        let bytes = label.utf8
        if bytes.starts(with: "Lap".utf8) { return "Lap" }
        if bytes.starts(with: "Sort".utf8) { return "Sort" }
        for symbol in ["❚❚ ", "▶ ", "■ "] where bytes.starts(with: symbol.utf8) {
            return String(Substring(bytes.dropFirst(symbol.utf8.count)))
        }
        return label
    }

    /// The recovery minute across the screen, big enough to read from the bench: what is
    /// happening and how long it still takes, with a strip that runs down. Returns the area below.
    private func recoveryBand(_ live: LiveSession, in area: Rect) -> Rect {
        let (band, rest) = area.splitTop(metrics.px(60))
        let left = live.recoveryRemainingMs(nowMs: state.nowMs) ?? 0
        canvas.fill(band, Theme.recovery)
        let strip = Rect(band.x, band.maxY - metrics.px(5), band.w, metrics.px(5))
        canvas.fill(strip, Theme.recovery.mixed(with: Theme.background, 0.5))
        canvas.fill(Rect(strip.x, strip.y, Int(Double(strip.w) * Double(left) / Double(Session.recoveryMs)), strip.h),
                    Theme.recovery.mixed(with: Theme.text, 0.45))
        recoveryCountdown(left, size: metrics.px(40), in: band.splitBottom(strip.h).0, background: Theme.recovery,
                          label: live.fitnessTest != nil ? tr("Stand still — ") : tr("Recovery minute — "))
        return rest
    }

    /// "Recovery minute — 0:42", centred: the words as one cached text, the clock from digit glyphs.
    func recoveryCountdown(_ leftMs: Int64, size: Int, in box: Rect, background: Colour, label: String? = nil) {
        let label = label ?? tr("Recovery minute — "), clock = Self.recoveryClock(leftMs)
        var size = size
        func widths(_ size: Int) -> (Int, Int) {
            (canvas.measure(label, size: size, bold: true), clock.reduce(0) { $0 + canvas.measure(String($1), size: size, bold: true) })
        }
        var (lw, cw) = widths(size)
        while lw + cw > box.w - 2 * metrics.margin, size > 12 {
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
}

import Localization
import AppCore
import TeamCore

/// A fitness test on the kiosk: the lobby's sheet (the run's length and the pace, then Start), and while the run is on a
/// band on the coach's screen and the wall with the run's countdown and the shuttle under way — each turn on a beep. The
/// minute standing still after it is the recovery minute's band, named for the test.
extension Frame {
    func fitnessSheet(_ plan: FitnessTestPlan) {
        let (buttons, body) = sheet(title: tr("Fitness test"), hint: tr("Everyone runs the shuttles at one pace, turning on each beep; then stands still"),
                                    buttonsWidth: metrics.px(146))
        button(tr("Cancel"), buttons, .lobby(.fitness(.open(false))), style: .normal)
        let (choices, startRow) = body.splitBottom(metrics.target + metrics.px(12), gap: metrics.gap)
        let rows = choices.rows(3, gap: metrics.gap)
        choiceRow(rows[0], tr("Run", context: "a fitness test's run"), nil, hitPrefix: "fitness:", FitnessSheetAction.runsMs.map { ms in
            ("\(ms / 60_000) min", Action.lobby(.fitness(.run(ms))), plan.runMs == ms)
        })
        choiceRow(rows[1], tr("Pace"), nil, hitPrefix: "fitness:", FitnessSheetAction.speedsKmh.map { kmh in
            ("\(kmh) km/h", Action.lobby(.fitness(.speed(kmh))), plan.speedKmh == kmh)
        })
        // One message, one literal (the extractor reads literals): a translator sees the whole help.
        wrappedText(tr("{metres} m shuttles: a beep every {seconds} s, then 1 min standing still. HRex (the last 30 s of the run, % HRmax) and HRR60 compare only with tests at the same run and pace.",
                       ["metres": "\(plan.shuttleMetres)", "seconds": Self.seconds(plan.beepIntervalMs)]),
                    size: metrics.small, in: rows[2].inset(dx: 0, dy: metrics.px(6)), colour: Theme.textDim)
        let canStart = state.canStartSession
        button("▶  " + tr("Start test"), startRow, canStart ? .live(.startFitnessTest) : nil, style: canStart ? .selected : .disabled,
               size: metrics.px(26), hitLabel: "Start test")
    }

    /// The band under the bar while the run is on; returns the area below it.
    func paceBand(_ live: LiveSession, in area: Rect) -> Rect {
        guard let test = live.fitnessTest, live.effortEndedAtMs == nil, let left = live.clock.remainingMs(nowMs: state.nowMs) else { return area }
        let (band, rest) = area.splitTop(metrics.px(60))
        canvas.fill(band, Theme.accent)
        let strip = Rect(band.x, band.maxY - metrics.px(5), band.w, metrics.px(5))
        canvas.fill(strip, Theme.accent.mixed(with: Theme.background, 0.5))
        canvas.fill(Rect(strip.x, strip.y, Int(Double(strip.w) * Double(left) / Double(max(1, test.runMs))), strip.h),
                    Theme.accent.mixed(with: Theme.text, 0.45))
        canvas.text(paceText(live, test: test, leftMs: left), size: metrics.px(40), bold: true,
                    in: band.splitBottom(strip.h).0.inset(dx: metrics.margin, dy: 0), align: .center, background: Theme.accent)
        return rest
    }

    /// The wall's bar while the run is on: the same words, bigger.
    func wallPaceBar(_ live: LiveSession, in bar: Rect) -> Bool {
        guard let test = live.fitnessTest, live.effortEndedAtMs == nil, let left = live.clock.remainingMs(nowMs: state.nowMs) else { return false }
        canvas.fill(bar, Theme.accent)
        canvas.text(paceText(live, test: test, leftMs: left), size: metrics.px(56), bold: true, in: bar.inset(dx: metrics.margin, dy: 0),
                    align: .center, background: Theme.accent)
        return true
    }

    /// "Run — 2:41 · shuttle 8/36".
    private func paceText(_ live: LiveSession, test: FitnessTestPlan, leftMs: Int64) -> String {
        let shuttles = test.runMs / max(1, test.beepIntervalMs)
        return tr("Run — {clock} · shuttle {n}/{total}",
                  ["clock": Self.recoveryClock(leftMs), "n": "\(min(shuttles, live.shuttleBeeps + 1))", "total": "\(shuttles)"])
    }

    /// "6.5" ("6,5"): a beep interval in seconds, one decimal, as the kiosk's language writes it.
    static func seconds(_ ms: Int64) -> String { decimal(Double(ms / 100) / 10, digits: 1) }
}

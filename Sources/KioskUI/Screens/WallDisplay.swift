import Localization
import AppCore
import TeamCore

/// The wall display: tiles and the countdown (or the interval block), a challenge's bars, no
/// controls, big enough to read across a gym.
extension Frame {
    func wallDisplay() {
        if state.live == nil, state.screen == .review, let sheet = state.review.rating {
            wallRatings(sheet)
            return
        }
        if state.live == nil, state.screen == .checkIn, let checkIn = state.checkIn {
            wallCheckIns(checkIn)
            return
        }
        guard let live = state.live else {
            canvas.clear(Theme.background)
            let name = state.team?.team.name ?? tr("Sideline")
            canvas.text(name, size: metrics.px(60), bold: true, in: screen, align: .center)
            return
        }
        if live.readinessCheck != nil, !live.isRecording, live.phase != .starting {
            wallReadinessResults(live)
            return
        }
        var (bar, rest) = screen.splitTop(metrics.px(72))
        if live.readinessCheck != nil, let left = live.clock.remainingMs(nowMs: state.nowMs) {
            // The players see they are to keep still, and for how long.
            canvas.fill(bar, Theme.readiness)
            keepStillCountdown(left, size: metrics.px(56), in: bar)
            liveTiles(in: rest.inset(metrics.px(6)), forWall: true, around: rest)
            return
        }
        if live.challenge != nil {
            let (tiles, band) = rest.splitBottom(metrics.px(64))
            challengeBars(live, in: band)
            rest = tiles
        }
        if let left = live.recoveryRemainingMs(nowMs: state.nowMs) {
            // The players see that the minute is for getting their breath back (a fitness test's: standing still), and how long it lasts.
            canvas.fill(bar, Theme.recovery)
            recoveryCountdown(left, size: metrics.px(56), in: bar, background: Theme.recovery,
                              label: live.fitnessTest != nil ? tr("Stand still — ") : tr("Recovery minute — "))
        } else if wallPaceBar(live, in: bar) {
            // A fitness test's run: its countdown and the shuttle under way.
        } else if let (block, remaining) = live.intervalPosition(nowMs: state.nowMs) {
            // The players' clock during a program is the block's: what to do, for how long, which repeat.
            drawIntervalBlock(block, remainingMs: remaining, next: live.intervals?.program.block(block.index + 1), in: bar, size: metrics.px(56))
        } else {
            canvas.fill(bar, Theme.background)
            let elapsed = SessionClock.format(live.clock.elapsedMs(nowMs: state.nowMs))
            let halves = bar.inset(dx: metrics.margin, dy: 0).columns(2, gap: metrics.gap)
            canvas.text(elapsed, size: metrics.px(60), bold: true, in: halves[0])
            if live.effortEndedAtMs != nil {
                // Effort over, recovery done or skipped: the countdown is gone.
            } else if let remaining = live.clock.remainingMs(nowMs: state.nowMs) {
                canvas.text("−" + SessionClock.format(remaining), size: metrics.px(60), bold: true, colour: Theme.textDim, in: halves[1], align: .right)
            }
        }
        liveTiles(in: rest.inset(metrics.px(6)), forWall: true, around: rest)
    }
}

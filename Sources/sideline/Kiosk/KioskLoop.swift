import CSDL2
import Foundation
import KioskUI
import TeamCore

/// The interactive loop: sleep in SDL_WaitEventTimeout until an event, a
/// sensor wake-up, or the next periodic redraw (beating hearts, the clock).
extension KioskApp {
    static let animationFrameMs: Int64 = 33

    func runInteractive() {
        var lastFrameMs = nowMs
        var lastMinute = Int(wallClock.timeIntervalSince1970 / 60)
        var lastSecond = nowMs / 1000
        while !quitRequested {
            var e = SDL_Event()
            if SDL_WaitEventTimeout(&e, Int32(waitTimeoutMs())) != 0 {
                handle(e)
                while SDL_PollEvent(&e) != 0 { handle(e) }
            }
            let now = nowMs
            if let out = gestures.poll(atMs: now) { apply(out) }
            stepInertia(dtMs: now - lastFrameMs)
            pumpSensors()
            if KioskView.isAnimated(state), now - lastFrameMs >= Self.animationFrameMs { needsDraw = true }
            // Countdowns and "no signal" states change by the second on the lobby and setup screens.
            if now / 1000 != lastSecond, state.screen != .teamPicker { needsDraw = true }
            lastSecond = now / 1000
            let minute = Int(wallClock.timeIntervalSince1970 / 60)
            if minute != lastMinute { needsDraw = true; lastMinute = minute }
            if needsDraw { lastFrameMs = now }
            drawIfNeeded()
        }
    }

    /// How long the loop may sleep: a frame while something moves, else until the next second.
    func waitTimeoutMs() -> Int64 {
        let now = nowMs
        if KioskView.isAnimated(state) || inertia.isMoving { return 16 }
        var timeout: Int64 = 1000 - now % 1000
        if let longPress = gestures.msUntilLongPress(atMs: now) { timeout = min(timeout, longPress + 1) }
        return max(1, timeout)
    }
}

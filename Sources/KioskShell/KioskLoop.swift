import Appliance
import CSDL2
import Foundation
import Kiosk
import KioskUI
import TeamCore

/// The interactive loop: sleep in SDL_WaitEventTimeout until an event, a
/// sensor wake-up, or the next periodic redraw (beating hearts, the clock).
extension KioskApp {
    static let animationFrameMs: Int64 = 33

    /// Runs until the coach quits, SIGINT/SIGTERM, or (benchmarks) the monotonic clock reaches `deadlineNs`.
    public func runEventLoop(until deadlineNs: UInt64? = nil) {
        var lastFrameMs = runtime.nowMs
        var lastMinute = Int(runtime.wallClock.timeIntervalSince1970 / 60)
        var lastSecond = runtime.nowMs / 1000
        StopSignal.install()
        while !quitRequested && !StopSignal.requested {
            if let deadlineNs, DispatchTime.now().uptimeNanoseconds >= deadlineNs { return }
            var e = SDL_Event()
            if waitForEvent(&e, timeoutMs: waitTimeoutMs()) {
                handle(e)
                while SDL_PollEvent(&e) != 0 { handle(e) }
            }
            let now = runtime.nowMs
            if let out = gestures.poll(atMs: now) { apply(out) }
            stepInertia(dtMs: now - lastFrameMs)
            runtime.update()
            if KioskView.isAnimated(state), now - lastFrameMs >= Self.animationFrameMs { runtime.needsDraw = true }
            // Countdowns and "no signal" states change by the second on the lobby and setup screens.
            if now / 1000 != lastSecond, state.screen != .teamPicker { runtime.needsDraw = true }
            lastSecond = now / 1000
            let minute = Int(runtime.wallClock.timeIntervalSince1970 / 60)
            if minute != lastMinute { runtime.needsDraw = true; lastMinute = minute }
            if runtime.needsDraw { lastFrameMs = now }
            drawIfNeeded()
            runtime.commitRecording()
            service?.loopTurned(nowNs: DispatchTime.now().uptimeNanoseconds)
        }
    }

    /// Drivers without a native event wait (offscreen, KMS/DRM on a Pi) make SDL_WaitEventTimeout
    /// poll every millisecond — a thousand wake-ups a second on an idle screen. Instead: look for
    /// input every `inputSliceMs`, and sleep on the worker's semaphore in between (sensor data wakes at once).
    static let inputSliceMs: Int64 = 8
    static let nativeWaitDrivers: Set<String> = ["x11", "wayland", "windows", "cocoa"]

    func waitForEvent(_ e: inout SDL_Event, timeoutMs: Int64) -> Bool {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if Self.nativeWaitDrivers.contains(driver) { return SDL_WaitEventTimeout(&e, Int32(timeoutMs)) != 0 }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeoutMs)) * 1_000_000
        while true {
            if SDL_PollEvent(&e) != 0 { return true }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            let slice = min(deadline - now, UInt64(Self.inputSliceMs) * 1_000_000)
            if wake.semaphore.wait(timeout: .now() + .nanoseconds(Int(slice))) == .success {
                while wake.semaphore.wait(timeout: .now()) == .success {}
            }
        }
    }

    /// How long the loop may sleep: a frame while something moves, else until the next second.
    func waitTimeoutMs() -> Int64 {
        let now = runtime.nowMs
        if KioskView.isAnimated(state) || inertia.isMoving { return 16 }
        var timeout: Int64 = 1000 - now % 1000
        if let longPress = gestures.msUntilLongPress(atMs: now) { timeout = min(timeout, longPress + 1) }
        return max(1, timeout)
    }
}

import Foundation
import TeamCore

/// Draws the coach's screen (or the wall display) from an AppState and
/// returns where the touch targets are. Knows nothing of the store or sensors.
public final class KioskView {
    public let canvas: Canvas
    public var view = ViewState()
    public private(set) var hits = HitMap()

    init(canvas: Canvas) { self.canvas = canvas }

    /// Draws one frame of the coach screen.
    public func draw(_ state: AppState, animMs: Int64, wallClock: Date) {
        canvas.beginFrame()
        // The live screen paints every pixel itself (bar, tiles, the gaps between them): clearing
        // first would write the whole frame twice, and in software that is the biggest cost.
        let paintsEverything = state.screen == .live && state.form == nil && state.pin == nil && state.confirmation == nil
            && [.running, .paused, .starting].contains(state.live?.phase)
        if !paintsEverything { canvas.clear(Theme.background) }
        let frame = Frame(canvas: canvas, state: state, animMs: animMs, wallClock: wallClock, view: view)
        switch state.screen {
        case .teamPicker: frame.teamPicker()
        case .teamSetup: frame.teamSetup()
        case .lobby: frame.lobby()
        case .live: frame.liveSession()
        case .review: frame.reviewScreen()
        case .settings: frame.settingsScreen()
        }
        if let form = state.form { frame.formOverlay(form) }
        if let pin = state.pin { frame.pinPad(pin) }
        if let c = state.confirmation {
            frame.dialog(title: "Are you sure?", message: c.question,
                         buttons: [("Cancel", .cancelConfirmation, .normal), (c.confirmLabel, .confirm, .danger)])
        }
        hits = frame.hits
    }

    /// Draws one frame of the wall display (tiles and countdown only).
    public func drawWall(_ state: AppState, animMs: Int64, wallClock: Date) {
        canvas.beginFrame()
        let frame = Frame(canvas: canvas, state: state, animMs: animMs, wallClock: wallClock, view: view)
        frame.wallDisplay()
        hits = HitMap()
    }

    /// Whether anything on screen moves by itself (beating hearts), so the loop knows to redraw periodically.
    public static func isAnimated(_ state: AppState) -> Bool {
        state.screen == .live && state.live != nil
    }

    /// Scrolls a list by a drag; returns true when the offset changed.
    @discardableResult
    public func scroll(id: String, by dy: Double, maxOffset: Int) -> Bool {
        let old = view.scroll[id] ?? 0
        let new = min(max(0, old - Int(dy.rounded())), maxOffset)
        view.scroll[id] = new
        return new != old
    }
}

import Foundation
import TeamCore

/// Draws the coach's screen (or the wall display) from an AppState and
/// returns where the touch targets are. Knows nothing of the store or sensors.
public final class KioskView {
    public let canvas: Canvas
    public var view = ViewState()
    public private(set) var hits = HitMap()
    /// True when what was drawn survives a present (SDL's software renderer draws into the window surface).
    public var persistentFrames = false
    /// What the last live frame was laid out as; any other layout redraws everything.
    private var lastLiveLayout: LiveLayout?

    struct LiveLayout: Equatable {
        var width: Int, height: Int
        var order: [Int64]
        var wall: Bool
        /// The recovery band moves the tiles down.
        var recovery: Bool
        /// A notice drawn over the tiles must not stay behind when it goes.
        var notice: String?
    }

    init(canvas: Canvas) { self.canvas = canvas }

    /// The next frame repaints everything (window exposed, resized, or a new surface).
    public func invalidate() { lastLiveLayout = nil }

    /// Whether this live frame may redraw only the tiles that changed, and remembers the layout.
    private func prepareIncremental(_ frame: Frame, live: Bool, wall: Bool) -> [Int64: TileSignature]? {
        let state = frame.state
        guard live, persistentFrames, let session = state.live else {
            lastLiveLayout = nil
            return nil
        }
        let layout = LiveLayout(width: canvas.metrics.width, height: canvas.metrics.height,
                                order: frame.tiles.map(\.playerID), wall: wall,
                                recovery: session.isInRecovery, notice: wall ? nil : state.shownNotice)
        defer { lastLiveLayout = layout }
        return layout == lastLiveLayout ? view.previousTiles : nil
    }

    /// Draws one frame of the coach screen.
    public func draw(_ state: AppState, animMs: Int64, wallClock: Date) {
        canvas.beginFrame()
        // The live screen paints every pixel itself (bar, tiles, the gaps between them): clearing
        // first would write the whole frame twice, and in software that is the biggest cost.
        let paintsEverything = state.screen == .live && state.form == nil && state.pin == nil && state.confirmation == nil
            && [.running, .paused, .starting, .recovery].contains(state.live?.phase)
        if !paintsEverything { canvas.clear(Theme.background) }
        let frame = Frame(canvas: canvas, state: state, animMs: animMs, wallClock: wallClock, view: view)
        frame.view.previousTiles = prepareIncremental(frame, live: paintsEverything, wall: false)
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
                         buttons: [("Cancel", .confirmation(.cancel), .normal), (c.confirmLabel, .confirmation(.confirm), .danger)])
        }
        hits = frame.hits
        view.previousTiles = frame.drawnTiles
    }

    /// Draws one frame of the wall display (tiles and countdown only).
    public func drawWall(_ state: AppState, animMs: Int64, wallClock: Date) {
        canvas.beginFrame()
        let frame = Frame(canvas: canvas, state: state, animMs: animMs, wallClock: wallClock, view: view)
        frame.view.previousTiles = prepareIncremental(frame, live: state.live != nil, wall: true)
        frame.wallDisplay()
        hits = HitMap()
        view.previousTiles = frame.drawnTiles
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

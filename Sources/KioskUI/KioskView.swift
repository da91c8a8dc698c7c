import Localization
import AppCore
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
    /// What the live graph last showed (nil: something else was drawn).
    private var lastGraphKey: LiveGraphKey?

    /// Everything the live graph shows changes at most this often: a reading a second per player,
    /// the clocks by the second, the notice, the buttons.
    struct LiveGraphKey: Equatable {
        var second: Int64
        var readings: [Int]
        var phase: LiveSession.Phase?
        var laps: Int
        var notice: String?
        var width: Int, height: Int

        init(_ state: AppState, metrics: Metrics) {
            second = state.nowMs / 1000
            readings = state.live?.tiles.map { $0.recent.points.count &+ Int(truncatingIfNeeded: $0.recent.points.last?.tMs ?? 0) } ?? []
            phase = state.live?.phase
            laps = state.live?.lapsMs.count ?? 0
            notice = state.shownNotice
            width = metrics.width
            height = metrics.height
        }
    }

    struct LiveLayout: Equatable {
        var width: Int, height: Int
        var order: [Int64]
        var wall: Bool
        /// The recovery band moves the tiles down.
        var recovery: Bool
        /// So do an interval program's band and a challenge's strip (on the wall its bars move their bottom up).
        var intervals: Bool
        var challenge: Bool
        /// A notice drawn over the tiles must not stay behind when it goes.
        var notice: String?
    }

    init(canvas: Canvas) { self.canvas = canvas }

    /// The next frame repaints everything (window exposed, resized, or a new surface).
    public func invalidate() {
        lastLiveLayout = nil
        lastGraphKey = nil
    }

    /// The kiosk speaks another language: nothing kept from the last frame's words is reused.
    public func languageChanged() {
        invalidate()
        view.previousTiles = nil
        view.tilePlans = [:]
        view.tilePlanSignatures = [:]
        view.liveBar = nil
    }

    /// Whether this live frame may redraw only the tiles that changed, and remembers the layout.
    private func prepareIncremental(_ frame: Frame, live: Bool, wall: Bool) -> [Int64: TileSignature]? {
        let state = frame.state
        guard live, persistentFrames, let session = state.live else {
            lastLiveLayout = nil
            return nil
        }
        let layout = LiveLayout(width: canvas.metrics.width, height: canvas.metrics.height,
                                order: frame.tiles.map(\.playerID), wall: wall,
                                recovery: session.isInRecovery, intervals: session.intervalPosition(nowMs: state.nowMs) != nil,
                                challenge: session.challenge != nil, notice: wall ? nil : state.shownNotice)
        defer { lastLiveLayout = layout }
        return layout == lastLiveLayout ? view.previousTiles : nil
    }

    /// Draws one frame of the coach screen.
    public func draw(_ state: AppState, animMs: Int64, wallClock: Date) {
        // The live screen paints every pixel itself (bar, tiles, the gaps between them): clearing
        // first would write the whole frame twice, and in software that is the biggest cost.
        let paintsEverything = state.screen == .live && state.form == nil && state.settings.pin == nil && state.confirmation == nil
            && [.running, .paused, .starting, .recovery].contains(state.live?.phase)
        // The graph view is drawn whole, but only when it changed: the software back buffer keeps it meanwhile.
        let graphKey = paintsEverything && state.live?.view == .graph ? LiveGraphKey(state, metrics: canvas.metrics) : nil
        // An unchanged graph stays on screen as drawn, and so do its texts (the state dump's): the frame begins after.
        if let graphKey, persistentFrames, graphKey == lastGraphKey { return }
        canvas.beginFrame()
        lastGraphKey = graphKey
        if !paintsEverything { canvas.clear(Theme.background) }
        let frame = Frame(canvas: canvas, state: state, animMs: animMs, wallClock: wallClock, view: view)
        frame.view.previousTiles = prepareIncremental(frame, live: paintsEverything && graphKey == nil, wall: false)
        switch state.screen {
        case .teamPicker: frame.teamPicker()
        case .teamSetup: frame.teamSetup()
        case .lobby: frame.lobby()
        case .live: frame.liveSession()
        case .review: frame.reviewScreen()
        case .season: frame.seasonScreen()
        case .checkIn: frame.checkInScreen()
        case .settings: frame.settingsScreen()
        }
        if let form = state.form { frame.formOverlay(form) }
        if let pin = state.settings.pin { frame.pinPad(pin) }
        if let c = state.confirmation {
            frame.dialog(title: tr("Are you sure?"), message: c.questionText,
                         buttons: [(tr("Cancel"), .confirmation(.cancel), .normal), (c.confirmLabel.translated, .confirmation(.confirm), .danger)])
        }
        hits = frame.hits
        keepTiles(of: frame)
    }

    /// Draws one frame of the wall display (tiles and countdown only).
    public func drawWall(_ state: AppState, animMs: Int64, wallClock: Date) {
        canvas.beginFrame()
        let frame = Frame(canvas: canvas, state: state, animMs: animMs, wallClock: wallClock, view: view)
        frame.view.previousTiles = prepareIncremental(frame, live: state.live != nil, wall: true)
        frame.wallDisplay()
        // The wall takes no touches; it keeps where its tiles are for the state dump.
        hits = HitMap()
        hits.tileRects = frame.hits.tileRects
        keepTiles(of: frame)
    }

    /// What the next frame compares with: the tiles drawn now, and what each of them shows.
    private func keepTiles(of frame: Frame) {
        view.previousTiles = frame.drawnTiles
        view.tilePlans = frame.view.tilePlans.filter { frame.drawnTiles[$0.key] != nil }
        view.tilePlanSignatures = frame.view.tilePlanSignatures.filter { frame.drawnTiles[$0.key] != nil }
        view.liveBar = frame.drawnBar
    }

    /// What each live tile shows where, by player: its texts (role, words, font size, box) and its
    /// avatar, heart and battery bar — for the state dump, so a test can see that nothing overlaps.
    public var tileParts: [Int64: [(role: String, text: String?, size: Int?, box: Rect)]] {
        view.tilePlans.mapValues { plan in
            plan.texts.map { ($0.role, $0.text, $0.size, $0.box) }
                + [("heart", nil, nil, plan.heart), ("battery", nil, nil, plan.battery)]
                + (plan.avatar.map { [("avatar", nil, nil, $0)] } ?? [])
        }
    }

    /// How each live tile's name was chosen, by player: the room it had, the smallest readable size,
    /// and each form's width at that size (longest form first) — for the state dump, so a test can
    /// see that the longest form that fits at a readable size is the one shown.
    public var tileNameFits: [Int64: (room: Int, readable: Int, forms: [(text: String, width: Int)])] {
        view.tilePlans.mapValues { plan in
            (plan.nameRoom, plan.readable, plan.nameForms.map { ($0, canvas.drawnWidth($0, size: plan.readable, bold: true)) })
        }
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

import CSDL2
import CSDLImage
import Foundation

/// A window with its renderer: fullscreen on a display, or an offscreen
/// window for headless runs. Software rendering when asked (headless, benchmarks).
public final class KioskWindow {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let window: OpaquePointer
    public let renderer: OpaquePointer
    public let view: KioskView
    public private(set) var width: Int
    public private(set) var height: Int
    /// Set when this view is one part of a window shared with another view (`spanning`).
    private var pane: Pane?

    /// One view's part of a shared window: which part, who owns the SDL window, who presents it.
    private struct Pane {
        let span: SpanningWindow
        let isWall: Bool
        var rect: Rect
    }

    public var windowID: UInt32 { SDL_GetWindowID(window) }

    public init(title: String, width: Int, height: Int, display: Int?, fullscreen: Bool, software: Bool, fonts: FontBook) throws {
        let opened = try Self.open(title: title, width: width, height: height, display: display, fullscreen: fullscreen, software: software)
        window = opened.window
        renderer = opened.renderer
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        self.width = Int(w)
        self.height = Int(h)
        view = KioskView(canvas: Canvas(renderer: renderer, fonts: fonts, width: Int(w), height: Int(h)))
        view.persistentFrames = opened.persistentFrames
        pane = nil
    }

    private init(pane: Pane, fonts: FontBook, persistentFrames: Bool) {
        window = pane.span.window
        renderer = pane.span.renderer
        self.pane = pane
        width = pane.rect.w
        height = pane.rect.h
        view = KioskView(canvas: Canvas(renderer: renderer, fonts: fonts, width: width, height: height, sharesTarget: true))
        view.persistentFrames = persistentFrames
    }

    /// An SDL window with its renderer; `persistentFrames`: what was drawn survives a present.
    private static func open(title: String, width: Int, height: Int, display: Int?, fullscreen: Bool,
                             software: Bool) throws -> (window: OpaquePointer, renderer: OpaquePointer, persistentFrames: Bool) {
        if software {
            // Otherwise SDL presents the software frame through an OpenGL (llvmpipe) surface:
            // ~90 MB more memory and a slower present at 1080p.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        var flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let position = display.map { sideline_SDL_WINDOWPOS_CENTERED_DISPLAY(Int32($0)) } ?? sideline_SDL_WINDOWPOS_UNDEFINED()
        guard let window = SDL_CreateWindow(title, position, position, Int32(width), Int32(height), flags) else {
            throw Failure(description: "cannot open a window (\(String(cString: SDL_GetError())))")
        }
        let rendererFlags = software ? SDL_RENDERER_SOFTWARE.rawValue : (SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        guard let renderer = SDL_CreateRenderer(window, -1, rendererFlags) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(window)
            throw Failure(description: "cannot create a renderer (\(String(cString: SDL_GetError())))")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        // Only the software renderer keeps the last frame in the window surface; GPU back buffers are undefined after a present.
        let persistent = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
            && getenv("SIDELINE_FULL_REDRAW") == nil
        return (window, renderer, persistent)
    }

    /// One fullscreen window over every output, with the coach's view on one output's part and the
    /// wall's on `wallDisplay`'s: for a compositor that shows one window and spreads it across all
    /// outputs (cage). The wall is nil when there is one output only.
    public static func spanning(title: String, coachDisplay: Int?, wallDisplay: Int?, software: Bool,
                                fonts: FontBook) throws -> (coach: KioskWindow, wall: KioskWindow?) {
        let opened = try open(title: title, width: 800, height: 480, display: nil, fullscreen: true, software: software)
        let span = SpanningWindow(window: opened.window, renderer: opened.renderer, coachDisplay: coachDisplay, wallDisplay: wallDisplay)
        let layout = span.layout()
        let coach = KioskWindow(pane: Pane(span: span, isWall: false, rect: layout.coach), fonts: fonts, persistentFrames: opened.persistentFrames)
        let wall = layout.wall.map {
            KioskWindow(pane: Pane(span: span, isWall: true, rect: $0), fonts: fonts, persistentFrames: opened.persistentFrames)
        }
        span.presenter = wall == nil ? .coach : .wall
        span.panesOpen = wall == nil ? 1 : 2
        return (coach, wall)
    }

    deinit { close() }

    private var closed = false

    /// Releases the window: the canvas's textures first, then the renderer that owns them, then
    /// the window. Call it before `SDL_Quit` — a deinit may run after it, when SDL is gone.
    public func close() {
        guard !closed else { return }
        closed = true
        view.canvas.releaseTextures()
        if let pane {
            // The SDL window goes with the last of its panes.
            pane.span.panesOpen -= 1
            guard pane.span.panesOpen == 0 else { return }
        }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// After a resize or a display change.
    public func refreshSize() {
        if var pane {
            let layout = pane.span.layout()
            pane.rect = (pane.isWall ? layout.wall : layout.coach) ?? Rect(0, 0, 0, 0)
            self.pane = pane
            width = pane.rect.w
            height = pane.rect.h
        } else {
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &w, &h)
            width = Int(w)
            height = Int(h)
        }
        view.canvas.resize(width: width, height: height)
        view.invalidate()
    }

    /// For a view in a shared window, where everything went, for the log (nil for a window of its own).
    public var layoutSummary: String? {
        guard let pane else { return nil }
        return pane.span.summary()
    }

    /// Before this view draws: in a shared window, the renderer draws into this view's part only.
    public func beginDrawing() {
        guard let pane else { return }
        var rect = SDL_Rect(x: Int32(pane.rect.x), y: Int32(pane.rect.y), w: Int32(pane.rect.w), h: Int32(pane.rect.h))
        SDL_RenderSetViewport(renderer, &rect)
    }

    /// Shows what was drawn; a shared window is shown once, by the view that draws last.
    public func present() {
        if let pane, pane.span.presenter != (pane.isWall ? .wall : .coach) { return }
        SDL_RenderPresent(renderer)
    }

    /// A point of the SDL window (in its coordinates) in this view's, or nil when it falls outside it.
    public func local(windowX: Int, windowY: Int) -> (x: Int, y: Int)? {
        guard let pane else { return (windowX, windowY) }
        let scale = pane.span.pixelsPerPoint()
        let x = Int(Double(windowX) * scale.x) - pane.rect.x, y = Int(Double(windowY) * scale.y) - pane.rect.y
        return x >= 0 && y >= 0 && x < pane.rect.w && y < pane.rect.h ? (x, y) : nil
    }

    /// The inverse of `local(windowX:windowY:)`: where a point of this view is in the SDL window
    /// (scripts press there, so their taps take the same way as a finger's).
    public func windowPoint(x: Int, y: Int) -> (x: Int, y: Int) {
        guard let pane else { return (x, y) }
        let scale = pane.span.pixelsPerPoint()
        return (Int((Double(x + pane.rect.x) / scale.x).rounded()), Int((Double(y + pane.rect.y) / scale.y).rounded()))
    }

    /// A touch (0…1 across the SDL window) in this view's coordinates, or nil outside it.
    public func local(normalizedX: Float, normalizedY: Float) -> (x: Int, y: Int)? {
        guard let pane else { return (Int(normalizedX * Float(width)), Int(normalizedY * Float(height))) }
        let size = pane.span.rendererSize()
        let x = Int(normalizedX * Float(size.w)) - pane.rect.x, y = Int(normalizedY * Float(size.h)) - pane.rect.y
        return x >= 0 && y >= 0 && x < pane.rect.w && y < pane.rect.h ? (x, y) : nil
    }

    /// This view's part of the renderer's target, for reading pixels back (SDL reads in target
    /// coordinates, so the viewport is set aside while it reads).
    private func readBack(_ local: SDL_Rect, into pixels: UnsafeMutableRawPointer?, pitch: Int32) -> Bool {
        guard let pane else {
            var rect = local
            return SDL_RenderReadPixels(renderer, &rect, sideline_SDL_PIXELFORMAT_ARGB8888(), pixels, pitch) == 0
        }
        SDL_RenderSetViewport(renderer, nil)
        defer { beginDrawing() }
        var rect = SDL_Rect(x: local.x + Int32(pane.rect.x), y: local.y + Int32(pane.rect.y), w: local.w, h: local.h)
        return SDL_RenderReadPixels(renderer, &rect, sideline_SDL_PIXELFORMAT_ARGB8888(), pixels, pitch) == 0
    }

    /// Saves what was last drawn as a PNG (read back before present).
    public func savePNG(to path: String) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, sideline_SDL_PIXELFORMAT_ARGB8888()) else {
            throw Failure(description: "cannot make a screenshot surface")
        }
        defer { SDL_FreeSurface(surface) }
        guard readBack(SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height)), into: surface.pointee.pixels, pitch: surface.pointee.pitch) else {
            throw Failure(description: "cannot read pixels (\(String(cString: SDL_GetError())))")
        }
        guard sideline_IMG_SavePNG(surface, path) == 0 else {
            var reason = [CChar](repeating: 0, count: 512)
            if sideline_img_open(&reason, reason.count) != 0 {
                throw Failure(description: "cannot write \(path): \(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
            }
            throw Failure(description: "cannot write \(path) (\(String(cString: SDL_GetError())))")
        }
    }

    /// The colour of one pixel of what was last drawn (for scripted pixel checks).
    public func pixel(x: Int, y: Int) -> Colour? {
        var value: UInt32 = 0
        let read = withUnsafeMutableBytes(of: &value) { readBack(SDL_Rect(x: Int32(x), y: Int32(y), w: 1, h: 1), into: $0.baseAddress, pitch: 4) }
        return read ? Colour(hex: value & 0xFFFFFF) : nil
    }
}

import CSDL2
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

    public var windowID: UInt32 { SDL_GetWindowID(window) }

    public init(title: String, width: Int, height: Int, display: Int?, fullscreen: Bool, software: Bool, fonts: FontBook) throws {
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
        self.window = window
        self.renderer = renderer
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        self.width = Int(w)
        self.height = Int(h)
        view = KioskView(canvas: Canvas(renderer: renderer, fonts: fonts, width: Int(w), height: Int(h)))
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        // Only the software renderer keeps the last frame in the window surface; GPU back buffers are undefined after a present.
        view.persistentFrames = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
            && ProcessInfo.processInfo.environment["SIDELINE_FULL_REDRAW"] == nil
    }

    deinit { close() }

    private var closed = false

    /// Releases the window: the canvas's textures first, then the renderer that owns them, then
    /// the window. Call it before `SDL_Quit` — a deinit may run after it, when SDL is gone.
    public func close() {
        guard !closed else { return }
        closed = true
        view.canvas.releaseTextures()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// After a resize or a display change.
    public func refreshSize() {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        width = Int(w)
        height = Int(h)
        view.canvas.resize(width: width, height: height)
        view.invalidate()
    }

    public func present() { SDL_RenderPresent(renderer) }

    /// Saves what was last drawn as a PNG (read back before present).
    public func savePNG(to path: String) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, sideline_SDL_PIXELFORMAT_ARGB8888()) else {
            throw Failure(description: "cannot make a screenshot surface")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, sideline_SDL_PIXELFORMAT_ARGB8888(), surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw Failure(description: "cannot read pixels (\(String(cString: SDL_GetError())))")
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw Failure(description: "cannot write \(path) (\(String(cString: SDL_GetError())))")
        }
    }

    /// The colour of one pixel of what was last drawn (for scripted pixel checks).
    public func pixel(x: Int, y: Int) -> Colour? {
        var value: UInt32 = 0
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: 1, h: 1)
        guard SDL_RenderReadPixels(renderer, &rect, sideline_SDL_PIXELFORMAT_ARGB8888(), &value, 4) == 0 else { return nil }
        return Colour(hex: value & 0xFFFFFF)
    }
}

import CSDL2

/// The SDL window and renderer two panes share, and where each pane goes in it: the displays'
/// bounds as SDL reports them, asked again whenever the window's size changes.
final class SpanningWindow {
    enum Presenter { case coach, wall }
    let window: OpaquePointer
    let renderer: OpaquePointer
    let coachDisplay: Int?
    let wallDisplay: Int?
    var presenter = Presenter.coach
    var panesOpen = 2

    init(window: OpaquePointer, renderer: OpaquePointer, coachDisplay: Int?, wallDisplay: Int?) {
        self.window = window
        self.renderer = renderer
        self.coachDisplay = coachDisplay
        self.wallDisplay = wallDisplay
    }

    func rendererSize() -> (w: Int, h: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    func windowSize() -> (w: Int, h: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    func pixelsPerPoint() -> (x: Double, y: Double) {
        let r = rendererSize(), w = windowSize()
        return (Double(r.w) / Double(max(1, w.w)), Double(r.h) / Double(max(1, w.h)))
    }

    func displays() -> [Rect] {
        (0..<max(0, Int(SDL_GetNumVideoDisplays()))).map { i -> Rect in
            var b = SDL_Rect()
            SDL_GetDisplayBounds(Int32(i), &b)
            return Rect(Int(b.x), Int(b.y), Int(b.w), Int(b.h))
        }
    }

    func layout() -> DisplaySpan {
        DisplaySpan.layout(displays: displays(), coachDisplay: coachDisplay, wallDisplay: wallDisplay,
                           windowSize: windowSize(), rendererSize: rendererSize())
    }

    func summary() -> String {
        func text(_ r: Rect) -> String { "\(r.w)x\(r.h)+\(r.x)+\(r.y)" }
        let l = layout(), w = windowSize()
        let outputs = displays().enumerated().map { i, r in
            "\(i) \(SDL_GetDisplayName(Int32(i)).map { String(cString: $0) } ?? "?") \(text(r))"
        }
        return "one window \(w.w)x\(w.h) over displays \(outputs.joined(separator: ", ")): coach \(text(l.coach)), "
            + (l.wall.map { "wall \(text($0))" } ?? (wallDisplay.map { "no wall (display \($0) not there)" } ?? "no wall"))
    }
}

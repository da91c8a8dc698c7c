/// Where the coach's view and the wall's go inside one window that spans every output — what a
/// one-window compositor (cage, which extends its single window across all outputs) gives the
/// kiosk on a board with a touchscreen and an HDMI wall display. Pure geometry: the displays'
/// bounds as the display server reports them, the window's size in points and the renderer's in
/// pixels (HiDPI) → each view's rectangle in renderer pixels.
public struct DisplaySpan: Equatable, Sendable {
    public var coach: Rect
    public var wall: Rect?

    public init(coach: Rect, wall: Rect?) {
        self.coach = coach
        self.wall = wall
    }

    /// `coachDisplay` is the coach's display index (nil or not there: the first that is not the
    /// wall's); `wallDisplay` the wall's (nil: no wall; the other outputs stay dark). With one display
    /// the coach gets the whole window and there is no wall. A part is clamped to the window, so it
    /// is empty while the window is smaller than the outputs.
    public static func layout(displays: [Rect], coachDisplay: Int? = nil, wallDisplay: Int?, windowSize: (w: Int, h: Int),
                              rendererSize: (w: Int, h: Int)) -> DisplaySpan {
        let whole = Rect(0, 0, rendererSize.w, rendererSize.h)
        let wallIndex = wallDisplay.flatMap { displays.indices.contains($0) ? $0 : nil }
        let coachIndex = coachDisplay.flatMap { displays.indices.contains($0) && $0 != wallIndex ? $0 : nil }
            ?? displays.indices.first { $0 != wallIndex }
        guard displays.count >= 2, let coachIndex, windowSize.w > 0, windowSize.h > 0 else { return DisplaySpan(coach: whole, wall: nil) }
        let left = displays.map(\.x).min() ?? 0, top = displays.map(\.y).min() ?? 0
        func pixels(_ d: Rect) -> Rect {
            let sx = Double(rendererSize.w) / Double(windowSize.w), sy = Double(rendererSize.h) / Double(windowSize.h)
            let x0 = Int((Double(d.x - left) * sx).rounded()), y0 = Int((Double(d.y - top) * sy).rounded())
            let x1 = Int((Double(d.maxX - left) * sx).rounded()), y1 = Int((Double(d.maxY - top) * sy).rounded())
            // Clamped to the window: until the compositor has sized it, it may be smaller than the outputs.
            let cx0 = min(max(0, x0), rendererSize.w), cy0 = min(max(0, y0), rendererSize.h)
            return Rect(cx0, cy0, max(0, min(x1, rendererSize.w) - cx0), max(0, min(y1, rendererSize.h) - cy0))
        }
        // Until the compositor has sized the window, a part may be empty: it is there, drawn once it has room.
        return DisplaySpan(coach: pixels(displays[coachIndex]), wall: wallIndex.map { pixels(displays[$0]) })
    }
}

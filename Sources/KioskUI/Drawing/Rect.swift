/// An integer rectangle in window pixels.
public struct Rect: Sendable, Equatable, Hashable {
    public var x: Int, y: Int, w: Int, h: Int
    public init(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
        self.x = x; self.y = y; self.w = w; self.h = h
    }

    public var maxX: Int { x + w }
    public var maxY: Int { y + h }
    public var midX: Int { x + w / 2 }
    public var midY: Int { y + h / 2 }

    public func contains(_ px: Int, _ py: Int) -> Bool { px >= x && px < x + w && py >= y && py < y + h }

    public func inset(_ d: Int) -> Rect { Rect(x + d, y + d, max(0, w - 2 * d), max(0, h - 2 * d)) }
    public func inset(dx: Int, dy: Int) -> Rect { Rect(x + dx, y + dy, max(0, w - 2 * dx), max(0, h - 2 * dy)) }

    /// Splits off the top `height` pixels: (top, rest).
    public func splitTop(_ height: Int, gap: Int = 0) -> (Rect, Rect) {
        let hh = min(height, h)
        return (Rect(x, y, w, hh), Rect(x, y + hh + gap, w, max(0, h - hh - gap)))
    }

    public func splitLeft(_ width: Int, gap: Int = 0) -> (Rect, Rect) {
        let ww = min(width, w)
        return (Rect(x, y, ww, h), Rect(x + ww + gap, y, max(0, w - ww - gap), h))
    }

    public func splitRight(_ width: Int, gap: Int = 0) -> (Rect, Rect) {
        let ww = min(width, w)
        return (Rect(x, y, max(0, w - ww - gap), h), Rect(x + w - ww, y, ww, h))
    }

    public func splitBottom(_ height: Int, gap: Int = 0) -> (Rect, Rect) {
        let hh = min(height, h)
        return (Rect(x, y, w, max(0, h - hh - gap)), Rect(x, y + h - hh, w, hh))
    }

    /// `n` equal columns with gaps.
    public func columns(_ n: Int, gap: Int) -> [Rect] {
        guard n > 0 else { return [] }
        let cw = (w - gap * (n - 1)) / n
        return (0..<n).map { Rect(x + $0 * (cw + gap), y, cw, h) }
    }

    public func rows(_ n: Int, gap: Int) -> [Rect] {
        guard n > 0 else { return [] }
        let rh = (h - gap * (n - 1)) / n
        return (0..<n).map { Rect(x, y + $0 * (rh + gap), w, rh) }
    }

    public func offsetBy(dx: Int = 0, dy: Int = 0) -> Rect { Rect(x + dx, y + dy, w, h) }

    public func intersects(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
}

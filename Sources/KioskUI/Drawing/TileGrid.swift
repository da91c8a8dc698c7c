/// Lays out `count` tiles to fill an area: the column count that gives the
/// largest BPM digits (4 → 2×2, 8 → 4×2, 12 → 4×3, 16 → 4×4).
public enum TileGrid {
    public static func dimensions(count: Int, width: Int, height: Int) -> (columns: Int, rows: Int) {
        guard count > 0, width > 0, height > 0 else { return (1, 1) }
        var best = (columns: 1, rows: count)
        var bestScore = -Double.infinity
        for columns in 1...count {
            let rows = (count + columns - 1) / columns
            let tw = Double(width) / Double(columns), th = Double(height) / Double(rows)
            // The BPM digits are what must be read from afar: their size is bound by the tile's
            // height (about 0.6 of it) and by its width (three digits ≈ 2.6 × their height);
            // empty cells waste screen, so they scale the score down.
            let digitSize = min(0.6 * th, 0.39 * tw)
            let score = digitSize * Double(count) / Double(columns * rows)
            if score > bestScore { bestScore = score; best = (columns, rows) }
        }
        return best
    }

    public static func rects(count: Int, in area: Rect, gap: Int) -> [Rect] {
        let (columns, rows) = dimensions(count: count, width: area.w, height: area.h)
        let tw = (area.w - gap * (columns - 1)) / columns
        let th = (area.h - gap * (rows - 1)) / rows
        return (0..<count).map { i in
            Rect(area.x + (i % columns) * (tw + gap), area.y + (i / columns) * (th + gap), tw, th)
        }
    }
}

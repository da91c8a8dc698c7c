/// Lays out `count` tiles to fill an area: the column count that gives the
/// largest tiles close to a readable aspect (4 → 2×2, 8 → 4×2, 12 → 4×3, 16 → 4×4).
public enum TileGrid {
    public static func dimensions(count: Int, width: Int, height: Int) -> (columns: Int, rows: Int) {
        guard count > 0, width > 0, height > 0 else { return (1, 1) }
        var best = (columns: 1, rows: count)
        var bestScore = -Double.infinity
        for columns in 1...count {
            let rows = (count + columns - 1) / columns
            let tw = Double(width) / Double(columns), th = Double(height) / Double(rows)
            // The text in a tile needs width more than height: prefer aspect ≈ 1.5, penalise extremes.
            let aspect = tw / th
            let fit = min(aspect / 1.5, 1.5 / aspect)
            let score = min(tw / 1.5, th) * (0.6 + 0.4 * fit) - Double(columns * rows - count) * 0.5
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

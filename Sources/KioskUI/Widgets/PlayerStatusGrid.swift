import AppCore
import TeamCore

/// A player's tile on a sheet the team goes through one by one (rating the session, the morning
/// Check-in): their face, number and name, and a status line — green once they are done.
struct PlayerStatusTile {
    var playerID: Int64
    var number: Int
    var name: String
    var done: Bool
    var status: String
    /// The tile's touch target (label, action); nil on the wall.
    var hit: (label: String, action: Action)?
}

extension Frame {
    /// The tiles in the grid a team of their number takes (`TileGrid`), every name at one size and in one
    /// form — the longest ("13 Ida Fischer", "13 Ida F.", "13 Ida") at which all fit, never under the readable minimum.
    func playerStatusGrid(_ tiles: [PlayerStatusTile], in area: Rect, forWall: Bool) {
        let minText = tileMinText(forWall: forWall)
        let rects = TileGrid.rects(count: tiles.count, in: area, gap: metrics.px(6))
        func forms(_ tile: PlayerStatusTile) -> [String] {
            if state.settings.values.showAliases { return Array(repeating: "#\(tile.number)", count: 3) }
            let parts = tile.name.split(separator: " ", maxSplits: 1).map(String.init)
            let shorter = parts.count == 2 ? ["\(parts[0]) \(parts[1].prefix(1)).", parts[0]] : [tile.name, tile.name]
            return ([tile.name] + shorter).map { "\(tile.number) \($0)" }
        }
        var fit = (index: 0, size: minText)
        if let cell = rects.first {
            let inner = cell.inset(dx: max(4, cell.w / 20), dy: max(2, cell.h / 14))
            let words = inner.w - min(inner.h, inner.w * 2 / 5) - max(4, cell.w / 24)
            let largest = max(minText, min(inner.h / 2 * 6 / 10, metrics.px(forWall ? 40 : 22)))
            fit = commonForms(tiles.map(forms), widths: tiles.map { _ in words }, max: largest, readable: minText, bold: true)
        }
        for (tile, r) in zip(tiles, rects) {
            hits.tileRects[tile.playerID] = r
            canvas.fillRounded(r, radius: metrics.px(10), tile.done ? Theme.good : Theme.surfaceHigh)
            let inner = r.inset(dx: max(4, r.w / 20), dy: max(2, r.h / 14))
            let roster = state.roster.first { $0.playerID == tile.playerID }
            let (face, words) = inner.splitLeft(min(inner.h, inner.w * 2 / 5), gap: max(4, r.w / 24))
            canvas.avatar(playerID: tile.playerID, version: roster?.photoVersion, initials: roster?.player.initials ?? "#\(tile.number)", in: face)
            let (nameRow, statusRow) = words.splitTop(words.h / 2)
            canvas.text(forms(tile)[fit.index], size: fit.size, bold: true, in: nameRow)
            let statusSize = min(statusRow.h * 5 / 10, fit.size * 5 / 4), colour = tile.done ? Theme.text : Theme.textDim
            // Too long for one line ("antippen zum Bewerten"): two at the names' size, not one too small to read.
            if canvas.measure(tile.status, size: statusSize, bold: tile.done) <= statusRow.w
                || !textOnTwoLines(tile.status, size: fit.size, bold: tile.done, colour: colour, in: statusRow) {
                canvas.text(tile.status, size: statusSize, bold: tile.done, colour: colour, in: statusRow)
            }
            if let hit = tile.hit { hits.add(Hit(rect: r, label: hit.label, action: hit.action)) }
        }
    }
}

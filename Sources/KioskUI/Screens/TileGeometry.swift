/// Where everything sits in a live tile of a given size, before any text is measured: the rows
/// (header: avatar, number, name · the heart and the big number · footer: third line, battery
/// glyph, zone badge). The parts never overlap. Cheap: worked out for the heart-only redraw too.
struct TileGeometry: Equatable {
    let tile: Rect
    let pad: Int
    let radius: Int
    let header: Rect
    let middle: Rect
    let footer: Rect
    /// The photo or initials, left in the header; nil when the header is too low for a face (or its initials) to read.
    let avatar: Rect?
    /// Number and name, right of the avatar: one row of text, centred in the header.
    let label: Rect
    /// The same row over the whole header: where number and name go when the avatar is left out
    /// (no face to show, or a name that fits whole only without it).
    let wideLabel: Rect
    let heart: Rect
    /// Right of the heart: BPM, the percentage in privacy, or "no signal".
    let numberBox: Rect
    let badge: Rect
    /// Left of the battery: the percentage, kcal, effort points or "vs last time".
    let detailBox: Rect
    /// The battery glyph, left of the badge (body and nub, twice as wide as high).
    let battery: Rect

    /// `minText`: the smallest readable text (px) on this screen; rows are at least that high.
    init(_ r: Rect, minText: Int, showsAvatar: Bool) {
        tile = r
        pad = max(3, min(r.w, r.h) / 16)
        radius = max(4, min(r.w, r.h) / 14)
        let inner = r.inset(pad)
        // Rows high enough for readable text, but the big number keeps at least 40 % of the tile.
        // Fonts come in even pixel sizes (`FontBook.quantize`): the smallest readable one, rounded up.
        let rowMin = Int((Double((minText + 1) / 2 * 2) / TextFit.anyTextPerHeight).rounded(.up))
        let row = min(max(inner.h * 18 / 100, rowMin), inner.h * 30 / 100)
        // A face a coach knows across the gym: on a big tile the avatar is higher than the text row
        // (a quarter of the tile), the row's text stays as large as it was.
        let face = showsAvatar ? min(inner.h * 26 / 100, inner.w / 5) : 0
        // Only where the label beside it keeps room for a number and a full name at the smallest
        // readable size (about 16 characters): on a crowded grid the names come first.
        let side = max(face, row)
        let faceFits = showsAvatar && side >= max(24, minText * 3 / 2) && inner.w >= side * 5
            && inner.w - side >= (minText + 1) / 2 * 2 * 10
        let headerH = faceFits ? max(row, face) : row
        let rest: Rect
        (header, rest) = inner.splitTop(headerH)
        (middle, footer) = rest.splitBottom(row)
        let textRow = Rect(header.x, header.midY - row / 2, header.w, row)
        wideLabel = textRow
        if faceFits {
            avatar = Rect(header.x, header.y, header.h, header.h)
            let gap = max(2, pad / 2)
            label = Rect(header.x + header.h + gap, textRow.y, max(0, header.w - header.h - gap), textRow.h)
        } else {
            avatar = nil
            label = textRow
        }
        let heartSize = min(middle.h * 55 / 100, middle.w / 4)
        heart = Rect(middle.x, middle.midY - heartSize / 2, heartSize, heartSize)
        numberBox = Rect(middle.x + heartSize + pad, middle.y, max(0, middle.w - heartSize - pad), middle.h)
        let gap = max(2, pad / 2)
        let badgeW = min(footer.w / 3, footer.h * 2)
        let (left, badgeBox) = footer.splitRight(badgeW, gap: gap)
        badge = badgeBox
        // The glyph two thirds of the row high (at least 8 px: an outline and a fill inside it), twice as wide.
        let highest = min(footer.h, max(8, footer.h * 65 / 100))
        let glyphW = min(highest * 2, left.w / 3)
        let glyphH = max(min(8, highest), min(highest, glyphW * 2 / 3))
        battery = Rect(left.maxX - glyphW, footer.midY - glyphH / 2, glyphW, glyphH)
        detailBox = Rect(left.x, footer.y, max(0, battery.x - gap - left.x), footer.h)
    }
}

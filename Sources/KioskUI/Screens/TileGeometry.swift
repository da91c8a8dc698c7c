/// Where everything sits in a live tile of a given size, before any text is measured: the rows
/// (header: avatar, number, name · the heart and the big number · footer: third line, zone badge)
/// and the battery bar under them. The rows never overlap, and the battery bar has the tile's
/// bottom edge to itself, so it cannot hide the name. Cheap: worked out for the heart-only redraw too.
struct TileGeometry: Equatable {
    let tile: Rect
    let pad: Int
    let radius: Int
    let header: Rect
    let middle: Rect
    let footer: Rect
    /// The photo or initials, left in the header; nil when the header is too low for a face (or its initials) to read.
    let avatar: Rect?
    /// Number and name, right of the avatar.
    let label: Rect
    let heart: Rect
    /// Right of the heart: BPM, %HRmax in privacy, or "no signal".
    let numberBox: Rect
    let badge: Rect
    /// Left of the badge: %HRmax, kcal or effort points.
    let detailBox: Rect
    /// The battery's track along the bottom edge, inside the round corners.
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
        let rest: Rect
        (header, rest) = inner.splitTop(row)
        (middle, footer) = rest.splitBottom(row)
        let avatarSide = header.h
        if showsAvatar, avatarSide >= max(24, minText * 3 / 2), header.w >= avatarSide * 5 {
            avatar = Rect(header.x, header.y, avatarSide, avatarSide)
            label = header.splitLeft(avatarSide, gap: max(2, pad / 2)).1
        } else {
            avatar = nil
            label = header
        }
        let heartSize = min(middle.h * 55 / 100, middle.w / 4)
        heart = Rect(middle.x, middle.midY - heartSize / 2, heartSize, heartSize)
        numberBox = Rect(middle.x + heartSize + pad, middle.y, max(0, middle.w - heartSize - pad), middle.h)
        let badgeW = min(footer.w / 3, footer.h * 2)
        (detailBox, badge) = footer.splitRight(badgeW, gap: max(2, pad / 2))
        // In the bottom padding, clear of the footer's text and of the round corners.
        let barH = max(2, min(pad - 1, min(r.w, r.h) / 28))
        let inset = max(radius, pad)
        battery = Rect(r.x + inset, r.maxY - pad + (pad - barH) / 2, max(0, r.w - 2 * inset), barH)
    }
}

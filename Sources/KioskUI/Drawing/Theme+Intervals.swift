import TeamCore

/// The colours of interval blocks and challenge sides: none a zone uses, so a band or a bar is
/// never read as a player's zone, and white on each keeps at least 4.5:1.
extension Theme {
    /// A work block: deep orange, "go" (white on it 5.6:1).
    public static let work = Colour(hex: 0xBF360C)
    /// A rest block: calm blue-grey (white 9.9:1).
    public static let rest = Colour(hex: 0x37474F)

    /// A drill (its band's edge, its span on review's graph): violet, apart from work's red and rest's grey.
    public static let drill = Colour(hex: 0x6A4FB3)

    public static func block(_ kind: IntervalBlock.Kind) -> Colour { kind == .work ? work : rest }

    /// The challenge's two sides, as bibs are: red, then blue (white 6.0:1 and 5.8:1).
    public static let challengeSides = [Colour(hex: 0xC2185B), Colour(hex: 0x1565C0)]
}

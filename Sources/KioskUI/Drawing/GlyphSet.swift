import CSDL2

/// The characters big numbers are drawn from (BPM, percentages, clocks: decision 021), in one style,
/// each found by its place among `friendly`. A full-HD frame draws about 120 of them: a text cache's
/// string key hashed for each, and its width looked up by another, was a tenth of the frame.
final class GlyphSet {
    /// What a big number may be made of.
    static let friendly: [Unicode.Scalar] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "%", ":", "−", "-"]

    /// `scalar`'s place in `friendly`; nil when a big number does not use it.
    static func place(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value - 0x30)
        case 0x25: 10
        case 0x3A: 11
        case 0x2212: 12
        case 0x2D: 13
        default: nil
        }
    }

    let style: TextCache.Style
    let widths: GlyphWidths
    /// Each character's texture, by place; nil until first drawn.
    var entries = [TextCache.Entry?](repeating: nil, count: friendly.count)
    var lastUsedFrame = 0

    init(style: TextCache.Style, widths: GlyphWidths) {
        self.style = style
        self.widths = widths
    }

    var count: Int { entries.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    var bytes: Int { entries.reduce(0) { $0 + ($1?.bytes ?? 0) } }

    func release() {
        for entry in entries { entry?.texture.map(SDL_DestroyTexture) }
        entries = [TextCache.Entry?](repeating: nil, count: Self.friendly.count)
    }
}

/// The widths of `GlyphSet.friendly` at one font size and weight, whatever the colour; -1 until measured.
final class GlyphWidths {
    let size: Int
    let bold: Bool
    var known = [Int](repeating: -1, count: GlyphSet.friendly.count)

    init(size: Int, bold: Bool) {
        self.size = size
        self.bold = bold
    }
}

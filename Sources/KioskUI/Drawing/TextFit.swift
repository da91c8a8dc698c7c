/// Choosing a text that fits a box: the first of several wordings (longest first) that fits at a
/// readable size, at the largest size it fits. How a tile shrinks "Sofia Eriksen" to "Sofia E.",
/// "Sofia" or "SE" instead of cutting it mid-word.
struct TextFit: Equatable {
    var text: String
    var size: Int
    /// Measured width at `size`.
    var width: Int

    /// Largest font size, in pixels per box height, whose ink stays inside the box when drawn
    /// centred. A DejaVu Sans line is 1.164 em high with the baseline 0.346 em below its middle:
    /// descenders ("g", "y") reach 0.582 em below the middle and accents on capitals as far above
    /// it, so any text fits at 0.86 × the height; ASCII without descenders ("J" descends in DejaVu; digits, "Z4",
    /// "HRmax") reaches 0.4 em above and 0.35 em below, so 1.2 × the height.
    static let anyTextPerHeight = 0.86
    static let plainPerHeight = 1.2

    /// The largest size for `text` in a box `height` pixels high.
    static func maxSize(_ text: String, height: Int) -> Int {
        // Bytes, not Characters: tiles ask this for every wording they try, every time they redraw.
        let plain = text.utf8.allSatisfy { $0 < 0x80 && !Self.tallOrDescending[Int($0)] }
        return Int(Double(height) * (plain ? plainPerHeight : anyTextPerHeight))
    }

    /// A width `text` cannot exceed at `size`, from its width `measured` at another size (`at`), without
    /// a font of that size. Widths scale with the size but for rounding: each glyph's advance is rounded
    /// to a pixel at either size (half a pixel each way), and the ink may reach past the first and the last
    /// advance. Counted generously: three glyphs a scalar (a letter the font lacks composed is drawn as a
    /// letter and its marks), a pixel each, and a quarter of the size for the ink.
    static func widthBound(_ text: String, measured: Int, at measuredSize: Int, size: Int) -> Int {
        let glyphs = 3 * text.unicodeScalars.count
        return (size * (measured + glyphs) + measuredSize - 1) / max(measuredSize, 1) + glyphs + size / 4 + 1
    }

    /// ASCII characters whose ink goes below the baseline or above the capitals.
    private static let tallOrDescending: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for byte in "gjpqyJQ,;()[]{}|_@$".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// The first candidate that fits `width` at `minSize` or more (at most `maxSize` and what the
    /// height allows), at its largest fitting size; nil when none does.
    /// `measure(text, size)` must measure as drawing will (sizes are rounded to even pixels).
    /// `comfortable`: first look for a wording that fits at this size or more, so that a tile says
    /// "Max G." as large as its neighbours' names rather than "Max Garcia" smaller.
    static func first(_ candidates: [String], width: Int, height: Int, maxSize: Int, minSize: Int, comfortable: Int? = nil,
                      measure: (String, Int) -> Int) -> TextFit? {
        if let comfortable, comfortable >= minSize,
           let fit = first(candidates, width: width, height: height, maxSize: maxSize, minSize: comfortable, measure: measure) {
            return fit
        }
        guard width > 0, height > 0 else { return nil }
        let smallest = (minSize + 1) / 2 * 2
        for text in candidates where !text.isEmpty {
            var size = min(maxSize, Self.maxSize(text, height: height)) / 2 * 2
            while size >= smallest {
                let w = measure(text, size)
                if w <= width { return TextFit(text: text, size: size, width: w) }
                // Text width grows about linearly with size: jump close to the answer, then step.
                let guess = size * width / max(w, 1) / 2 * 2
                size = min(size - 2, max(guess, smallest))
            }
        }
        return nil
    }
}

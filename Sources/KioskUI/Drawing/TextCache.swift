import CSDL2

/// Rendered text as textures, keyed by string, size, weight and colour, so a
/// frame that shows the same numbers as the last one renders no glyphs at all.
/// Entries unused for a while are dropped.
final class TextCache {
    /// How a text is drawn. Hashed as two integers: looked up for every text of every frame.
    struct Style: Hashable {
        var size: Int
        var bold: Bool
        var colour: Colour
        /// Rendered opaque onto this colour (copied without blending: several times faster in software).
        var background: Colour?
        /// With a background: SDL_ttf's blended rendering blended onto it (its shaded rendering otherwise).
        var blendedOnto: Bool

        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(colour.packed) << 32 | UInt64(truncatingIfNeeded: size) << 2 | (bold ? 2 : 0) | (blendedOnto ? 1 : 0))
            hasher.combine(background.map { UInt64($0.packed) << 1 | 1 } ?? 0)
        }
    }

    struct Key: Hashable {
        var text: String
        var style: Style
    }

    struct Entry {
        /// Nil: nothing to copy (opaque text the colour of its background, a space).
        var texture: OpaquePointer?
        /// The text's whole box, as laid out.
        var width: Int32
        var height: Int32
        /// The part of the box the texture holds: all of it for blended text; for opaque text, what
        /// differs from the background (the rest is the background's own colour, filled already).
        var ink: SDL_Rect
        var lastUsedFrame: Int

        var bytes: Int { Int(ink.w) * Int(ink.h) * 4 }
    }

    private let renderer: OpaquePointer
    let fonts: FontBook
    private let precomposite: Precomposite
    private var entries: [Key: Entry] = [:]
    /// Widths and heights measured, whatever colour the text is drawn in: fitting a tile's texts
    /// measures a few wordings at a few sizes each time it is redrawn.
    private struct SizeKey: Hashable {
        var text: String
        var size: Int
        var bold: Bool

        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(size << 1 | (bold ? 1 : 0))
        }
    }
    private var sizes: [SizeKey: (Int, Int)] = [:]
    /// Big numbers' characters by style (`GlyphSet`): found by the character's place, no string hashed.
    private var glyphSets: [Style: GlyphSet] = [:]
    /// Their widths by font (size and weight), whatever the colour.
    private var widthTables: [Int: GlyphWidths] = [:]
    static let sizeCapacity = 8192
    private var frame = 0
    private var bytes = 0
    let capacity: Int
    /// Big text is big surfaces (a 4K BPM is ~0.5 MB): the cache is bounded by memory too.
    let byteBudget: Int

    init(renderer: OpaquePointer, fonts: FontBook, precomposite: Precomposite, capacity: Int = 1500, byteBudget: Int = 12 << 20) {
        self.renderer = renderer
        self.fonts = fonts
        self.precomposite = precomposite
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    deinit { releaseAll() }

    /// Destroys every cached texture. Must run before the renderer is destroyed: destroying a
    /// renderer frees its textures, and destroying one of them again afterwards is a use after free.
    func releaseAll() {
        for entry in entries.values { entry.texture.map(SDL_DestroyTexture) }
        entries = [:]
        for set in glyphSets.values { set.release() }
        glyphSets = [:]
        bytes = 0
    }

    /// Texts and big numbers' characters kept.
    var count: Int { entries.count + glyphSets.values.reduce(0) { $0 + $1.count } }

    /// Called once per frame; evicts the least recently used entries when over capacity.
    func nextFrame() {
        frame += 1
        guard count > capacity || bytes > byteBudget else { return }
        // Oldest first, down to three quarters of both limits; what the last frame used stays.
        enum Kept { case text(Key), glyphs(Style) }
        let kept = entries.map { (Kept.text($0.key), $0.value.lastUsedFrame) } + glyphSets.map { (Kept.glyphs($0.key), $0.value.lastUsedFrame) }
        var count = count
        for (what, lastUsed) in kept.sorted(by: { $0.1 < $1.1 }) {
            guard count > capacity * 3 / 4 || bytes > byteBudget * 3 / 4, lastUsed < frame - 1 else { break }
            switch what {
            case .text(let key):
                guard let entry = entries.removeValue(forKey: key) else { continue }
                entry.texture.map(SDL_DestroyTexture)
                bytes -= entry.bytes
                count -= 1
            case .glyphs(let style):
                guard let set = glyphSets.removeValue(forKey: style) else { continue }
                bytes -= set.bytes
                count -= set.count
                set.release()
            }
        }
    }

    /// Drops every text and big numbers' set the last frame did not draw — the screens left behind — and
    /// returns the fonts (`FontBook.key`) what is kept is drawn in, which the screen drawn now goes on using.
    /// (The big numbers' widths stay: an array of integers a font.)
    func keepLastFrameOnly() -> Set<Int> {
        for (key, entry) in entries where entry.lastUsedFrame != frame {
            entries.removeValue(forKey: key)
            entry.texture.map(SDL_DestroyTexture)
            bytes -= entry.bytes
        }
        for (style, set) in glyphSets where set.lastUsedFrame != frame {
            glyphSets.removeValue(forKey: style)
            bytes -= set.bytes
            set.release()
        }
        var fonts = Set<Int>()
        for key in entries.keys { fonts.insert(FontBook.key(size: key.style.size, bold: key.style.bold)) }
        for style in glyphSets.keys { fonts.insert(FontBook.key(size: style.size, bold: style.bold)) }
        return fonts
    }

    static func style(size: Int, bold: Bool, colour: Colour, background: Colour?, blendedOnto: Bool) -> Style {
        Style(size: FontBook.quantize(size), bold: bold, colour: colour, background: background, blendedOnto: background != nil && blendedOnto)
    }

    func texture(_ text: String, size: Int, bold: Bool, colour: Colour, background: Colour? = nil, blendedOnto: Bool = false) -> Entry? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, style: Self.style(size: size, bold: bold, colour: colour, background: background, blendedOnto: blendedOnto))
        // Found and marked used through one index: the key hashed once.
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUsedFrame = frame
            return entries.values[index]
        }
        guard let entry = render(text, key.style) else { return nil }
        entries[key] = entry
        bytes += entry.bytes
        return entry
    }

    /// The big numbers' characters (`GlyphSet.friendly`) in one style, marked used this frame.
    func glyphs(size: Int, bold: Bool, colour: Colour, background: Colour?, blendedOnto: Bool) -> GlyphSet {
        let style = Self.style(size: size, bold: bold, colour: colour, background: background, blendedOnto: blendedOnto)
        let set: GlyphSet
        if let known = glyphSets[style] {
            set = known
        } else {
            set = GlyphSet(style: style, widths: glyphWidths(size: size, bold: bold))
            glyphSets[style] = set
        }
        set.lastUsedFrame = frame
        return set
    }

    /// The character at `place` of `set`, rendered when first asked for.
    func glyph(_ place: Int, of set: GlyphSet) -> Entry? {
        if let entry = set.entries[place] { return entry }
        guard let entry = render(String(GlyphSet.friendly[place]), set.style) else { return nil }
        set.entries[place] = entry
        bytes += entry.bytes
        return entry
    }

    /// The widths of the big numbers' characters at one size and weight.
    func glyphWidths(size: Int, bold: Bool) -> GlyphWidths {
        let font = FontBook.key(size: size, bold: bold)
        if let known = widthTables[font] { return known }
        let widths = GlyphWidths(size: size, bold: bold)
        widthTables[font] = widths
        return widths
    }

    /// The width of the character at `place` in the font of `widths`, measured when first asked for.
    func glyphWidth(_ place: Int, _ widths: GlyphWidths) -> Int {
        let known = widths.known[place]
        if known >= 0 { return known }
        let width = measure(String(GlyphSet.friendly[place]), size: widths.size, bold: widths.bold).0
        widths.known[place] = width
        return width
    }

    /// `text` drawn in `style`, as a new entry (not kept here).
    private func render(_ text: String, _ style: Style) -> Entry? {
        let colour = style.colour, background = style.background
        let fg = SDL_Color(r: colour.r, g: colour.g, b: colour.b, a: colour.a)
        guard let font = fonts.font(size: style.size, bold: style.bold),
              let surface = style.blendedOnto ? TTF_RenderUTF8_Blended(font, text, fg)
                : background.map({ TTF_RenderUTF8_Shaded(font, text, fg, SDL_Color(r: $0.r, g: $0.g, b: $0.b, a: 255)) })
                ?? TTF_RenderUTF8_Blended(font, text, fg)
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        let width = surface.pointee.w, height = surface.pointee.h
        let made: (texture: OpaquePointer?, ink: SDL_Rect)?
        if let background {
            // Opaque, in the target's format; only the part unlike the background is kept and copied.
            let opaque = style.blendedOnto
                ? precomposite.blended(surface, x: 0, y: 0, width: Int(width), height: Int(height), background: background)
                : precomposite.converted(surface)
            guard let opaque else { return nil }
            defer { SDL_FreeSurface(opaque) }
            made = precomposite.inkTexture(opaque, background: background)
        } else {
            made = SDL_CreateTextureFromSurface(renderer, surface).map {
                SDL_SetTextureBlendMode($0, SDL_BLENDMODE_BLEND)
                return ($0, SDL_Rect(x: 0, y: 0, w: width, h: height))
            }
        }
        guard let made else { return nil }
        return Entry(texture: made.texture, width: width, height: height, ink: made.ink, lastUsedFrame: frame)
    }

    /// Width and height of text without drawing it (uses the cache when it can).
    func measure(_ text: String, size: Int, bold: Bool) -> (Int, Int) {
        guard !text.isEmpty else { return (0, 0) }
        let key = SizeKey(text: text, size: FontBook.quantize(size), bold: bold)
        if let known = sizes[key] { return known }
        guard let font = fonts.font(size: size, bold: bold) else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        // Numbers change every second: a bounded table, started afresh when full.
        if sizes.count >= Self.sizeCapacity { sizes.removeAll(keepingCapacity: true) }
        sizes[key] = (Int(w), Int(h))
        return (Int(w), Int(h))
    }
}

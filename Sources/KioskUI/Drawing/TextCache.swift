import CSDL2

/// Rendered text as textures, keyed by string, size, weight and colour, so a
/// frame that shows the same numbers as the last one renders no glyphs at all.
/// Entries unused for a while are dropped.
final class TextCache {
    struct Key: Hashable {
        var text: String
        var size: Int
        var bold: Bool
        var colour: Colour
        /// Rendered opaque onto this colour (copied without blending: several times faster in software).
        var background: Colour?
        /// With a background: SDL_ttf's blended rendering blended onto it (its shaded rendering otherwise).
        var blendedOnto: Bool
    }

    struct Entry {
        var texture: OpaquePointer
        var width: Int32
        var height: Int32
        var lastUsedFrame: Int
    }

    private let renderer: OpaquePointer
    private let fonts: FontBook
    private let precomposite: Precomposite
    private var entries: [Key: Entry] = [:]
    /// Widths and heights measured, whatever colour the text is drawn in: fitting a tile's texts
    /// measures a few wordings at a few sizes each time it is redrawn.
    private struct SizeKey: Hashable {
        var text: String
        var size: Int
        var bold: Bool
    }
    private var sizes: [SizeKey: (Int, Int)] = [:]
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
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries = [:]
        bytes = 0
    }

    var count: Int { entries.count }

    /// Called once per frame; evicts the least recently used entries when over capacity.
    func nextFrame() {
        frame += 1
        guard entries.count > capacity || bytes > byteBudget else { return }
        // Oldest first, down to three quarters of both limits; what the last frame used stays.
        for (key, entry) in entries.sorted(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame }) {
            guard entries.count > capacity * 3 / 4 || bytes > byteBudget * 3 / 4, entry.lastUsedFrame < frame - 1 else { break }
            SDL_DestroyTexture(entry.texture)
            bytes -= Int(entry.width) * Int(entry.height) * 4
            entries[key] = nil
        }
    }

    func texture(_ text: String, size: Int, bold: Bool, colour: Colour, background: Colour? = nil, blendedOnto: Bool = false) -> Entry? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, size: FontBook.quantize(size), bold: bold, colour: colour, background: background,
                      blendedOnto: background != nil && blendedOnto)
        if var entry = entries[key] {
            entry.lastUsedFrame = frame
            entries[key] = entry
            return entry
        }
        let fg = SDL_Color(r: colour.r, g: colour.g, b: colour.b, a: colour.a)
        guard let font = fonts.font(size: size, bold: bold),
              let surface = key.blendedOnto ? TTF_RenderUTF8_Blended(font, text, fg)
                : background.map({ TTF_RenderUTF8_Shaded(font, text, fg, SDL_Color(r: $0.r, g: $0.g, b: $0.b, a: 255)) })
                ?? TTF_RenderUTF8_Blended(font, text, fg)
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        let made: OpaquePointer?
        if key.blendedOnto, let background {
            made = precomposite.texture(surface, x: 0, y: 0, width: Int(surface.pointee.w), height: Int(surface.pointee.h),
                                        background: background)
        } else {
            made = SDL_CreateTextureFromSurface(renderer, surface)
            if let made { SDL_SetTextureBlendMode(made, background == nil ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE) }
        }
        guard let texture = made else { return nil }
        let entry = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsedFrame: frame)
        entries[key] = entry
        bytes += Int(entry.width) * Int(entry.height) * 4
        return entry
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

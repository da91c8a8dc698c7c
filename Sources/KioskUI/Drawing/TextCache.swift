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
    }

    struct Entry {
        var texture: OpaquePointer
        var width: Int32
        var height: Int32
        var lastUsedFrame: Int
    }

    private let renderer: OpaquePointer
    private let fonts: FontBook
    private var entries: [Key: Entry] = [:]
    private var frame = 0
    let capacity: Int

    init(renderer: OpaquePointer, fonts: FontBook, capacity: Int = 1500) {
        self.renderer = renderer
        self.fonts = fonts
        self.capacity = capacity
    }

    deinit {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
    }

    var count: Int { entries.count }

    /// Called once per frame; evicts the least recently used entries when over capacity.
    func nextFrame() {
        frame += 1
        guard entries.count > capacity else { return }
        let victims = entries.sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }.prefix(entries.count - capacity * 3 / 4)
        for (key, entry) in victims {
            SDL_DestroyTexture(entry.texture)
            entries[key] = nil
        }
    }

    func texture(_ text: String, size: Int, bold: Bool, colour: Colour) -> Entry? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, size: FontBook.quantize(size), bold: bold, colour: colour)
        if var entry = entries[key] {
            entry.lastUsedFrame = frame
            entries[key] = entry
            return entry
        }
        guard let font = fonts.font(size: size, bold: bold),
              let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: colour.r, g: colour.g, b: colour.b, a: colour.a))
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        let entry = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsedFrame: frame)
        entries[key] = entry
        return entry
    }

    /// Width and height of text without drawing it (uses the cache when it can).
    func measure(_ text: String, size: Int, bold: Bool) -> (Int, Int) {
        guard !text.isEmpty else { return (0, 0) }
        let key = Key(text: text, size: FontBook.quantize(size), bold: bold, colour: Theme.text)
        if let entry = entries[key] { return (Int(entry.width), Int(entry.height)) }
        guard let font = fonts.font(size: size, bold: bold) else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return (Int(w), Int(h))
    }
}

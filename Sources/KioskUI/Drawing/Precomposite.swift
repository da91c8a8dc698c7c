import CSDL2

/// Translucent parts that sit on a flat colour known beforehand (a live tile's zone colour: its
/// heart, its zone badge and the badge's letters, its battery's darkened inside), made opaque once
/// and then copied or filled without blending. SDL's software renderer blends every pixel of a
/// translucent fill or texture on every frame — 10 to 35 instructions a pixel against well under one
/// for an opaque fill or copy, and at 1920×1080 those blends were a third of a full frame.
///
/// The opaque version is made by SDL's own software blend (the same fill and blit functions the
/// renderer would run), into a surface of the format the frame is drawn in, so its pixels are the
/// ones blending on the frame left: the screen looks exactly as before, only cheaper.
final class Precomposite {
    private struct FlatKey: Hashable {
        var top: Colour
        var background: Colour
    }

    /// The pixel format the renderer draws into (the software window surface's; the blend functions
    /// SDL picks depend on it). A GPU renderer blends in its own arithmetic: there any 32-bit format does.
    private let format: UInt32
    private let renderer: OpaquePointer
    private var flats: [FlatKey: Colour] = [:]

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        format = Self.targetFormat(renderer)
    }

    /// The software renderer draws into its window's surface: its format. Otherwise (a GPU, or no
    /// window) 32-bit RGB.
    private static func targetFormat(_ renderer: OpaquePointer) -> UInt32 {
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0,
           let window = SDL_RenderGetWindow(renderer), let surface = SDL_GetWindowSurface(window) {
            return surface.pointee.format.pointee.format
        }
        return sideline_SDL_PIXELFORMAT_RGB888()
    }

    /// The opaque colour `top` (translucent) leaves when filled over `background` (opaque), as the
    /// software renderer's blended fill computes it.
    func flat(_ top: Colour, over background: Colour) -> Colour {
        guard top.a < 255 else { return top }
        let key = FlatKey(top: top, background: background)
        if let known = flats[key] { return known }
        var result = background
        if let surface = filledSurface(width: 1, height: 1, background) {
            defer { SDL_FreeSurface(surface) }
            if let soft = SDL_CreateSoftwareRenderer(surface) {
                SDL_SetRenderDrawBlendMode(soft, SDL_BLENDMODE_BLEND)
                SDL_SetRenderDrawColor(soft, top.r, top.g, top.b, top.a)
                SDL_RenderFillRect(soft, nil)
                SDL_RenderFlush(soft)
                SDL_DestroyRenderer(soft)
                result = pixel(surface)
            }
        }
        flats[key] = result
        return result
    }

    /// An opaque texture of `width`×`height` in `background`, with `source` (32-bit, per-pixel alpha)
    /// blended onto it at (`x`, `y`) tinted by `tint`, as the renderer would blend it onto that
    /// background. Not kept: the caller's cache owns it.
    func texture(_ source: UnsafeMutablePointer<SDL_Surface>, x: Int, y: Int, width: Int, height: Int,
                 tint: Colour = Theme.text, background: Colour) -> OpaquePointer? {
        guard let canvas = blended(source, x: x, y: y, width: width, height: height, tint: tint, background: background)
        else { return nil }
        defer { SDL_FreeSurface(canvas) }
        return opaqueTexture(canvas)
    }

    /// An opaque texture of `width`×`height` in `background` with `parts` (opaque colours) filled on it in
    /// order, as the renderer's opaque fills would leave them there. Not kept: the caller's cache owns it.
    func texture(filling parts: [(Rect, Colour)], width: Int, height: Int, background: Colour) -> OpaquePointer? {
        guard let canvas = filledSurface(width: width, height: height, background) else { return nil }
        defer { SDL_FreeSurface(canvas) }
        for (r, c) in parts where r.w > 0 && r.h > 0 {
            var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.w), h: Int32(r.h))
            SDL_FillRect(canvas, &rect, SDL_MapRGB(canvas.pointee.format, c.r, c.g, c.b))
        }
        return opaqueTexture(canvas)
    }

    /// `source` blended onto a new surface of `background` in the target's format, as `texture` does; the caller frees it.
    func blended(_ source: UnsafeMutablePointer<SDL_Surface>, x: Int, y: Int, width: Int, height: Int,
                 tint: Colour = Theme.text, background: Colour) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let canvas = filledSurface(width: width, height: height, background) else { return nil }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND)
        SDL_SetSurfaceColorMod(source, tint.r, tint.g, tint.b)
        SDL_SetSurfaceAlphaMod(source, tint.a)
        var at = SDL_Rect(x: Int32(x), y: Int32(y), w: source.pointee.w, h: source.pointee.h)
        guard sideline_SDL_BlitSurface(source, nil, canvas, &at) == 0 else { SDL_FreeSurface(canvas); return nil }
        return canvas
    }

    /// `surface` (any format, opaque) in the target's format; the caller frees it.
    func converted(_ surface: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        SDL_ConvertSurfaceFormat(surface, format, 0)
    }

    /// What of `surface` (in the target's format) differs from `background`, as an opaque texture, and
    /// where that part lies in it. Text on a colour already filled behind it needs only that part copied:
    /// the rows above and below the letters (a line box is ≈ 1.6 times as high as digits) and the columns
    /// beside them are the background's own pixels. Nil texture: nothing differs.
    func inkTexture(_ surface: UnsafeMutablePointer<SDL_Surface>, background: Colour) -> (texture: OpaquePointer?, ink: SDL_Rect)? {
        let ink = Self.ink(surface, unlike: background)
        guard ink.w > 0 else { return (nil, ink) }
        let s = surface.pointee
        let start = s.pixels.advanced(by: Int(ink.y) * Int(s.pitch) + Int(ink.x) * 4)
        guard let part = SDL_CreateRGBSurfaceWithFormatFrom(start, ink.w, ink.h, 32, s.pitch, s.format.pointee.format) else { return nil }
        defer { SDL_FreeSurface(part) }
        guard let texture = opaqueTexture(part) else { return nil }
        return (texture, ink)
    }

    /// The smallest rectangle of `surface` (32-bit, ours: not locked or RLE-encoded) holding every pixel
    /// whose colour is not `background`'s; empty when there is none.
    static func ink(_ surface: UnsafeMutablePointer<SDL_Surface>, unlike background: Colour) -> SDL_Rect {
        let s = surface.pointee, f = s.format.pointee
        let colour = f.Rmask | f.Gmask | f.Bmask
        let plain = SDL_MapRGB(s.format, background.r, background.g, background.b) & colour
        let width = Int(s.w), height = Int(s.h), stride = Int(s.pitch) / 4
        let pixels = s.pixels.assumingMemoryBound(to: UInt32.self)
        func differs(_ x: Int, _ y: Int) -> Bool { pixels[y * stride + x] & colour != plain }
        func rowDiffers(_ y: Int) -> Bool { (0..<width).contains { differs($0, y) } }
        guard let top = (0..<height).first(where: rowDiffers), let bottom = (0..<height).last(where: rowDiffers) else {
            return SDL_Rect(x: 0, y: 0, w: 0, h: 0)
        }
        func columnDiffers(_ x: Int) -> Bool { (top...bottom).contains { differs(x, $0) } }
        let left = (0..<width).first(where: columnDiffers) ?? 0, right = (0..<width).last(where: columnDiffers) ?? width - 1
        return SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left + 1), h: Int32(bottom - top + 1))
    }

    private func opaqueTexture(_ surface: UnsafeMutablePointer<SDL_Surface>) -> OpaquePointer? {
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        return texture
    }

    private func filledSurface(width: Int, height: Int, _ colour: Colour) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(max(1, width)), Int32(max(1, height)), 32, format) else { return nil }
        SDL_FillRect(surface, nil, SDL_MapRGB(surface.pointee.format, colour.r, colour.g, colour.b))
        return surface
    }

    private func pixel(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Colour {
        // A 1×1 32-bit software surface of our own, not locked or RLE-encoded: its pixel is readable.
        let value = surface.pointee.pixels.load(as: UInt32.self)
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0
        SDL_GetRGB(value, surface.pointee.format, &r, &g, &b)
        return Colour(r, g, b)
    }
}

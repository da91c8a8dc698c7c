import CSDL2
import PlayerPhotos

/// Players' faces on the screens: the stored photo in a circle, or the initials on a disc in the
/// player's colour when there is none (or it cannot be read: one not as Sideline stores them, from a
/// restored backup say, is not decoded at all). Photos are decoded once per
/// player, version and pixel size, then drawn from a texture.
final class AvatarTextures {
    struct Key: Hashable {
        var playerID: Int64
        var version: Int64
        var side: Int
    }

    /// nil: tried and failed (a photo that will not decode is not decoded again every frame).
    private var textures: [Key: OpaquePointer?] = [:]

    func release() {
        for case let t? in textures.values { SDL_DestroyTexture(t) }
        textures = [:]
    }

    /// The texture of a player's photo at `side` pixels, made on first use from `bytes()`.
    func texture(_ key: Key, renderer: OpaquePointer, bytes: () -> [UInt8]?) -> OpaquePointer? {
        if let known = textures[key] { return known }
        var made: OpaquePointer?
        if let data = bytes(), let image = try? PhotoImage(decoding: data, limits: .stored).square(side: key.side) {
            Self.maskRound(image)
            made = SDL_CreateTextureFromSurface(renderer, image.sdlSurface)
            if let made { SDL_SetTextureBlendMode(made, SDL_BLENDMODE_BLEND) }
        }
        // Older sizes of the same face are no longer drawn once a window shows a new one.
        for old in textures.keys.filter({ $0.playerID == key.playerID && $0.version != key.version }) {
            if case let t?? = textures.removeValue(forKey: old) { SDL_DestroyTexture(t) }
        }
        textures[key] = made
        return made
    }

    /// Makes everything outside the inscribed circle transparent, the edge anti-aliased.
    static func maskRound(_ image: PhotoImage) {
        let n = image.width
        let r = Double(n) / 2
        image.withPixels { pixels, pitch in
            for y in 0..<n {
                for x in 0..<n {
                    let dx = Double(x) + 0.5 - r, dy = Double(y) + 0.5 - r
                    let coverage = min(1, max(0, r - (dx * dx + dy * dy).squareRoot() + 0.5))
                    let p = pixels[y * pitch + x]
                    pixels[y * pitch + x] = UInt32((Double(p >> 24) * coverage).rounded()) << 24 | (p & 0x00FF_FFFF)
                }
            }
        }
    }
}

extension Canvas {
    /// A player's avatar in a square: their photo, or their initials on a disc in their colour,
    /// inside a thin ring that sets it off from any tile colour. A disc too small for readable initials
    /// is their colour alone: the name beside it says who.
    public func avatar(playerID: Int64, version: Int64?, initials: String, in box: Rect) {
        let side = min(box.w, box.h)
        guard side >= 8 else { return }
        let square = Rect(box.x + (box.w - side) / 2, box.y + (box.h - side) / 2, side, side)
        let ringWidth = max(1, side / 20)
        circle(cx: square.midX, cy: square.midY, radius: side / 2, Theme.text.withAlpha(220))
        let face = square.inset(ringWidth)
        if let version, let source = photoSource,
           let texture = avatars.texture(AvatarTextures.Key(playerID: playerID, version: version, side: face.w),
                                         renderer: renderer, bytes: { source(playerID) }) {
            var dst = SDL_Rect(x: Int32(face.x), y: Int32(face.y), w: Int32(face.w), h: Int32(face.h))
            SDL_RenderCopy(renderer, texture, nil, &dst)
            return
        }
        circle(cx: face.midX, cy: face.midY, radius: face.w / 2, Theme.playerColour(playerID))
        let letters = face.inset(max(1, face.w / 6))
        if let fit = TextFit.first([initials], width: letters.w, height: letters.h, maxSize: face.h / 2, minSize: metrics.readableText,
                                   measure: { measure($0, size: $1, bold: true) }) {
            text(fit.text, size: fit.size, bold: true, in: letters, align: .center, shrinkToFit: false,
                 background: nil)
        }
    }
}

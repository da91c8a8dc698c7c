import CSDL2
import Foundation

/// Drawing on one SDL renderer (software or accelerated): shapes, cached text and icons.
public final class Canvas {
    public enum Align: Sendable { case left, center, right }

    let renderer: OpaquePointer
    let text: TextCache
    /// Translucent parts on a known flat colour, made opaque once (`Precomposite`).
    let precomposite: Precomposite
    private var hearts: [Int: OpaquePointer] = [:]
    /// Hearts already blended onto a tile's colour, each the size of the box it fills.
    private var opaqueHearts: [OpaqueHeart: OpaquePointer] = [:]
    private struct OpaqueHeart: Hashable {
        var box: Int, size: Int
        var hollow: Bool
        var colour: Colour, background: Colour
    }
    /// Five beat sizes of a filled and a hollow heart on seven colours, at one tile size: a few dozen.
    /// Bounded all the same (a window resized over and over makes new sizes).
    static let opaqueHeartCapacity = 400
    /// Battery glyphs on a tile's colour, by size, level and colour (a few dozen: levels move slowly).
    private var opaqueBatteries: [OpaqueBattery: OpaquePointer] = [:]
    private struct OpaqueBattery: Hashable {
        var width: Int, height: Int
        var level: Int?
        var background: Colour
    }
    static let opaqueBatteryCapacity = 400
    let avatars = AvatarTextures()
    /// Where players' stored photos come from (the shell reads them from the database); nil: initials only.
    public var photoSource: ((Int64) -> [UInt8]?)?
    public private(set) var metrics: Metrics
    private var spans: [SDL_Rect] = []
    private var roundCorners: [Int: [Int]] = [:]

    /// The renderer's target is shared with another canvas (one window across two outputs): a
    /// clear must not wipe the other's part, so it fills this canvas's own instead.
    private let sharesTarget: Bool

    init(renderer: OpaquePointer, fonts: FontBook, width: Int, height: Int, sharesTarget: Bool = false) {
        self.renderer = renderer
        self.sharesTarget = sharesTarget
        self.precomposite = Precomposite(renderer: renderer)
        self.text = TextCache(renderer: renderer, fonts: fonts, precomposite: precomposite)
        self.metrics = Metrics(width: width, height: height)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit { releaseTextures() }

    /// Destroys the textures this canvas made; its window calls it before destroying the renderer.
    func releaseTextures() {
        text.releaseAll()
        for t in hearts.values { SDL_DestroyTexture(t) }
        hearts = [:]
        releaseOpaqueHearts()
        releaseOpaqueBatteries()
        avatars.release()
    }

    /// Rendered strings and glyphs kept as textures (benchmarks report it).
    public var cachedTextCount: Int { text.count }

    func resize(width: Int, height: Int) { metrics = Metrics(width: width, height: height) }

    /// Scripted runs: every text drawn in the last frame, in order (the state dump's `texts`, which a test
    /// reads against the language's catalog). Off on the kiosk itself: nothing kept per frame.
    public var recordsTexts = false
    public private(set) var drawnTexts: [String] = []
    /// Of those, the ones wider than their box even at the smallest size (a word too long for its place).
    public private(set) var overflowingTexts: [String] = []
    /// Of those, the ones drawn under the readable minimum (`Metrics.readableText`): asked that small, or shrunk
    /// to fit their box — a word that fits only in letters too small to read.
    public private(set) var smallTexts: [SmallText] = []
    public struct SmallText: Equatable, Sendable {
        public let text: String
        public let requestedSize: Int
        public let size: Int
    }

    /// Notes a text drawn at `size` when asked at `requested`, if that is under the readable minimum.
    private func noteSize(_ s: String, requested: Int, size: Int) {
        if recordsTexts, size < metrics.readableText { smallTexts.append(SmallText(text: s, requestedSize: requested, size: size)) }
    }

    /// A layout that could not make room for its words (a bar whose buttons run over its clock): counted with
    /// the texts wider than their box.
    func noteOverflow(_ what: String) {
        if recordsTexts { overflowingTexts.append(what) }
    }

    /// Everything drawn so far is hidden under an opaque layer over the whole screen (a form, a sheet): its texts no
    /// longer count as overflowing or small — nobody sees them. They stay in `drawnTexts`.
    func coverAll() {
        if recordsTexts {
            overflowingTexts.removeAll(keepingCapacity: true)
            smallTexts.removeAll(keepingCapacity: true)
        }
    }

    func beginFrame() {
        text.nextFrame()
        if recordsTexts {
            drawnTexts.removeAll(keepingCapacity: true)
            overflowingTexts.removeAll(keepingCapacity: true)
            smallTexts.removeAll(keepingCapacity: true)
        }
    }

    private var blending = true

    /// Opaque fills skip blending: the software renderer blends per pixel even at alpha 255.
    private func setColour(_ c: Colour) {
        let blend = c.a < 255
        if blend != blending {
            SDL_SetRenderDrawBlendMode(renderer, blend ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
            blending = blend
        }
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    /// Restricts drawing to a rectangle (nil: the whole target).
    public func clip(_ r: Rect?) {
        if let r {
            var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.w), h: Int32(r.h))
            SDL_RenderSetClipRect(renderer, &rect)
        } else {
            SDL_RenderSetClipRect(renderer, nil)
        }
    }

    public func clear(_ c: Colour) {
        setColour(c)
        if sharesTarget {
            // SDL_RenderClear ignores the viewport: it would clear the other view's part too.
            // Like SDL_RenderClear, whatever the clip: set aside while it fills, then put back.
            var clip = SDL_Rect()
            let clipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
            SDL_RenderGetClipRect(renderer, &clip)
            SDL_RenderSetClipRect(renderer, nil)
            var rect = SDL_Rect(x: 0, y: 0, w: Int32(metrics.width), h: Int32(metrics.height))
            SDL_RenderFillRect(renderer, &rect)
            if clipped { SDL_RenderSetClipRect(renderer, &clip) }
        } else {
            SDL_RenderClear(renderer)
        }
    }

    public func fill(_ r: Rect, _ c: Colour) {
        guard r.w > 0, r.h > 0 else { return }
        setColour(c)
        var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.w), h: Int32(r.h))
        SDL_RenderFillRect(renderer, &rect)
    }

    /// Rectangles of one colour, as one batch (one command for the renderer, not one each).
    public func fill(_ rects: [Rect], _ c: Colour) {
        var spans: [SDL_Rect] = []
        swap(&spans, &self.spans)
        spans.removeAll(keepingCapacity: true)
        for r in rects where r.w > 0 && r.h > 0 {
            spans.append(SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.w), h: Int32(r.h)))
        }
        if !spans.isEmpty {
            setColour(c)
            _ = spans.withUnsafeBufferPointer { SDL_RenderFillRects(renderer, $0.baseAddress, Int32($0.count)) }
        }
        swap(&spans, &self.spans)
    }

    /// A rectangle with round corners, as one batch of horizontal spans.
    public func fillRounded(_ r: Rect, radius: Int, _ c: Colour) {
        let rad = min(radius, r.w / 2, r.h / 2)
        guard rad > 1 else { fill(r, c); return }
        let insets = cornerInsets(rad)
        // Built in a local array (the kept one swapped out and back): appending to a property checks
        // exclusive access at every row.
        var spans: [SDL_Rect] = []
        swap(&spans, &self.spans)
        spans.removeAll(keepingCapacity: true)
        for (i, inset) in insets.enumerated() {
            spans.append(SDL_Rect(x: Int32(r.x + inset), y: Int32(r.y + i), w: Int32(r.w - 2 * inset), h: 1))
            spans.append(SDL_Rect(x: Int32(r.x + inset), y: Int32(r.maxY - 1 - i), w: Int32(r.w - 2 * inset), h: 1))
        }
        spans.append(SDL_Rect(x: Int32(r.x), y: Int32(r.y + rad), w: Int32(r.w), h: Int32(r.h - 2 * rad)))
        setColour(c)
        _ = spans.withUnsafeBufferPointer { SDL_RenderFillRects(renderer, $0.baseAddress, Int32($0.count)) }
        swap(&spans, &self.spans)
    }

    /// How far in a round corner of `radius` each row starts, from the outermost row in; worked out
    /// once a radius (a screen has a few).
    private func cornerInsets(_ radius: Int) -> [Int] {
        if let known = roundCorners[radius] { return known }
        let insets = (0..<radius).map { i in
            let dy = Double(radius - i) - 0.5
            return radius - Int((Double(radius * radius) - dy * dy).squareRoot().rounded())
        }
        roundCorners[radius] = insets
        return insets
    }

    public func stroke(_ r: Rect, _ c: Colour, width: Int = 2) {
        fill(Rect(r.x, r.y, r.w, width), c)
        fill(Rect(r.x, r.maxY - width, r.w, width), c)
        fill(Rect(r.x, r.y, width, r.h), c)
        fill(Rect(r.maxX - width, r.y, width, r.h), c)
    }

    public func circle(cx: Int, cy: Int, radius: Int, _ c: Colour) {
        fillRounded(Rect(cx - radius, cy - radius, radius * 2, radius * 2), radius: radius, c)
    }

    /// A polyline of the given thickness (drawn as offset copies).
    public func polyline(_ points: [(Int, Int)], _ c: Colour, thickness: Int = 2) {
        guard points.count > 1 else { return }
        setColour(c)
        var pts = points.map { SDL_Point(x: Int32($0.0), y: Int32($0.1)) }
        let half = thickness / 2
        for d in -half...(thickness - 1 - half) {
            var shifted = pts.map { SDL_Point(x: $0.x, y: $0.y + Int32(d)) }
            SDL_RenderDrawLines(renderer, &shifted, Int32(shifted.count))
        }
        pts.removeAll()
    }

    public func line(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ c: Colour) {
        setColour(c)
        SDL_RenderDrawLine(renderer, Int32(x1), Int32(y1), Int32(x2), Int32(y2))
    }

    /// Draws text in a box; shrinks it until it fits the box's width. Returns the drawn width.
    @discardableResult
    /// `background`: the solid colour already filled behind the text, when known — the text is then copied
    /// opaque (SDL_ttf's shaded rendering; with `blendedOnto`, its blended rendering blended onto the colour
    /// once: the very pixels blending it on every frame left), and only where its ink is: the rest of its
    /// box is that colour already.
    public func text(_ s: String, size: Int, bold: Bool = false, colour: Colour = Theme.text,
                     in box: Rect, align: Align = .left, shrinkToFit: Bool = true, background: Colour? = nil,
                     blendedOnto: Bool = false) -> Int {
        guard !s.isEmpty, box.w > 0 else { return 0 }
        if recordsTexts { drawnTexts.append(s) }
        if Self.usesGlyphs(s, size: size) {
            return glyphText(s, size: size, bold: bold, colour: colour, in: box, align: align, shrinkToFit: shrinkToFit,
                             background: background, blendedOnto: blendedOnto)
        }
        let requested = size
        var size = size
        if shrinkToFit {
            var (w, _) = text.measure(s, size: size, bold: bold)
            // Width grows about linearly with size: the size that should fit, then a pixel at a time — the largest
            // that fits, not one below it (a pixel less could take it under the readable minimum).
            while w > box.w && size > 10 {
                size = max(10, min(size - 1, size * box.w / max(w, 1)))
                (w, _) = text.measure(s, size: size, bold: bold)
            }
        }
        guard let entry = text.texture(s, size: size, bold: bold, colour: colour, background: background, blendedOnto: blendedOnto)
        else { return 0 }
        let w = Int(entry.width), h = Int(entry.height)
        if recordsTexts, w > box.w { overflowingTexts.append(s) }
        noteSize(s, requested: requested, size: size)
        let x: Int
        switch align {
        case .left: x = box.x
        case .center: x = box.x + (box.w - w) / 2
        case .right: x = box.maxX - w
        }
        copy(entry, x: x, y: box.y + (box.h - h) / 2)
        return w
    }

    public func measure(_ s: String, size: Int, bold: Bool = false) -> Int { text.measure(s, size: size, bold: bold).0 }

    /// The height of the text's box at this size (cached with its width).
    public func measuredHeight(_ s: String, size: Int, bold: Bool = false) -> Int { text.measure(s, size: size, bold: bold).1 }

    /// The width `text(_:size:bold:)` will draw at exactly this size: big numbers go glyph by glyph.
    public func drawnWidth(_ s: String, size: Int, bold: Bool = false) -> Int {
        guard Self.usesGlyphs(s, size: size) else { return measure(s, size: size, bold: bold) }
        return glyphsWidth(s, text.glyphWidths(size: size, bold: bold))
    }

    /// Big numbers (BPM, %, clocks) change every second: drawn from per-character
    /// textures (`GlyphSet`) so no new text is rendered and few big surfaces are kept.
    static func usesGlyphs(_ s: String, size: Int) -> Bool {
        guard size >= glyphPathMinSize else { return false }
        var count = 0
        for scalar in s.unicodeScalars {
            count += 1
            guard count <= 8, GlyphSet.place(scalar) != nil else { return false }
        }
        return true
    }

    static let glyphPathMinSize = 36

    /// The width of a big number (`usesGlyphs`) in the font of `widths`.
    private func glyphsWidth(_ s: String, _ widths: GlyphWidths) -> Int {
        s.unicodeScalars.reduce(0) { sum, scalar in sum + (GlyphSet.place(scalar).map { text.glyphWidth($0, widths) } ?? 0) }
    }

    private func glyphText(_ s: String, size: Int, bold: Bool, colour: Colour, in box: Rect, align: Align, shrinkToFit: Bool,
                           background: Colour?, blendedOnto: Bool) -> Int {
        let requested = size
        var size = size
        var w = glyphsWidth(s, text.glyphWidths(size: size, bold: bold))
        if shrinkToFit {
            while w > box.w && size > 10 {
                size = max(10, min(size - 1, size * box.w / max(w, 1)))
                w = glyphsWidth(s, text.glyphWidths(size: size, bold: bold))
            }
        }
        if recordsTexts, w > box.w { overflowingTexts.append(s) }
        noteSize(s, requested: requested, size: size)
        var x: Int
        switch align {
        case .left: x = box.x
        case .center: x = box.x + (box.w - w) / 2
        case .right: x = box.maxX - w
        }
        let glyphs = text.glyphs(size: size, bold: bold, colour: colour, background: background, blendedOnto: blendedOnto)
        for scalar in s.unicodeScalars {
            guard let place = GlyphSet.place(scalar), let entry = text.glyph(place, of: glyphs) else { continue }
            copy(entry, x: x, y: box.y + (box.h - Int(entry.height)) / 2)
            x += Int(entry.width)
        }
        return w
    }

    /// A cached text whose box's top left is at (`x`, `y`): the part of the box its texture holds.
    private func copy(_ entry: TextCache.Entry, x: Int, y: Int) {
        guard let texture = entry.texture else { return }
        var dst = SDL_Rect(x: Int32(x) + entry.ink.x, y: Int32(y) + entry.ink.y, w: entry.ink.w, h: entry.ink.h)
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }

    /// The heart icon at `box` (square), tinted; `pulse` 0…1 swells it for the beat.
    /// Each of a few beat sizes is rasterised at its exact pixel size (no scaling blur or jaggies).
    /// `background`: the flat colour of the whole box, when known — the box is then copied opaque,
    /// the heart blended onto that colour once (no fill under it, no blending per pixel).
    public func heart(_ box: Rect, _ c: Colour, hollow: Bool, pulse: Double = 0, background: Colour? = nil) {
        let full = min(box.w, box.h)
        guard full > 3 else { return }
        let step = Int((max(0, min(1, pulse)) * 4).rounded())
        let size = max(4, full * (86 + 14 * step / 4) / 100)
        if let background {
            opaqueHeart(box, size: size, colour: c, hollow: hollow, background: background)
            return
        }
        let key = size * 2 + (hollow ? 1 : 0)
        let texture: OpaquePointer
        if let t = hearts[key] {
            texture = t
        } else {
            guard let surface = IconRaster.heartSurface(size: size, hollow: hollow) else { return }
            defer { SDL_FreeSurface(surface) }
            guard let t = SDL_CreateTextureFromSurface(renderer, surface) else { return }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
            hearts[key] = t
            texture = t
        }
        SDL_SetTextureColorMod(texture, c.r, c.g, c.b)
        var dst = SDL_Rect(x: Int32(box.midX - size / 2), y: Int32(box.midY - size / 2), w: Int32(size), h: Int32(size))
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }

    /// The square box of side `min(box.w, box.h)` centred in `box` (what a tile's heart box is), the
    /// heart where `heart` puts it.
    private func opaqueHeart(_ box: Rect, size: Int, colour: Colour, hollow: Bool, background: Colour) {
        let side = min(box.w, box.h)
        let square = Rect(box.midX - side / 2, box.midY - side / 2, side, side)
        let key = OpaqueHeart(box: side, size: size, hollow: hollow, colour: colour, background: background)
        let texture: OpaquePointer
        if let t = opaqueHearts[key] {
            texture = t
        } else {
            guard let surface = IconRaster.heartSurface(size: size, hollow: hollow) else { return }
            defer { SDL_FreeSurface(surface) }
            guard let t = precomposite.texture(surface, x: box.midX - size / 2 - square.x, y: box.midY - size / 2 - square.y,
                                               width: side, height: side, tint: colour, background: background) else { return }
            if opaqueHearts.count >= Self.opaqueHeartCapacity { releaseOpaqueHearts() }
            opaqueHearts[key] = t
            texture = t
        }
        var dst = SDL_Rect(x: Int32(square.x), y: Int32(square.y), w: Int32(side), h: Int32(side))
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }

    private func releaseOpaqueHearts() {
        for t in opaqueHearts.values { SDL_DestroyTexture(t) }
        opaqueHearts = [:]
    }

    /// The strap's battery as a glyph: a white outline with a nub, filled from the left as far as
    /// the level (red at 20 % or less) over a darkened inside, so it reads on every zone colour;
    /// a hollow outline when the strap reports none. `background`: the flat colour it sits on, when
    /// known — the darkened inside is then filled opaque, as blending it there would have left it.
    public func battery(_ box: Rect, level: Int?, background: Colour? = nil) {
        guard box.w >= 6, box.h >= 4 else { return }
        guard let background else {
            for (rect, colour) in Self.batteryParts(box, level: level, inside: Self.batteryInside) { fill(rect, colour) }
            return
        }
        // On a flat colour: its parts filled once onto a texture of that colour, then copied whole — one
        // copy a frame instead of seven fills, each a few rows of a few pixels.
        let key = OpaqueBattery(width: box.w, height: box.h, level: level, background: background)
        let texture: OpaquePointer
        if let t = opaqueBatteries[key] {
            texture = t
        } else {
            let inside = precomposite.flat(Self.batteryInside, over: background)
            let parts = Self.batteryParts(Rect(0, 0, box.w, box.h), level: level, inside: inside)
            guard let t = precomposite.texture(filling: parts, width: box.w, height: box.h, background: background) else { return }
            if opaqueBatteries.count >= Self.opaqueBatteryCapacity { releaseOpaqueBatteries() }
            opaqueBatteries[key] = t
            texture = t
        }
        var dst = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: Int32(box.w), h: Int32(box.h))
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }

    /// The battery glyph's darkened inside, over whatever it sits on.
    static let batteryInside = Colour(0, 0, 0, 110)

    /// The battery glyph in `box` as opaque rectangles in drawing order: the outline and its nub, and
    /// with a level the inside (`inside`) and its fill from the left.
    static func batteryParts(_ box: Rect, level: Int?, inside colour: Colour) -> [(Rect, Colour)] {
        let line = max(1, box.h / 8)
        let nub = Rect(box.maxX - max(2, box.h / 6), box.y + box.h / 3, max(2, box.h / 6), max(2, box.h - 2 * (box.h / 3)))
        let body = Rect(box.x, box.y, nub.x - box.x, box.h)
        var parts: [(Rect, Colour)] = [
            (Rect(body.x, body.y, body.w, line), Theme.text), (Rect(body.x, body.maxY - line, body.w, line), Theme.text),
            (Rect(body.x, body.y, line, body.h), Theme.text), (Rect(body.maxX - line, body.y, line, body.h), Theme.text),
            (nub, Theme.text),
        ]
        guard let level else { return parts }
        let inside = body.inset(line)
        parts.append((inside, colour))
        let fraction = Double(min(100, max(0, level))) / 100
        let fillW = level > 0 ? max(1, Int((Double(inside.w) * fraction).rounded())) : 0
        parts.append((Rect(inside.x, inside.y, fillW, inside.h), batteryColour(level: level)))
        return parts
    }

    private func releaseOpaqueBatteries() {
        for t in opaqueBatteries.values { SDL_DestroyTexture(t) }
        opaqueBatteries = [:]
    }

    /// The battery glyph's fill: red at 20 % or less, else white.
    public static func batteryColour(level: Int) -> Colour { level <= 20 ? Colour(hex: 0xFF5252) : Theme.text }
}

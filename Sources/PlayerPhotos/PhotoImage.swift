import CSDL2
import CSDLImage
import Foundation
import Localization

/// Why an image could not be used, in words an admin can act on: in their language where it is shown
/// (`message.translated`), in English in the log (`description`).
public struct PhotoError: TranslatableError, Equatable, CustomStringConvertible {
    public var message: Message
    public var description: String { message.english }
    public init(_ message: Message) { self.message = message }
}

/// A decoded picture as an SDL surface (ARGB8888), owned: freed when the value goes.
///
/// An adapter over SDL_image and SDL's surface functions, which need no video subsystem (no
/// window, no renderer): the command line's roster import, the kiosk's import from a USB stick
/// (off the event loop) and the screens' avatars all use it.
public final class PhotoImage {
    let surface: UnsafeMutablePointer<SDL_Surface>

    public var width: Int { Int(surface.pointee.w) }
    public var height: Int { Int(surface.pointee.h) }

    init(owning surface: UnsafeMutablePointer<SDL_Surface>) { self.surface = surface }

    deinit { SDL_FreeSurface(surface) }

    /// Decodes a JPEG, PNG, GIF, BMP or WebP picture within `limits`: the file's size and its
    /// header are checked before any decoder sees it, and only the decoder of the kind the header
    /// names runs (SDL_image's `IMG_Load` would pick one by whatever magic it finds, SVG, XCF,
    /// TGA and PCX included). The decoded size must be the header's.
    public convenience init(decoding bytes: [UInt8], limits: PhotoLimits = .picture) throws {
        guard !bytes.isEmpty else { throw PhotoError(Message(N_("the file is empty"))) }
        try limits.check(fileBytes: bytes.count)
        let header = try PictureHeader(reading: bytes)
        try limits.check(header)
        let decoded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            // SDL_RWFromConstMem only reads the buffer, and the loader is done with it (closed here) before returning.
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            switch header.kind {
            case .png: return sideline_IMG_LoadPNG_RW(rw)
            case .jpeg: return sideline_IMG_LoadJPG_RW(rw)
            case .gif: return sideline_IMG_LoadGIF_RW(rw)
            case .bmp: return sideline_IMG_LoadBMP_RW(rw)
            case .webp: return sideline_IMG_LoadWEBP_RW(rw)
            }
        }
        guard let decoded else {
            try Self.openSDLImage()
            throw PhotoError(Message(N_("a {kind} that cannot be decoded ({problem})"), ["kind": header.kind.rawValue, "problem": String(cString: SDL_GetError())]))
        }
        defer { SDL_FreeSurface(decoded) }
        guard decoded.pointee.w == header.width, decoded.pointee.h == header.height else {
            throw PhotoError(Message(N_("a {kind} that says {width}×{height} pixels but decodes to {decodedWidth}×{decodedHeight}"),
                                     ["kind": header.kind.rawValue, "width": "\(header.width)", "height": "\(header.height)",
                                      "decodedWidth": "\(decoded.pointee.w)", "decodedHeight": "\(decoded.pointee.h)"]))
        }
        guard let argb = SDL_ConvertSurfaceFormat(decoded, sideline_SDL_PIXELFORMAT_ARGB8888(), 0) else {
            throw PhotoError(Message(N_("cannot convert the picture ({problem})"), ["problem": String(cString: SDL_GetError())]))
        }
        self.init(owning: argb)
    }

    public convenience init(decoding data: Data, limits: PhotoLimits = .picture) throws {
        try self.init(decoding: [UInt8](data), limits: limits)
    }

    /// The square that shows a face best, scaled to `side` pixels: the whole width (or height) of
    /// the picture, from its centre across and a little above its middle down (portraits have
    /// the face in the upper part). Downscaled in halvings, then bilinear, so it does not alias.
    public func square(side: Int) throws -> PhotoImage {
        let crop = min(width, height)
        let x = (width - crop) / 2
        let y = height > width ? (height - crop) / 4 : (height - crop) / 2
        // The first step halves already (a full-size copy of a 40-megapixel crop would cost 160 MB).
        var source = try copy(Rect32(x: x, y: y, w: crop, h: crop), to: crop / 2 >= side ? crop / 2 : side)
        while source.width / 2 >= side {
            source = try source.copy(Rect32(x: 0, y: 0, w: source.width, h: source.height), to: source.width / 2)
        }
        return source.width == side ? source : try source.copy(Rect32(x: 0, y: 0, w: source.width, h: source.height), to: side)
    }

    /// JPEG bytes (SDL_image's encoder), for keeping photos small in the database.
    public func jpeg(quality: Int = 85) throws -> [UInt8] {
        // A JPEG of an RGB picture never needs more than its raw size plus headers.
        var buffer = [UInt8](repeating: 0, count: width * height * 4 + 65_536)
        let written: Int64 = buffer.withUnsafeMutableBytes { raw in
            // SDL_RWFromMem writes only within the buffer's count; IMG_SaveJPG_RW is done with it before returning.
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else { return -1 }
            defer { SDL_RWclose(rw) }
            guard sideline_IMG_SaveJPG_RW(surface, rw, 0, Int32(quality)) == 0 else { return -1 }
            return SDL_RWtell(rw)
        }
        guard written > 0 else {
            try Self.openSDLImage()
            throw PhotoError(Message(N_("cannot encode the photo ({problem})"), ["problem": String(cString: SDL_GetError())])) }
        return Array(buffer[0..<Int(written)])
    }

    /// Opens SDL_image (`CSDLImage`: not linked, opened when a picture is first decoded or saved); throws why
    /// it cannot be. The photo helper calls it before it confines its system calls, after which nothing opens.
    public static func openSDLImage() throws {
        var reason = [CChar](repeating: 0, count: 512)
        guard sideline_img_open(&reason, reason.count) == 0 else {
            throw PhotoError(Message(N_("the picture cannot be used ({problem})"), ["problem": String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)]))
        }
    }

    /// The pixels, row by row, as 0xAARRGGBB words.
    public func withPixels<T>(_ body: (_ pixels: UnsafeMutablePointer<UInt32>, _ pitchWords: Int) throws -> T) rethrows -> T {
        // ARGB8888 surfaces made here are plain software surfaces (no RLE): their pixels need no lock.
        try body(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), Int(surface.pointee.pitch) / 4)
    }

    /// The SDL surface, for a renderer to make a texture of; valid while this value lives.
    public var sdlSurface: UnsafeMutablePointer<SDL_Surface> { surface }

    struct Rect32 { var x, y, w, h: Int }

    /// A part of this picture, scaled (bilinear) to `side` × `side`.
    private func copy(_ r: Rect32, to side: Int) throws -> PhotoImage {
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(side), Int32(side), 32, sideline_SDL_PIXELFORMAT_ARGB8888()) else {
            throw PhotoError(Message(N_("out of memory for a {side}×{side} photo"), ["side": "\(side)"]))
        }
        var src = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.w), h: Int32(r.h))
        guard SDL_SoftStretchLinear(surface, &src, out, nil) == 0 else {
            SDL_FreeSurface(out)
            throw PhotoError(Message(N_("cannot scale the photo ({problem})"), ["problem": String(cString: SDL_GetError())]))
        }
        return PhotoImage(owning: out)
    }
}

import Localization

/// What a picture file says about itself before anything decodes it: its kind, read from its
/// first bytes (never from its name), and the size in pixels its decoder will allocate for.
///
/// Pure and byte-level (no SDL): a file from a stranger's USB stick is read here first, and only
/// a picture of a known kind within `PhotoLimits` reaches a decoder — that kind's decoder alone.
/// Each kind is read the way its decoder reads it (SDL_image 2.6 over libpng, libjpeg, libwebp;
/// SDL's own BMP loader), so the size checked is the size decoded; anything the reading here
/// cannot follow is refused rather than guessed.
public struct PictureHeader: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case png = "PNG", jpeg = "JPEG", gif = "GIF", bmp = "BMP", webp = "WebP"
    }

    public var kind: Kind
    public var width: Int
    public var height: Int
    /// Scans in a JPEG (a progressive one has several, each a pass over the whole picture); 1 otherwise.
    public var scans: Int = 1
    /// A progressive JPEG keeps every coefficient of the picture while it decodes (2 bytes each).
    public var progressive = false
    /// Colour components the decoder keeps per pixel (JPEG: 1, 3 or 4).
    public var components = 3

    public var pixels: Int { width * height }

    /// Reads the header of `bytes`; throws `PhotoError` saying in plain words what the file is not.
    public init(reading bytes: [UInt8]) throws {
        var reader = HeaderBytes(bytes)
        if reader.startsWith([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = try Self.png(&reader)
        } else if reader.startsWith([0xFF, 0xD8]) {
            self = try Self.jpeg(&reader)
        } else if reader.startsWith(Array("GIF87a".utf8)) || reader.startsWith(Array("GIF89a".utf8)) {
            self = try Self.gif(&reader)
        } else if reader.startsWith(Array("BM".utf8)) {
            self = try Self.bmp(&reader)
        } else if reader.startsWith(Array("RIFF".utf8)), reader.has(Array("WEBP".utf8), at: 8) {
            self = try Self.webp(&reader)
        } else {
            throw PhotoError(Self.unknownKind(bytes))
        }
        guard width > 0, height > 0 else { throw PhotoError(Message(N_("a {kind} picture of {width}×{height} pixels has nothing to show"), ["kind": kind.rawValue, "width": "\(width)", "height": "\(height)"])) }
    }

    private init(_ kind: Kind, _ width: Int, _ height: Int) {
        self.kind = kind
        self.width = width
        self.height = height
    }

    /// What a file of another kind is, when it says so (an iPhone's HEIC, a TIFF…), so the message helps.
    static func unknownKind(_ bytes: [UInt8]) -> Message {
        let reader = HeaderBytes(bytes)
        if reader.has(Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: bytes.dropFirst(8).prefix(4), as: UTF8.self)
            if ["heic", "heix", "mif1", "msf1", "hevc"].contains(brand) {
                return Message(N_("not a JPEG, PNG, GIF, BMP or WebP picture (an HEIC photo: save it as JPEG)"))
            }
            if brand.hasPrefix("avi") { return Message(N_("not a JPEG, PNG, GIF, BMP or WebP picture (an AVIF picture: save it as JPEG)")) }
        }
        if reader.startsWith(Array("II*\0".utf8)) || reader.startsWith(Array("MM\0*".utf8)) {
            return Message(N_("not a JPEG, PNG, GIF, BMP or WebP picture (a TIFF: save it as JPEG or PNG)"))
        }
        if bytes.isEmpty { return Message(N_("the file is empty")) }
        return Message(N_("not a JPEG, PNG, GIF, BMP or WebP picture"))
    }

    // MARK: PNG — libpng reads IHDR, which must come first, and allocates width × height.

    private static func png(_ r: inout HeaderBytes) throws -> PictureHeader {
        guard r.count >= 33 else { throw PhotoError(Message(N_("a PNG cut short before its size"))) }
        guard r.u32be(8) == 13, r.has(Array("IHDR".utf8), at: 12) else { throw PhotoError(Message(N_("a damaged PNG (its first chunk is not IHDR)"))) }
        let width = Int(r.u32be(16)), height = Int(r.u32be(20))
        let depth = r[24], colour = r[25]
        let depths: [UInt8: Set<UInt8>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[colour], allowed.contains(depth), r[26] == 0, r[27] == 0, r[28] <= 1 else {
            throw PhotoError(Message(N_("a damaged PNG (colour type {colour}, bit depth {depth})"), ["colour": "\(colour)", "depth": "\(depth)"]))
        }
        // The PNG rule (and libpng's): no side beyond 2³¹ − 1.
        guard width <= Int(Int32.max), height <= Int(Int32.max) else { throw PhotoError(Message(N_("a damaged PNG ({width}×{height})"), ["width": "\(width)", "height": "\(height)"])) }
        var header = PictureHeader(.png, width, height)
        header.components = colour == 6 ? 4 : 3
        return header
    }

    // MARK: JPEG — libjpeg skips junk before a marker, uses the first frame header (SOFn).

    private static func jpeg(_ r: inout HeaderBytes) throws -> PictureHeader {
        var at = 2
        var frame: PictureHeader?
        var scans = 0
        segments: while true {
            // Junk, then fill bytes, before a marker (libjpeg's next_marker tolerates both), and an
            // FF 00 is junk too: libjpeg discards it and looks further (found by fuzzing: a segment
            // length read after FF 00 hid from this reader the frame header libjpeg then used).
            while at < r.count, r[at] != 0xFF { at += 1 }
            while at < r.count, r[at] == 0xFF { at += 1 }
            guard at < r.count else { break segments }
            let marker = r[at]
            at += 1
            if marker == 0x00 { continue }
            if marker == 0xD9 { break segments } // end of image
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue } // standalone markers
            guard at + 2 <= r.count else { break segments }
            let length = Int(r.u16be(at))
            guard length >= 2 else { throw PhotoError(Message(N_("a damaged JPEG (a segment of length {length})"), ["length": "\(length)"])) }
            // libjpeg takes the first frame header and refuses a second.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), frame == nil {
                guard length >= 8, at + 8 <= r.count else { throw PhotoError(Message(N_("a JPEG cut short in its frame header"))) }
                var header = PictureHeader(.jpeg, Int(r.u16be(at + 5)), Int(r.u16be(at + 3)))
                header.components = Int(r[at + 7])
                header.progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                guard header.height > 0 else { throw PhotoError(Message(N_("a JPEG whose height comes only after its pixels (DNL): not supported"))) }
                guard (1...4).contains(header.components) else { throw PhotoError(Message(N_("a JPEG of {components} colour components"), ["components": "\(header.components)"])) }
                frame = header
            }
            at += length
            if marker == 0xDA {
                guard frame != nil else { throw PhotoError(Message(N_("a damaged JPEG (pixels before the frame header)"))) }
                scans += 1
                at = Self.endOfEntropyCodedData(r, from: at)
            }
        }
        guard var header = frame else { throw PhotoError(Message(N_("a JPEG without a frame header (cut short or damaged)"))) }
        header.scans = max(scans, 1)
        return header
    }

    /// The next marker after a scan's entropy-coded data: an FF followed by neither a stuffed 00,
    /// a restart marker (D0–D7) nor another fill FF.
    private static func endOfEntropyCodedData(_ r: HeaderBytes, from start: Int) -> Int {
        var at = start
        while at + 1 < r.count {
            if r[at] == 0xFF {
                let next = r[at + 1]
                if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return at }
                at += next == 0xFF ? 1 : 2
            } else {
                at += 1
            }
        }
        return r.count
    }

    // MARK: GIF — SDL_image decodes the first image whose LZW code size it accepts, at that image's size.

    private static func gif(_ r: inout HeaderBytes) throws -> PictureHeader {
        guard r.count >= 13 else { throw PhotoError(Message(N_("a GIF cut short before its size"))) }
        var at = 13
        if r[10] & 0x80 != 0 { at += 3 << (Int(r[10] & 0x07) + 1) }
        while at < r.count {
            switch r[at] {
            case 0x21: // extension: label, then sub-blocks up to an empty one
                at = try Self.afterSubBlocks(r, from: at + 2)
            case 0x2C: // image descriptor
                guard at + 10 <= r.count else { throw PhotoError(Message(N_("a GIF cut short in its image descriptor"))) }
                let width = Int(r.u16le(at + 5)), height = Int(r.u16le(at + 7))
                var codeSizeAt = at + 10
                if r[at + 9] & 0x80 != 0 { codeSizeAt += 3 << (Int(r[at + 9] & 0x07) + 1) }
                // A code size SDL_image refuses makes it search the rest of the file for another image:
                // whatever it found there would be a picture nobody checked.
                guard codeSizeAt < r.count, r[codeSizeAt] <= 12 else { throw PhotoError(Message(N_("a damaged GIF (its first image cannot be decoded)"))) }
                var header = PictureHeader(.gif, width, height)
                header.components = 1
                return header
            case 0x3B:
                throw PhotoError(Message(N_("a GIF without a picture")))
            default:
                throw PhotoError(Message(N_("a damaged GIF (byte {byte} at {offset} where a block starts)"), ["byte": "\(r[at])", "offset": "\(at)"]))
            }
        }
        throw PhotoError(Message(N_("a GIF cut short before its first image")))
    }

    private static func afterSubBlocks(_ r: HeaderBytes, from start: Int) throws -> Int {
        var at = start
        while at < r.count {
            let size = Int(r[at])
            at += 1 + size
            if size == 0 { return at }
        }
        throw PhotoError(Message(N_("a GIF cut short in an extension")))
    }

    // MARK: BMP — SDL's loader: a 12-byte core header has 16-bit sizes, the others 32-bit signed ones.

    private static func bmp(_ r: inout HeaderBytes) throws -> PictureHeader {
        guard r.count >= 26 else { throw PhotoError(Message(N_("a BMP cut short before its size"))) }
        let infoSize = Int(r.u32le(14))
        let width: Int, height: Int
        switch infoSize {
        case 12:
            width = Int(r.u16le(18))
            height = Int(r.u16le(20))
        case 40, 52, 56, 108, 124:
            width = Int(Int32(bitPattern: r.u32le(18)))
            // Negative: stored top-down. −2³¹ has no positive Int32, which SDL would negate anyway.
            let signed = Int32(bitPattern: r.u32le(22))
            guard signed != Int32.min else { throw PhotoError(Message(N_("a damaged BMP (height −2147483648)"))) }
            height = abs(Int(signed))
        default:
            throw PhotoError(Message(N_("a BMP with a {size}-byte header (not one Windows writes)"), ["size": "\(infoSize)"]))
        }
        guard width > 0 else { throw PhotoError(Message(N_("a damaged BMP (width {width})"), ["width": "\(width)"])) }
        return PictureHeader(.bmp, width, height)
    }

    // MARK: WebP — libwebp's features: the canvas of an extended file, else the bitstream's size.

    private static func webp(_ r: inout HeaderBytes) throws -> PictureHeader {
        guard r.count >= 30 else { throw PhotoError(Message(N_("a WebP cut short before its size"))) }
        let chunk = String(decoding: r.slice(12, 4), as: UTF8.self)
        switch chunk {
        case "VP8X":
            guard r[20] & 0x02 == 0 else { throw PhotoError(Message(N_("an animated WebP: save one frame as JPEG or PNG"))) }
            return PictureHeader(.webp, Int(r.u24le(24)) + 1, Int(r.u24le(27)) + 1)
        case "VP8 ":
            guard r.has([0x9D, 0x01, 0x2A], at: 23) else { throw PhotoError(Message(N_("a damaged WebP (no VP8 start code)"))) }
            return PictureHeader(.webp, Int(r.u16le(26) & 0x3FFF), Int(r.u16le(28) & 0x3FFF))
        case "VP8L":
            guard r[20] == 0x2F else { throw PhotoError(Message(N_("a damaged WebP (no VP8L signature)"))) }
            let bits = r.u32le(21)
            return PictureHeader(.webp, Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        default:
            throw PhotoError(Message(N_("a WebP of an unknown layout")))
        }
    }
}

/// Bounds-checked reads of little- and big-endian numbers: a read past the end gives 0, and
/// callers check `count` first where the difference matters.
struct HeaderBytes {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }
    subscript(_ i: Int) -> UInt8 { i >= 0 && i < bytes.count ? bytes[i] : 0 }

    func has(_ prefix: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && offset + prefix.count <= bytes.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
    }
    func startsWith(_ prefix: [UInt8]) -> Bool { has(prefix, at: 0) }
    func slice(_ offset: Int, _ length: Int) -> [UInt8] { (0..<length).map { self[offset + $0] } }

    func u16be(_ i: Int) -> UInt16 { UInt16(self[i]) << 8 | UInt16(self[i + 1]) }
    func u32be(_ i: Int) -> UInt32 { UInt32(u16be(i)) << 16 | UInt32(u16be(i + 2)) }
    func u16le(_ i: Int) -> UInt16 { UInt16(self[i]) | UInt16(self[i + 1]) << 8 }
    func u24le(_ i: Int) -> UInt32 { UInt32(u16le(i)) | UInt32(self[i + 2]) << 16 }
    func u32le(_ i: Int) -> UInt32 { UInt32(u16le(i)) | UInt32(u16le(i + 2)) << 16 }
}

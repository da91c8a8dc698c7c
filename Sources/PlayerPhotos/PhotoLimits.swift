import Appliance
import Localization

/// How large a picture may be before anything decodes it. A decoder allocates for the size the
/// header declares, whatever the file's length: a 4.7 MB PNG declaring 40 000 × 40 000 pixels
/// asked SDL_image for 4.8 GB and crashed it; a JPEG header alone of 60 000 × 60 000 took 10.6 GB.
public struct PhotoLimits: Sendable, Equatable {
    public var maxFileBytes: Int
    public var maxSide: Int
    public var maxPixels: Int
    /// A progressive JPEG's scans: encoders write about ten, and each scan is a pass over the whole
    /// picture, so thousands of nearly empty ones make a small file decode for minutes.
    public var maxScans: Int
    /// The kinds taken at all.
    public var kinds: Set<PictureHeader.Kind>

    public init(maxFileBytes: Int, maxSide: Int, maxPixels: Int, maxScans: Int = 100,
                kinds: Set<PictureHeader.Kind> = Set(PictureHeader.Kind.allCases)) {
        self.maxFileBytes = maxFileBytes
        self.maxSide = maxSide
        self.maxPixels = maxPixels
        self.maxScans = maxScans
        self.kinds = kinds
    }

    /// A picture from a USB stick or a roster: a camera's photo up to 40 megapixels (a 12-MP phone
    /// photo is 4032 × 3024; 48-MP modes are 8000 × 6000 and must be saved smaller).
    public static let picture = PhotoLimits(maxFileBytes: 40 << 20, maxSide: 8000, maxPixels: 40_000_000)
    /// A photo the database keeps (`StoredPhoto`: a 256-px square JPEG of some 20 kB), for the
    /// screens, which decode it in the kiosk's own process: anything else in the database (a
    /// restored backup's) did not come from Sideline, and no other decoder runs on it there —
    /// SDL_image 2.6's GIF decoder writes out of bounds on a crafted file (found by fuzzing).
    public static let stored = PhotoLimits(maxFileBytes: 1 << 20, maxSide: 1024, maxPixels: 1024 * 1024, kinds: [.jpeg])

    public func check(fileBytes: Int) throws {
        guard fileBytes <= maxFileBytes else {
            throw PhotoError(Message(N_("a file of {size} is too large for a photo (at most {limit})"),
                                     ["size": StickFile.size(fileBytes), "limit": StickFile.size(maxFileBytes)]))
        }
    }

    public func check(_ header: PictureHeader) throws {
        guard kinds.contains(header.kind) else {
            throw PhotoError(Message(N_("a {kind} where only {kinds} is taken"),
                                     ["kind": header.kind.rawValue, "kinds": kinds.map(\.rawValue).sorted().joined(separator: ", ")]))
        }
        guard header.width <= maxSide, header.height <= maxSide, header.pixels <= maxPixels else {
            throw PhotoError(Message(N_("a {kind} of {width}×{height} pixels is too large for a photo (at most {side} pixels a side and {megapixels} megapixels)"),
                                     ["kind": header.kind.rawValue, "width": "\(header.width)", "height": "\(header.height)",
                                      "side": "\(maxSide)", "megapixels": "\(maxPixels / 1_000_000)"]))
        }
        guard header.scans <= maxScans else {
            throw PhotoError(Message(N_("a JPEG of {scans} scans is not a photo (at most {limit})"), ["scans": "\(header.scans)", "limit": "\(maxScans)"]))
        }
    }

    /// What decoding a picture of this header may take at most, in bytes: the decoder's own
    /// surface (up to 4 bytes a pixel), the ARGB copy cropping works on (4), the first halving of
    /// the square (1), and a progressive JPEG's coefficients (2 bytes a pixel per component).
    /// `Int.max` for a header no limits would pass (found by fuzzing: 2³⁰ × 2³⁰ pixels × 9 overflowed).
    public static func decodeBytes(_ header: PictureHeader) -> Int {
        let (bytes, overflow) = header.pixels.multipliedReportingOverflow(by: 9 + (header.progressive ? 2 * header.components : 0))
        return overflow ? .max : bytes
    }

}

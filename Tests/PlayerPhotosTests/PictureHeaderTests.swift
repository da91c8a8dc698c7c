@testable import PlayerPhotos
import XCTest

/// A picture's kind and size read from its first bytes, before any decoder sees it: real files of
/// every kind, every prefix and every one-byte change of them, and the issue's bombs.
final class PictureHeaderTests: XCTestCase {
    let pillow: [(String, [UInt8], PictureHeader.Kind)] = [
        ("gif", TestPictures.gif, .gif), ("webp lossy", TestPictures.webpLossy, .webp), ("webp lossless", TestPictures.webpLossless, .webp),
        ("webp alpha", TestPictures.webpAlpha, .webp), ("bmp", TestPictures.bmp, .bmp), ("progressive jpeg", TestPictures.jpegProgressive, .jpeg),
    ]

    func testRealPicturesOfEveryKindAreReadAsTheirDecoderReadsThem() throws {
        for (name, bytes, kind) in pillow {
            let header = try PictureHeader(reading: bytes)
            XCTAssertEqual([header.kind.rawValue, "\(header.width)×\(header.height)"], [kind.rawValue, "7×5"], name)
            let image = try PhotoImage(decoding: bytes)
            XCTAssertEqual([image.width, image.height], [7, 5], name)
        }
        XCTAssertTrue(try PictureHeader(reading: TestPictures.jpegProgressive).progressive)
        XCTAssertGreaterThan(try PictureHeader(reading: TestPictures.jpegProgressive).scans, 1)
    }

    func testSDLsOwnPicturesAtManySizes() throws {
        for (width, height) in [(1, 1), (2, 3), (255, 1), (640, 480), (1001, 17), (3000, 2)] {
            for kind in [TestPictures.Written.png, .jpeg, .bmp] {
                let bytes = try TestPictures.written(kind, width: width, height: height)
                let header = try PictureHeader(reading: bytes)
                XCTAssertEqual([header.width, header.height], [width, height], "\(kind) \(width)×\(height)")
                XCTAssertEqual(header.scans, 1)
                let image = try PhotoImage(decoding: bytes)
                XCTAssertEqual([image.width, image.height], [width, height], "\(kind) \(width)×\(height) decoded")
            }
        }
    }

    /// A file cut short anywhere is refused or read with its real size — never misread, never a trap.
    func testEveryPrefixIsReadRightOrRefused() throws {
        let written = try [TestPictures.Written.png, .jpeg, .bmp].map { try TestPictures.written($0, width: 9, height: 4) }
        for bytes in pillow.map(\.1) + written {
            let whole = try PictureHeader(reading: bytes)
            for cut in 0..<bytes.count {
                guard let header = try? PictureHeader(reading: Array(bytes.prefix(cut))) else { continue }
                XCTAssertEqual([header.width, header.height], [whole.width, whole.height], "\(whole.kind) cut at \(cut)")
            }
        }
    }

    /// Every single byte of every real picture set to 0x00, 0xFF and flipped: the reader never traps,
    /// and whatever it reads stays within what the limits then judge (a positive size).
    func testEveryOneByteChangeIsReadOrRefusedWithoutATrap() throws {
        let written = try [TestPictures.Written.png, .jpeg, .bmp].map { try TestPictures.written($0, width: 9, height: 4) }
        var read = 0, refused = 0
        for bytes in pillow.map(\.1) + written {
            for i in bytes.indices {
                for change in [{ (_: UInt8) in UInt8(0) }, { _ in 0xFF }, { $0 ^ 0x80 }] {
                    var changed = bytes
                    changed[i] = change(bytes[i])
                    if let header = try? PictureHeader(reading: changed) {
                        XCTAssertTrue(header.width > 0 && header.height > 0)
                        read += 1
                    } else {
                        refused += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(read, 0)
        XCTAssertGreaterThan(refused, 0)
    }

    /// The issue's crash and its relatives are refused from their headers alone (the IDAT here is a
    /// few bytes: `Tests/e2e/hostile_files.py` makes the real 4.7 MB file for the end-to-end tests).
    func testTheIssuesBombsAreRefusedByTheirHeaderBeforeAnyDecoder() throws {
        let bombs: [(String, [UInt8], String)] = [
            ("PNG 40000×40000", Hostile.png(width: 40000, height: 40000), "a PNG of 40000×40000 pixels is too large for a photo"),
            ("JPEG 60000×60000", Hostile.jpeg(width: 60000, height: 60000), "a JPEG of 60000×60000 pixels is too large"),
            ("GIF frame 65535²", Hostile.gifFrame(width: 65535, height: 65535), "a GIF of 65535×65535 pixels is too large"),
            ("BMP height −2³¹", Hostile.bmp(width: 4, height: Int32.min), "a damaged BMP (height −2147483648)"),
            ("WebP canvas 16M²", Hostile.webpCanvas(width: 16_000_000, height: 16_000_000), "a WebP of 16000000×16000000 pixels is too large"),
            ("PNG 9000×10", Hostile.png(width: 9000, height: 10), "at most 8000 pixels a side"),
            ("PNG 7000×7000", Hostile.png(width: 7000, height: 7000), "and 40 megapixels"),
            ("PNG 0×10", Hostile.png(width: 0, height: 10), "nothing to show"),
        ]
        for (name, bytes, message) in bombs {
            XCTAssertThrowsError(try PhotoImage(decoding: bytes), name) { XCTAssertTrue("\($0)".contains(message), "\(name): \($0)") }
        }
    }

    /// Inputs the fuzz targets found (deploy/fuzz.sh), kept as they were found.
    func testFuzzFindingsStayFixed() throws {
        // PictureHeader: an IHDR of 1195984440 × 962658560 pixels overflowed the decode budget's Int (a trap).
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
                            0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00]
        let header = try PictureHeader(reading: png)
        XCTAssertEqual([header.width, header.height], [1_195_984_440, 962_658_560])
        XCTAssertEqual(PhotoLimits.decodeBytes(header), .max)
        XCTAssertThrowsError(try PhotoImage(decoding: png)) { XCTAssertTrue("\($0)".contains("too large for a photo")) }

        // PhotoDecode: an FF 00 outside a scan, then a frame header of 60000 × 60000. libjpeg discards
        // FF 00 and reads that header (SDL_image then asked for 10.8 GB); this reader took the 00 for
        // a marker, its next two bytes (01 FF) for a length, skipped the header and took a later
        // 10 × 10 one. The fuzzer's input is in Fuzz/seeds/PhotoDecode; this is its shape.
        let big = Hostile.jpeg(width: 60000, height: 60000), small = Hostile.jpeg(width: 10, height: 10)
        var hidden: [UInt8] = [0xFF, 0xD8, 0xFF, 0x00, 0x01, 0xFF] + big[2..<15]
        hidden += [UInt8](repeating: 0, count: 4 + 0x1FF - hidden.count) + small.dropFirst(2)
        XCTAssertEqual(try PictureHeader(reading: hidden).width, 60000)
        XCTAssertThrowsError(try PhotoImage(decoding: hidden)) { XCTAssertTrue("\($0)".contains("a JPEG of 60000×60000 pixels is too large")) }
    }

    func testOtherKindsAreRefusedWithAHint() {
        let files: [([UInt8], String)] = [
            ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], "an HEIC photo: save it as JPEG"),
            (Array("II*\0".utf8) + [8, 0, 0, 0], "a TIFF: save it as JPEG or PNG"),
            (Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><use href=\"#a\"/></svg>".utf8), "not a JPEG, PNG, GIF, BMP or WebP picture"),
            (Array("number,first,last\n".utf8), "not a JPEG, PNG, GIF, BMP or WebP picture"),
            ([], "the file is empty"),
        ]
        for (bytes, message) in files {
            XCTAssertThrowsError(try PictureHeader(reading: bytes)) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
    }

    func testAJPEGOfThousandsOfScansIsRefused() throws {
        let header = try PictureHeader(reading: Hostile.jpeg(width: 64, height: 64, scans: 5000, progressive: true))
        XCTAssertEqual(header.scans, 5000)
        XCTAssertThrowsError(try PhotoLimits.picture.check(header)) { XCTAssertEqual("\($0)", "a JPEG of 5000 scans is not a photo (at most 100)") }
    }

    func testJPEGMarkersAreFollowedAsLibjpegDoes() throws {
        // Junk and fill bytes before a marker, and the first frame header wins over a second.
        var bytes = Hostile.jpeg(width: 10, height: 20)
        bytes.insert(contentsOf: [0x00, 0x12, 0xFF, 0xFF], at: 2)
        XCTAssertEqual(try PictureHeader(reading: bytes).width, 10)
        let sof = bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        let second: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x27, 0x10, 0x27, 0x10, 0x01, 0x01, 0x11, 0x00]
        bytes.insert(contentsOf: second, at: sof + 13)
        XCTAssertEqual(try PictureHeader(reading: bytes).width, 10)
        XCTAssertThrowsError(try PictureHeader(reading: Hostile.jpeg(width: 10, height: 0))) { XCTAssertTrue("\($0)".contains("DNL")) }
    }

    func testGIFsThatSDLImageWouldSearchForAnotherImageAreRefused() {
        var bytes = Hostile.gifFrame(width: 4, height: 4)
        bytes[bytes.count - 6] = 13 // an LZW code size beyond 12: SDL_image would look for any later ',' as an image
        XCTAssertThrowsError(try PictureHeader(reading: bytes)) { XCTAssertTrue("\($0)".contains("damaged GIF")) }
        XCTAssertThrowsError(try PictureHeader(reading: Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x99])) { XCTAssertTrue("\($0)".contains("damaged GIF")) }
    }

    func testStoredPhotosHaveTightLimitsAndFileSizesAreCapped() throws {
        let large = try TestPictures.written(.jpeg, width: 1500, height: 1000)
        XCTAssertThrowsError(try PhotoImage(decoding: large, limits: .stored)) { XCTAssertTrue("\($0)".contains("at most 1024 pixels a side")) }
        let stored = try StoredPhoto(preparing: large)
        XCTAssertEqual(try PhotoImage(decoding: stored.jpeg, limits: .stored).width, StoredPhoto.side)
        for other in [TestPictures.gif, TestPictures.bmp, TestPictures.webpLossy, try TestPictures.written(.png, width: 8, height: 8)] {
            XCTAssertThrowsError(try PhotoImage(decoding: other, limits: .stored)) { XCTAssertTrue("\($0)".hasSuffix("where only JPEG is taken"), "\($0)") }
        }
        let small = PhotoLimits(maxFileBytes: 2048, maxSide: 8000, maxPixels: 1_000_000)
        XCTAssertThrowsError(try PhotoImage(decoding: large, limits: small)) { XCTAssertTrue("\($0)".contains("too large for a photo (at most 2 kB)"), "\($0)") }
    }
}

/// Hostile headers, made here byte by byte.
enum Hostile {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        // Appended piece by piece: Debian's Swift 6.2.3 (the arm64 build) gives up type-checking long sums.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += be(13)
        bytes += Array("IHDR".utf8)
        bytes += be(width)
        bytes += be(height)
        bytes += [8, 2, 0, 0, 0]
        bytes += be(0)
        bytes += be(4)
        bytes += Array("IDAT".utf8)
        bytes += [0x78, 0xDA, 0x03, 0x00]
        bytes += be(0)
        return bytes
    }

    static func jpeg(width: Int, height: Int, scans: Int = 1, progressive: Bool = false) -> [UInt8] {
        let sof: [UInt8] = [0xFF, progressive ? 0xC2 : 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF),
                            UInt8(width >> 8), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00]
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0x00]
        return [0xFF, 0xD8] + sof + Array([[UInt8]](repeating: sos, count: scans).joined()) + [0xFF, 0xD9]
    }

    static func gifFrame(width: UInt16, height: UInt16) -> [UInt8] {
        func le(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        var bytes = Array("GIF89a".utf8)
        bytes += le(1)
        bytes += le(1)
        bytes += [0, 0, 0, 0x2C]
        bytes += le(0)
        bytes += le(0)
        bytes += le(width)
        bytes += le(height)
        bytes += [0, 2, 2, 0x44, 0x01, 0x00, 0x3B]
        return bytes
    }

    static func bmp(width: Int32, height: Int32) -> [UInt8] {
        func le(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
        var bytes = Array("BM".utf8)
        for field: UInt32 in [70, 0, 54, 40, UInt32(bitPattern: width), UInt32(bitPattern: height)] { bytes += le(field) }
        bytes += [1, 0, 24, 0]
        bytes += [UInt8](repeating: 0, count: 40)
        return bytes
    }

    static func webpCanvas(width: UInt32, height: UInt32) -> [UInt8] {
        func le24(_ v: UInt32) -> [UInt8] { (0..<3).map { UInt8(v >> (8 * $0) & 0xFF) } }
        var bytes = Array("RIFF".utf8)
        bytes += [22, 0, 0, 0]
        bytes += Array("WEBPVP8X".utf8)
        bytes += [10, 0, 0, 0, 0, 0, 0, 0]
        bytes += le24(width - 1)
        bytes += le24(height - 1)
        return bytes
    }
}

import ClubStorage
import Foundation

/// A photo uploaded from a laptop is checked as a JPEG before it joins the roster: every segment
/// walked from the start-of-image to the end-of-image with its length inside the file, a frame
/// header with sane dimensions before the first scan, the scans' entropy-coded data walked to the
/// next marker. The server has no image decoder (no SDL here), so it checks the structure the
/// kiosk's decoder will read; the kiosk decodes the picture in its sandboxed helper as it does any
/// stranger's file.
enum JPEGCheck {
    struct Image: Equatable {
        var width: Int
        var height: Int
        var components: Int
    }

    static let maxSide = 8192

    /// The picture's size, or why it is not a JPEG.
    static func check(_ data: Data) -> Result<Image, ClubError> {
        let b = [UInt8](data)
        func refuse(_ why: String) -> Result<Image, ClubError> { .failure(ClubError.unprocessable("the photo is not a JPEG: \(why)")) }
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return refuse("it does not start as one") }
        var at = 2, frame: Image?
        while at < b.count {
            guard b[at] == 0xFF else { return refuse("a segment does not start with a marker at byte \(at)") }
            while at < b.count, b[at] == 0xFF { at += 1 }
            guard at < b.count else { return refuse("it ends inside a marker") }
            let marker = b[at]
            at += 1
            switch marker {
            case 0xD9:
                guard frame != nil else { return refuse("it ends before any picture") }
                return .success(frame!)
            case 0xD8: return refuse("a second start of image")
            case 0x01, 0xD0...0xD7: continue
            default: break
            }
            guard at + 2 <= b.count else { return refuse("a segment's length is cut off") }
            let length = Int(b[at]) << 8 | Int(b[at + 1])
            guard length >= 2, at + length <= b.count else { return refuse("a segment runs past the end") }
            let segment = at + 2
            if [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker) {
                guard length >= 8 else { return refuse("a frame header is too short") }
                let height = Int(b[segment + 1]) << 8 | Int(b[segment + 2])
                let width = Int(b[segment + 3]) << 8 | Int(b[segment + 4])
                let components = Int(b[segment + 5])
                guard (1...maxSide).contains(width), (1...maxSide).contains(height), [1, 3, 4].contains(components),
                      length >= 8 + 3 * components else { return refuse("a frame of \(width)×\(height) with \(components) components") }
                frame = Image(width: width, height: height, components: components)
            }
            at += length
            if marker == 0xDA {
                guard frame != nil else { return refuse("a scan before the frame header") }
                // Entropy-coded data up to the next marker that is neither a stuffed 0xFF00 nor a restart.
                while at + 1 < b.count {
                    if b[at] == 0xFF, b[at + 1] != 0x00, !(0xD0...0xD7).contains(b[at + 1]), b[at + 1] != 0xFF { break }
                    at += 1
                }
                guard at + 1 < b.count else { return refuse("a scan runs past the end") }
            }
        }
        return refuse("it has no end-of-image marker")
    }
}

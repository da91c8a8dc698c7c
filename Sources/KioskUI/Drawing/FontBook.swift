import CSDL2
import Foundation

/// Opens the UI fonts (DejaVu Sans, regular and bold) at the sizes asked for.
/// Sizes are rounded to even pixels so a few dozen fonts cover every screen.
public final class FontBook {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    private let regularPath: String
    private let boldPath: String
    private var fonts: [Int: OpaquePointer] = [:]

    /// Looks in `$SIDELINE_ASSETS/fonts`, `assets/fonts` and the Debian package location.
    public init(assetsDirectory: String?) throws {
        var folders: [String] = []
        if let assetsDirectory { folders.append(assetsDirectory + "/fonts") }
        folders += ["assets/fonts", "/usr/share/fonts/truetype/dejavu"]
        func find(_ name: String) -> String? {
            folders.map { "\($0)/\(name)" }.first { FileManager.default.fileExists(atPath: $0) }
        }
        guard let regular = find("DejaVuSans.ttf"), let bold = find("DejaVuSans-Bold.ttf") else {
            throw Missing(description: "font DejaVuSans.ttf / DejaVuSans-Bold.ttf not found in \(folders.joined(separator: ", ")); install fonts-dejavu-core (deploy/scripts/setup.sh) or put them in assets/fonts")
        }
        regularPath = regular
        boldPath = bold
        if TTF_WasInit() == 0 && TTF_Init() != 0 {
            throw Missing(description: "SDL_ttf could not start: \(String(cString: SDL_GetError()))")
        }
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    public static func quantize(_ size: Int) -> Int { max(8, min(600, (size + 1) / 2 * 2)) }

    /// One font's key: its quantized size and weight.
    static func key(size: Int, bold: Bool) -> Int { quantize(size) << 1 | (bold ? 1 : 0) }

    /// The font for a pixel size; nil only if the file became unreadable (then text is skipped, the kiosk goes on).
    public func font(size: Int, bold: Bool) -> OpaquePointer? {
        let q = Self.quantize(size)
        let key = Self.key(size: size, bold: bold)
        if let font = fonts[key] { return font }
        guard let font = TTF_OpenFont(bold ? boldPath : regularPath, Int32(q)) else { return nil }
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        fonts[key] = font
        return font
    }

    /// Closes every font but `kept` (keys): each open size holds its own copy of the face's tables, HarfBuzz's
    /// layout tables and a glyph cache (≈ 100–200 KB). One asked for again is opened again.
    func close(allBut kept: Set<Int>) {
        for (key, font) in fonts where !kept.contains(key) {
            TTF_CloseFont(font)
            fonts.removeValue(forKey: key)
        }
    }

    /// Fonts open (tests).
    var openCount: Int { fonts.count }
}

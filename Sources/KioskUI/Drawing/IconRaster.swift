import CSDL2
import Foundation

/// Icons drawn by code at the exact pixel size they are shown at (crisp at any
/// scale): white shapes with anti-aliased edges, tinted when drawn.
enum IconRaster {
    /// Coverage (0…1) of the heart shape (x²+y²−1)³ − x²y³ ≤ 0 at a point of the unit box.
    static func heartInside(_ u: Double, _ v: Double, shrink: Double) -> Bool {
        // Map the box to the curve's extent (x −1.2…1.2, y −1.1…1.35), y up.
        let x = (u - 0.5) * 2.5 / shrink
        let y = (0.5 - v) * 2.5 / shrink + 0.12
        let a = x * x + y * y - 1
        return a * a * a - x * x * y * y * y <= 0
    }

    /// A heart, filled or as an outline (hollow = the strap reports no skin contact).
    static func heartSurface(size: Int, hollow: Bool) -> UnsafeMutablePointer<SDL_Surface>? {
        let n = max(4, size)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(n), Int32(n), 32, sideline_SDL_PIXELFORMAT_ARGB8888()) else { return nil }
        let pitch = Int(surface.pointee.pitch) / 4
        // The surface was just created with a 32-bit format and is not locked by anyone else (software surface, no RLE).
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let ss = 4
        let thickness = hollow ? 0.72 : 0
        for py in 0..<n {
            for px in 0..<n {
                var hits = 0
                for sy in 0..<ss {
                    for sx in 0..<ss {
                        let u = (Double(px) + (Double(sx) + 0.5) / Double(ss)) / Double(n)
                        let v = (Double(py) + (Double(sy) + 0.5) / Double(ss)) / Double(n)
                        let outer = heartInside(u, v, shrink: 1)
                        let inner = hollow && heartInside((u - 0.5) / thickness + 0.5, (v - 0.5) / thickness + 0.5 + 0.02, shrink: 1)
                        if outer && !inner { hits += 1 }
                    }
                }
                let alpha = UInt32(hits * 255 / (ss * ss))
                pixels[py * pitch + px] = alpha << 24 | 0x00FF_FFFF
            }
        }
        return surface
    }
}

import Foundation
import TeamCore

/// An sRGB colour with alpha.
public struct Colour: Sendable, Equatable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public init(hex: UInt32) {
        self.init(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF))
    }

    public init(_ team: RGBColour) { self.init(team.red, team.green, team.blue) }

    /// The four channels in one word (red highest, alpha lowest).
    public var packed: UInt32 { UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a) }

    /// One word hashed, not four bytes: colours are in the keys of every text and heart a frame draws.
    public func hash(into hasher: inout Hasher) { hasher.combine(packed) }

    public func withAlpha(_ alpha: UInt8) -> Colour { Colour(r, g, b, alpha) }

    /// Mixes towards `other` by `t` (0…1).
    public func mixed(with other: Colour, _ t: Double) -> Colour {
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
        return Colour(m(r, other.r), m(g, other.g), m(b, other.b), a)
    }

    /// WCAG relative luminance.
    public var luminance: Double {
        func channel(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// WCAG contrast ratio (1…21).
    public static func contrast(_ a: Colour, _ b: Colour) -> Double {
        let (x, y) = (a.luminance, b.luminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}

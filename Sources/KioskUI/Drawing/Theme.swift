import TeamCore

/// Colours and sizes. Dark grey (not black) background; white text; zone
/// colours dark enough that white text keeps a contrast of at least 4.5:1.
public enum Theme {
    public static let background = Colour(hex: 0x1C2026)
    public static let surface = Colour(hex: 0x2A3039)
    public static let surfaceHigh = Colour(hex: 0x3A424E)
    public static let text = Colour(hex: 0xFFFFFF)
    public static let textDim = Colour(hex: 0xB4BCC8)
    public static let accent = Colour(hex: 0x1D6FD6)
    public static let good = Colour(hex: 0x1E8A3C)
    public static let danger = Colour(hex: 0xC62828)
    public static let warning = Colour(hex: 0xF2B705)
    public static let noSignal = Colour(hex: 0x454C57)
    /// The recovery minute's band: a calm teal no zone uses (white on it 6.2:1).
    public static let recovery = Colour(hex: 0x0E6B73)

    /// grey → blue → green → orange → red, as gyms and teams know them.
    public static func zone(_ zone: HeartRateZone) -> Colour {
        switch zone {
        case .rest: Colour(hex: 0x4A525E)
        case .z1: Colour(hex: 0x5E6A7A)
        case .z2: Colour(hex: 0x1F62B8)
        case .z3: Colour(hex: 0x1C7A36)
        case .z4: Colour(hex: 0xB04E08)
        case .z5: Colour(hex: 0xC01B1B)
        }
    }

    /// A player's own colour (their avatar without a photo, their line on graphs): the same on every
    /// screen and in every session, taken from their id. Each keeps ≥ 4.5:1 with white initials.
    public static func playerColour(_ playerID: Int64) -> Colour {
        playerPalette[Int(UInt64(bitPattern: playerID) % UInt64(playerPalette.count))]
    }

    public static let playerPalette: [Colour] = [0x1565C0, 0xAD1457, 0x2E7D32, 0x6A1B9A, 0xBF360C, 0x00695C, 0x4E342E, 0x283593,
                                                 0x880E4F, 0x37474F, 0x33691E, 0x4527A0].map(Colour.init(hex:))

    /// The player's colour lightened for a line on the dark graph background.
    public static func playerLineColour(_ playerID: Int64) -> Colour { playerColour(playerID).mixed(with: text, 0.45) }

    public static func zoneName(_ zone: HeartRateZone) -> String {
        zone == .rest ? "Z0" : "Z\(zone.rawValue)"
    }
}

/// Sizes in pixels for a given window: everything scales with the smaller of
/// width/800 and height/480, so 800×480 and 4K look alike.
public struct Metrics: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let scale: Double

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        scale = max(0.5, min(Double(width) / 800, Double(height) / 480))
    }

    /// A length given at 800×480.
    public func px(_ base: Double) -> Int { Int((base * scale).rounded()) }

    public var topBar: Int { px(64) }
    /// Smallest touch target (≥ 64 px at 800×480).
    public var target: Int { px(64) }
    public var gap: Int { px(8) }
    public var margin: Int { px(12) }
    public var body: Int { px(20) }
    public var small: Int { px(16) }
    public var title: Int { px(26) }
    /// The smallest text anyone has to read (decision 099): 11 px at 800×480 — a capital about 1.7 mm high on a
    /// 7" panel, twice what good eyes resolve at a gloved arm's length — scaled as the layout is (25 at 1920×1080).
    /// Sizes are drawn in even pixels: 11 draws at 12. Below 800×480 it stays 11.
    public var readableText: Int { max(11, px(11)) }
}

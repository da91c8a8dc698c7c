import Foundation

/// A squad the coach picks on the first screen.
public struct Team: Sendable, Equatable, Codable, Identifiable {
    /// The store's row id: a team exists only once stored.
    public var id: Int64
    public var name: String
    public var colour: RGBColour
    /// Who it is in the club, on every kiosk and on the server; nil only for a team made outside the store.
    public var uuid: UUID?

    /// Fits a team card and the lobby's title; the kiosk's keyboard stops there too.
    public static let maxNameLength = 24

    public init(id: Int64, name: String, colour: RGBColour, uuid: UUID? = nil) {
        self.id = id
        self.name = name
        self.colour = colour
        self.uuid = uuid
    }
}

/// A colour stored as #RRGGBB.
public struct RGBColour: Sendable, Equatable, Hashable, Codable {
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }

    public init?(hex: String) {
        var text = Substring(hex)
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard text.count == 6, let value = UInt32(text, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        return "#" + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])" }.joined()
    }

    /// Distinct team colours handed out to new teams in turn.
    public static let teamPalette: [RGBColour] = [
        "#1E88E5", "#E53935", "#43A047", "#FB8C00", "#8E24AA", "#00ACC1", "#FDD835", "#6D4C41",
    ].compactMap(RGBColour.init(hex:))
}

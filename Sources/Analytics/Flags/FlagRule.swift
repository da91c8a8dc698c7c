import Foundation
import TeamCore

/// What the flag rules read of a team on a day: each player's season row (the one definition of
/// every number), their HRmax as it stands, and the straps they wear.
public struct FlagInput: Sendable {
    public struct Player: Sendable {
        /// Names the player in flag keys (the kiosk's row id, the club's UUID).
        public var id: String
        public var row: SeasonRow
        /// The HRmax zones use today, and where it comes from (measured, or an age formula).
        public var maxHR: Double
        public var maxSource: Physiology.MaxSource

        public init(id: String, row: SeasonRow, maxHR: Double, maxSource: Physiology.MaxSource) {
            self.id = id
            self.row = row
            self.maxHR = maxHR
            self.maxSource = maxSource
        }

        var subject: FlagSubject { .player(id: id, name: row.name, number: row.number) }
    }

    public struct Strap: Sendable {
        public var address: String
        public var name: String
        /// "#7 Mia Berg": who wears it in the team.
        public var wornBy: String?
        /// The last level it reported, %; nil: never reported.
        public var battery: Int?
        /// The local day it was last heard; nil: never heard.
        public var lastSeen: CalendarDay?

        public init(address: String, name: String, wornBy: String?, battery: Int?, lastSeen: CalendarDay?) {
            self.address = address
            self.name = name
            self.wornBy = wornBy
            self.battery = battery
            self.lastSeen = lastSeen
        }

        var subject: FlagSubject { .strap(address: address, name: name, wornBy: wornBy) }
    }

    public var day: CalendarDay
    public var players: [Player]
    public var straps: [Strap]

    public init(day: CalendarDay, players: [Player], straps: [Strap]) {
        self.day = day
        self.players = players
        self.straps = straps
    }
}

/// A rule about one player: the flag it raises on `day`, or nil. A new rule (HRex, say) is one more
/// type and one more line in `TeamFlags.rules`.
public protocol PlayerFlagRule: Sendable {
    func flag(_ player: FlagInput.Player, on day: CalendarDay) -> AttentionFlag?
}

/// A rule about one strap the team wears.
public protocol StrapFlagRule: Sendable {
    func flag(_ strap: FlagInput.Strap, on day: CalendarDay) -> AttentionFlag?
}

/// "412", "1.62": the list's numbers, rounded for reading (JSON keeps them whole).
func flagNumber(_ x: Double, digits: Int = 0) -> String {
    String(format: "%.\(digits)f", x)
}

/// Decimals enough that `value` does not print equal to `bound` it was compared with (2, else 3 or 4):
/// "1.505 (above 1.50)", never "1.50 (above 1.50)".
func distinctDigits(_ value: Double, from bound: Double) -> Int {
    (2...4).first { flagNumber(value, digits: $0) != flagNumber(bound, digits: $0) } ?? 4
}

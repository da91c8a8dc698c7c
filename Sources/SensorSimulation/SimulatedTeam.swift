import TeamCore

/// A generated squad for demos and tests: players and their straps from a seed.
public struct SimulatedTeam: Sendable {
    public struct Member: Sendable {
        public init(player: Player, shirtNumber: Int, strap: StrapAddress, effort: Double = 1) {
            self.player = player
            self.shirtNumber = shirtNumber
            self.strap = strap
            self.effort = effort
        }

        public var player: Player
        public var shirtNumber: Int
        public var strap: StrapAddress
        /// How hard this player works relative to the session plan (0.9–1.1).
        public var effort: Double
    }

    public let members: [Member]

    private static let firstNames = ["Mia", "Noah", "Emma", "Liam", "Lena", "Elias", "Hanna", "Paul", "Sofia", "Jonas",
                                     "Lea", "Finn", "Clara", "Ben", "Ida", "Leon", "Marie", "Luca", "Nora", "Max"]
    private static let lastNames = ["Berg", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova",
                                    "Jansen", "Kowalski", "Larsen", "Moreau", "Novak", "Olsen", "Petrov", "Rossi",
                                    "Schmidt", "Torres", "Weber", "Zielinski"]

    public init(count: Int, seed: UInt64, year: Int = 2026) {
        var rng = SeededGenerator(seed: seed, stream: 0xC0FFEE)
        var numbers = Array(1...99).shuffled(using: &rng).prefix(count)
        members = (0..<count).map { i in
            let sex: Sex = rng.chance(0.5) ? .female : .male
            let age = Int.random(in: 16...34, using: &rng)
            let weight = (sex == .male ? 78.0 : 63.0) + rng.gaussian() * 7
            let player = Player(firstName: Self.firstNames[Int.random(in: 0..<Self.firstNames.count, using: &rng)],
                                lastName: Self.lastNames[Int.random(in: 0..<Self.lastNames.count, using: &rng)],
                                birthYear: year - age, sex: sex, weightKg: (weight * 10).rounded() / 10,
                                restingHR: Int.random(in: 48...66, using: &rng),
                                measuredMaxHR: rng.chance(0.3) ? Int.random(in: 185...203, using: &rng) : nil)
            let number = numbers.removeFirst()
            return Member(player: player, shirtNumber: number, strap: Self.strap(i),
                          effort: 0.9 + Double.random(in: 0..<0.2, using: &rng))
        }
    }

    /// Simulates the hearts of a stored roster (players who have a strap).
    public init(members: [Member]) { self.members = members }

    /// The members' straps as a table, in member order, for a source run without a store (tests,
    /// benchmarks): the stored ids are made up, 1 for the first member's strap and on.
    public var strapTable: StrapTable {
        StrapTable(members.enumerated().map { StrapSlot(strapID: Int64($0 + 1), address: $1.strap.address, name: $1.strap.name) })
    }

    /// The i-th simulated strap. A locally administered address (second digit A), so it never
    /// collides with a real strap; the same for every seed, so straps are reused across teams.
    public static func strap(_ i: Int) -> StrapAddress {
        StrapAddress(address: String(format2: [0x5A, 0x1D, 0x00, 0x00, UInt8((i + 1) >> 8), UInt8((i + 1) & 0xFF)]),
                     name: "SimStrap \(i + 1)")
    }
}

extension String {
    /// "AA:BB:…" from bytes.
    init(format2 bytes: [UInt8]) {
        let digits = Array("0123456789ABCDEF")
        self = bytes.map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])" }.joined(separator: ":")
    }
}

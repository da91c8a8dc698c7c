/// One heart-rate reading of one player in a session.
public struct Sample: Sendable, Equatable, Codable {
    public var playerID: Int64
    public var strapID: Int64
    /// Milliseconds since the session started.
    public var tMs: Int64
    public var bpm: Int
    public var contact: SensorContact
    /// Energy Expended the strap reported with this reading (kJ since its last reset), when it did.
    public var energyKJ: Int?

    public init(playerID: Int64, strapID: Int64, tMs: Int64, bpm: Int, contact: SensorContact, energyKJ: Int? = nil) {
        self.playerID = playerID
        self.strapID = strapID
        self.tMs = tMs
        self.bpm = bpm
        self.contact = contact
        self.energyKJ = energyKJ
    }
}

/// One beat-to-beat interval, kept exactly in the strap's 1/1024 s units.
public struct RRInterval: Sendable, Equatable, Codable {
    public var playerID: Int64
    /// Milliseconds since session start at which this beat ended.
    public var tMs: Int64
    public var rr1024: UInt16

    public init(playerID: Int64, tMs: Int64, rr1024: UInt16) {
        self.playerID = playerID
        self.tMs = tMs
        self.rr1024 = rr1024
    }

    public var milliseconds: Double { Double(rr1024) * 1000 / 1024 }
}

/// Battery level changes and link-state changes of a strap during a session.
public struct StrapEvent: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case battery, link }
    public var strapID: Int64
    public var tMs: Int64
    public var kind: Kind
    /// Battery percent, or a `LinkState` raw value.
    public var value: Int

    public init(strapID: Int64, tMs: Int64, kind: Kind, value: Int) {
        self.strapID = strapID
        self.tMs = tMs
        self.kind = kind
        self.value = value
    }
}

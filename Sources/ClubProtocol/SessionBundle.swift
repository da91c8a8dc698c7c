import ClubIdentity
import Foundation
import TeamCore

/// A finished session as it goes up to the club, once and immutable (format 1): everything the
/// kiosk's analysis and exports read, so the server computes the same numbers with the same code.
/// Format 2 adds the players' session RPE (`BundleParticipant.rating`): the only part that may change
/// after an upload — a rating given or corrected later travels as the same bundle with new ratings
/// (decision 067). A bundle without a rating is written as format 1, byte for byte as before.
/// Format 3 adds the drills the session ran (`drills`, decision 077); a bundle without drills keeps the
/// format (and bytes) it had.
///
/// Samples and RR intervals are columns per participant (one array per field, times as deltas):
/// a 90-minute session of 24 players is 130 k readings, and columns of small integers are what
/// JSON and gzip carry best. Identity is by UUID (session, team, players, straps); the numbers
/// a kiosk gives its rows never leave it. Its content hash is the SHA-256 of its canonical bytes.
public struct SessionBundle: Codable, Sendable, Equatable {
    /// The newest format this side writes and reads (a bundle with drills).
    public static let currentFormat = 3
    /// The formats a club accepts: 1 (before ratings), 2 (ratings) and 3 (drills).
    public static let acceptedFormats = 1...3
    /// The format a bundle is written in: the oldest that carries what it holds.
    public static func format(for participants: [BundleParticipant], drills: [DrillStart]? = nil) -> Int {
        if drills?.isEmpty == false { return 3 }
        return participants.contains { $0.rating != nil } ? 2 : 1
    }

    public var format: Int
    public var session: BundleSession
    /// The straps worn in the session with what the kiosk noted of them; samples and events
    /// name a strap by its index here.
    public var straps: [BundleStrap]
    public var participants: [BundleParticipant]
    public var laps: [BundleLap]
    public var strapEvents: [BundleStrapEvent]
    /// The drills the session ran, in time order (format 3); nil: none (and left out of the bytes).
    public var drills: [DrillStart]?

    /// `format`: nil writes the oldest format that carries the participants and drills (`format(for:drills:)`).
    public init(format: Int? = nil, session: BundleSession, straps: [BundleStrap],
                participants: [BundleParticipant], laps: [BundleLap], strapEvents: [BundleStrapEvent], drills: [DrillStart]? = nil) {
        let drills = drills?.isEmpty == false ? drills : nil
        self.drills = drills
        self.format = format ?? Self.format(for: participants, drills: drills)
        self.session = session
        self.straps = straps
        self.participants = participants
        self.laps = laps
        self.strapEvents = strapEvents
    }

    /// The canonical bytes: what is hashed, compressed and sent.
    public func canonicalBytes() throws -> Data { try CanonicalJSON.encode(self) }

    /// SHA-256 hex of the canonical bytes.
    public func contentHash() throws -> String { CanonicalJSON.sha256Hex(try canonicalBytes()) }

    /// Every participant's readings.
    public var sampleCount: Int { participants.reduce(0) { $0 + $1.samples.count } }
}

/// The session row: its identity, its team, its times (wall clock in Unix ms; offsets in ms
/// since the start) and how it is to be read.
public struct BundleSession: Codable, Sendable, Equatable {
    public var uuid: UUID
    public var teamUUID: UUID
    public var teamName: String
    public var startedMs: Int64
    public var endedMs: Int64?
    public var plannedMs: Int64?
    /// When the effort ended, as an offset; nil for sessions recorded before it was stored.
    public var effortEndMs: Int64?
    /// `Session.State`'s raw value.
    public var state: String
    /// `ZoneModel`'s raw value.
    public var zoneModel: String
    public var tags: [String]
    public var reviewed: Bool

    public init(uuid: UUID, teamUUID: UUID, teamName: String, startedMs: Int64, endedMs: Int64?, plannedMs: Int64?,
                effortEndMs: Int64?, state: String, zoneModel: String, tags: [String], reviewed: Bool) {
        self.uuid = uuid
        self.teamUUID = teamUUID
        self.teamName = teamName
        self.startedMs = startedMs
        self.endedMs = endedMs
        self.plannedMs = plannedMs
        self.effortEndMs = effortEndMs
        self.state = state
        self.zoneModel = zoneModel
        self.tags = tags
        self.reviewed = reviewed
    }
}

/// A strap worn in the session, with the kiosk's notes on it (what it said of itself, its last battery).
public struct BundleStrap: Codable, Sendable, Equatable {
    public var uuid: UUID
    public var address: String
    public var name: String
    public var bodyLocation: String?
    public var manufacturer: String?
    public var lastBattery: Int?

    public init(uuid: UUID, address: String, name: String, bodyLocation: String? = nil, manufacturer: String? = nil, lastBattery: Int? = nil) {
        self.uuid = uuid
        self.address = address
        self.name = name
        self.bodyLocation = bodyLocation
        self.manufacturer = manufacturer
        self.lastBattery = lastBattery
    }
}

/// A player who took part: who, wearing which strap, their physiology that day, their readings.
public struct BundleParticipant: Codable, Sendable, Equatable {
    public var playerUUID: UUID
    public var firstName: String
    public var lastName: String
    public var shirtNumber: Int
    /// Index into `SessionBundle.straps`; nil when the player wore none.
    public var strap: Int?
    /// Their physiology that day, as the session snapshotted it (`TeamCore.Physiology` itself: its keys and raw values are the wire's).
    public var physiology: Physiology
    public var samples: SampleColumns
    public var rr: RRColumns
    /// Their session RPE (format 2); nil: not rated (and left out of the bytes).
    public var rating: BundleRating?

    public init(playerUUID: UUID, firstName: String, lastName: String, shirtNumber: Int, strap: Int?,
                physiology: Physiology, samples: SampleColumns, rr: RRColumns, rating: BundleRating? = nil) {
        self.playerUUID = playerUUID
        self.firstName = firstName
        self.lastName = lastName
        self.shirtNumber = shirtNumber
        self.strap = strap
        self.physiology = physiology
        self.samples = samples
        self.rr = rr
        self.rating = rating
    }
}

/// A player's session RPE as the kiosk keeps it: 0–10 (CR-10), when it was given, whether by the coach.
public struct BundleRating: Codable, Sendable, Equatable {
    public var rpe: Int
    public var ratedMs: Int64
    public var byCoach: Bool

    public init(rpe: Int, ratedMs: Int64, byCoach: Bool) {
        self.rpe = rpe
        self.ratedMs = ratedMs
        self.byCoach = byCoach
    }
}

extension SessionBundle {
    /// The same bundle without its ratings (format 1): what two uploads of one session must share.
    public var withoutRatings: SessionBundle {
        var copy = self
        for i in copy.participants.indices { copy.participants[i].rating = nil }
        copy.format = Self.format(for: copy.participants, drills: drills)
        return copy
    }
}


/// A participant's heart-rate readings, one array per field, all the same length.
public struct SampleColumns: Codable, Sendable, Equatable {
    /// Offsets since the session start, each as the difference from the one before (`DeltaCoding`).
    public var tMsDeltas: [Int64]
    public var bpm: [Int]
    /// `SensorContact`'s raw value: 0 unsupported, 1 not detected, 2 detected.
    public var contact: [Int]
    /// Index into `SessionBundle.straps` of the strap that sent the reading.
    public var strap: [Int]
    /// Energy Expended in kJ where the strap sent it.
    public var energyKJ: [Int?]

    public init(tMsDeltas: [Int64] = [], bpm: [Int] = [], contact: [Int] = [], strap: [Int] = [], energyKJ: [Int?] = []) {
        self.tMsDeltas = tMsDeltas
        self.bpm = bpm
        self.contact = contact
        self.strap = strap
        self.energyKJ = energyKJ
    }

    public var count: Int { bpm.count }
}

/// A participant's beat-to-beat intervals: end-of-beat offsets as deltas and the strap's 1/1024 s values.
public struct RRColumns: Codable, Sendable, Equatable {
    public var tMsDeltas: [Int64]
    public var rr1024: [Int]

    public init(tMsDeltas: [Int64] = [], rr1024: [Int] = []) {
        self.tMsDeltas = tMsDeltas
        self.rr1024 = rr1024
    }

    public var count: Int { rr1024.count }
}

/// A lap mark the coach set.
public struct BundleLap: Codable, Sendable, Equatable {
    public var tMs: Int64
    public var label: String?

    public init(tMs: Int64, label: String? = nil) {
        self.tMs = tMs
        self.label = label
    }
}

/// A strap's battery or link change during the session.
public struct BundleStrapEvent: Codable, Sendable, Equatable {
    /// Index into `SessionBundle.straps`.
    public var strap: Int
    public var tMs: Int64
    /// "battery" or "link".
    public var kind: String
    public var value: Int

    public init(strap: Int, tMs: Int64, kind: String, value: Int) {
        self.strap = strap
        self.tMs = tMs
        self.kind = kind
        self.value = value
    }
}

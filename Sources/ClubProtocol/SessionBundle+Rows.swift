import ClubIdentity
import Foundation
import TeamCore

/// Who the numbers of a session's rows (`SessionRows`) are: the rows know players and straps by the
/// integers of one database, a bundle by UUIDs and names. The kiosk builds its bundle from
/// its rows with this; the server reads a bundle back into rows (and so into the analysis) with it.
public struct BundleIdentities: Sendable, Equatable {
    public struct PlayerIdentity: Sendable, Equatable {
        public var uuid: UUID
        public var firstName: String
        public var lastName: String

        public init(uuid: UUID, firstName: String, lastName: String) {
            self.uuid = uuid
            self.firstName = firstName
            self.lastName = lastName
        }

        public var fullName: String { lastName.isEmpty ? firstName : "\(firstName) \(lastName)" }
    }

    public var sessionUUID: UUID
    public var teamUUID: UUID
    public var teamName: String
    /// By `SessionPlayer.playerID`.
    public var players: [Int64: PlayerIdentity]
    /// By `Sample.strapID` / `SessionPlayer.strapID`, with the kiosk's notes on each strap.
    public var straps: [Int64: BundleStrap]

    public init(sessionUUID: UUID, teamUUID: UUID, teamName: String, players: [Int64: PlayerIdentity], straps: [Int64: BundleStrap]) {
        self.sessionUUID = sessionUUID
        self.teamUUID = teamUUID
        self.teamName = teamName
        self.players = players
        self.straps = straps
    }

    /// Names by player id, as the exports take them.
    public var playerNames: [Int64: String] { players.mapValues(\.fullName) }
}

extension BundleStrap {
    /// A kiosk's strap as the bundle names it: what it said of itself and its last battery; its club identity, or
    /// the one its address gives (`StrapIdentity`). Not its store id, last seen or the club's label: those stay home.
    public init(_ strap: Strap) {
        self.init(uuid: strap.uuid ?? StrapIdentity.uuid(forAddress: strap.address), address: strap.address, name: strap.name,
                  bodyLocation: strap.bodyLocation, manufacturer: strap.manufacturer, lastBattery: strap.lastBattery)
    }
}

/// A bundle read back into rows: the rows, who their numbers are, the strap events and the ratings.
public struct BundleContents: Sendable {
    public var rows: SessionRows
    public var identities: BundleIdentities
    public var strapEvents: [StrapEvent]
    /// The players' session RPE, by the rows' player id.
    public var ratings: [Int64: SessionRating] = [:]

    public init(rows: SessionRows, identities: BundleIdentities, strapEvents: [StrapEvent], ratings: [Int64: SessionRating] = [:]) {
        self.rows = rows
        self.identities = identities
        self.strapEvents = strapEvents
        self.ratings = ratings
    }
}

/// A session's rows name a player or strap the identities do not know.
public struct BundleIdentityError: Error, Equatable, CustomStringConvertible {
    public var description: String
}

extension SessionBundle {
    /// The session as rows. Players are numbered 1, 2, … in participant
    /// order and straps 1, 2, … in list order; the identities say who each number is.
    public func contents(sessionID: Int64 = 0) -> BundleContents {
        let strapID = { (index: Int) in Int64(index + 1) }
        let session = Session(
            id: sessionID, teamID: 1, plannedDurationMs: self.session.plannedMs,
            startedAt: Date(unixMs: self.session.startedMs), endedAt: self.session.endedMs.map(Date.init(unixMs:)),
            state: Session.State(rawValue: self.session.state) ?? .ended, tags: self.session.tags, reviewed: self.session.reviewed,
            zoneModel: ZoneModel(rawValue: self.session.zoneModel) ?? .percentOfMax, effortEndMs: self.session.effortEndMs)
        var players: [SessionPlayer] = [], samples: [Int64: [Sample]] = [:], rr: [Int64: [RRInterval]] = [:]
        var identities: [Int64: BundleIdentities.PlayerIdentity] = [:]
        var ratings: [Int64: SessionRating] = [:]
        for (i, p) in participants.enumerated() {
            let id = Int64(i + 1)
            if let r = p.rating {
                ratings[id] = SessionRating(sessionID: sessionID, playerID: id, rpe: r.rpe, ratedAt: Date(unixMs: r.ratedMs), byCoach: r.byCoach)
            }
            identities[id] = .init(uuid: p.playerUUID, firstName: p.firstName, lastName: p.lastName)
            players.append(SessionPlayer(sessionID: sessionID, playerID: id, strapID: p.strap.map(strapID), shirtNumber: p.shirtNumber, physiology: p.physiology))
            let times = DeltaCoding.decode(p.samples.tMsDeltas)
            samples[id] = times.indices.map { k in
                Sample(playerID: id, strapID: strapID(p.samples.strap[k]), tMs: times[k], bpm: p.samples.bpm[k],
                       contact: SensorContact(rawValue: UInt8(clamping: p.samples.contact[k])) ?? .notSupported, energyKJ: p.samples.energyKJ[k])
            }
            let beatEnds = DeltaCoding.decode(p.rr.tMsDeltas)
            rr[id] = beatEnds.indices.map { k in RRInterval(playerID: id, tMs: beatEnds[k], rr1024: UInt16(clamping: p.rr.rr1024[k])) }
        }
        let rows = SessionRows(session: session, players: players, samples: samples, rrIntervals: rr,
                               laps: laps.map { Lap(sessionID: sessionID, tMs: $0.tMs, label: $0.label) },
                               drills: drills ?? [])
        let strapsByID = Dictionary(uniqueKeysWithValues: straps.enumerated().map { (strapID($0.offset), $0.element) })
        let events = strapEvents.map { StrapEvent(strapID: strapID($0.strap), tMs: $0.tMs, kind: StrapEvent.Kind(rawValue: $0.kind) ?? .link, value: $0.value) }
        return BundleContents(
            rows: rows,
            identities: BundleIdentities(sessionUUID: self.session.uuid, teamUUID: self.session.teamUUID, teamName: self.session.teamName,
                                         players: identities, straps: strapsByID),
            strapEvents: events, ratings: ratings)
    }

    /// The bundle of a session's rows, with who their numbers are. Straps are listed
    /// in the order of their ids; every player and strap the rows name must be in `identities`.
    /// `ratings`: the players' session RPE by player id (a bundle with one is format 2).
    public init(rows recorded: SessionRows, identities: BundleIdentities, strapEvents: [StrapEvent] = [],
                ratings: [Int64: SessionRating] = [:]) throws(BundleIdentityError) {
        let strapIDs = identities.straps.keys.sorted()
        let strapIndex = Dictionary(uniqueKeysWithValues: strapIDs.enumerated().map { ($0.element, $0.offset) })
        func index(ofStrap id: Int64) throws(BundleIdentityError) -> Int {
            guard let i = strapIndex[id] else { throw BundleIdentityError(description: "strap \(id) has no identity") }
            return i
        }
        var participants: [BundleParticipant] = []
        for p in recorded.players {
            guard let who = identities.players[p.playerID] else { throw BundleIdentityError(description: "player \(p.playerID) has no identity") }
            let rows = recorded.samples[p.playerID] ?? [], beats = recorded.rrIntervals[p.playerID] ?? []
            var strapColumn: [Int] = []
            strapColumn.reserveCapacity(rows.count)
            for row in rows { strapColumn.append(try index(ofStrap: row.strapID)) }
            let samples = SampleColumns(tMsDeltas: DeltaCoding.encode(rows.map(\.tMs)), bpm: rows.map(\.bpm),
                                        contact: rows.map { Int($0.contact.rawValue) }, strap: strapColumn, energyKJ: rows.map(\.energyKJ))
            let rr = RRColumns(tMsDeltas: DeltaCoding.encode(beats.map(\.tMs)), rr1024: beats.map { Int($0.rr1024) })
            participants.append(BundleParticipant(
                playerUUID: who.uuid, firstName: who.firstName, lastName: who.lastName, shirtNumber: p.shirtNumber,
                strap: try p.strapID.map { id throws(BundleIdentityError) in try index(ofStrap: id) },
                physiology: p.physiology,
                samples: samples, rr: rr,
                rating: ratings[p.playerID].map { BundleRating(rpe: $0.rpe, ratedMs: $0.ratedAt.unixMs, byCoach: $0.byCoach) }))
        }
        var events: [BundleStrapEvent] = []
        for e in strapEvents { events.append(BundleStrapEvent(strap: try index(ofStrap: e.strapID), tMs: e.tMs, kind: e.kind.rawValue, value: e.value)) }
        let s = recorded.session
        self.init(
            session: BundleSession(uuid: identities.sessionUUID, teamUUID: identities.teamUUID, teamName: identities.teamName,
                                   startedMs: s.startedAt.unixMs, endedMs: s.endedAt?.unixMs, plannedMs: s.plannedDurationMs,
                                   effortEndMs: s.effortEndMs, state: s.state.rawValue, zoneModel: s.zoneModel.rawValue,
                                   tags: s.tags, reviewed: s.reviewed),
            straps: strapIDs.map { identities.straps[$0]! },
            participants: participants,
            laps: recorded.laps.map { BundleLap(tMs: $0.tMs, label: $0.label) },
            strapEvents: events,
            drills: recorded.drills)
    }
}

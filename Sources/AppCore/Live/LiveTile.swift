import TeamCore

/// One player's tile in a live session: who, and the figures the session earns them. The heart
/// rate itself is their strap's reading (`Sensors.readings`); `ShownTile` puts the two together.
public struct LiveTile: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    /// `name` and shorter forms of it, longest first, for narrow tiles ("Mia Berg", "Mia B.", "Mia", "MB").
    public var nameForms: [String]
    /// The avatar's letters when there is no photo; nil when names are hidden (aliases): no avatar at all.
    public var initials: String?
    public var shirtNumber: Int
    public var physiology: Physiology
    /// A trusted reading arrived since the session began: the tile's figures (and its colour) start with it.
    public var hasReading = false
    public var zone = ZoneHysteresis()
    /// The zone model the tile's zone and percentage are measured by (the settings' when the session started).
    public var zoneModel: ZoneModel = .percentOfMax
    public var effortPoints: Double = 0
    /// Energy spent while the effort runs (Keytel 2005, accrued as effort points are).
    public var kcal: Double = 0
    /// Since when the player has been at or above the high-intensity threshold.
    public var highSinceMs: Int64?
    /// The last five minutes of trusted heart rates, for the live graph.
    public var recent = RecentHeartRates()
    /// Which stored photo the tile shows (nil: initials).
    public var photoVersion: Int64?

    public init(playerID: Int64, name: String, shirtNumber: Int, physiology: Physiology,
                nameForms: [String]? = nil, initials: String? = nil, photoVersion: Int64? = nil) {
        self.playerID = playerID
        self.name = name
        self.nameForms = nameForms ?? [name]
        self.initials = initials
        self.shirtNumber = shirtNumber
        self.physiology = physiology
        self.photoVersion = photoVersion
    }

    /// The zone the tile is coloured with (kept within the margin of a boundary, not the instantaneous one).
    public var shownZone: HeartRateZone { zone.shown ?? .rest }

    /// The percentage shown beside the zone at `bpm`: inside the shown zone, so the two never disagree.
    public func shownPercent(bpm: Int) -> Int {
        zone.shownPercent(bpm: Double(bpm), physiology: physiology, model: zoneModel)
    }

    /// A reading of the tile's strap. `previous` is the strap's reading before it: the effort
    /// earned since then counts when `accrueEffort` (not before the session starts, nor while it is
    /// paused, nor once the effort ended: the recovery minute is measured, not earned).
    mutating func observe(bpm: Int, contact: SensorContact, atMs t: Int64, previous: StrapReading?,
                          settings: KioskSettings, accrueEffort: Bool) {
        guard bpm > 0, contact != .notDetected else {
            // No skin contact: the heart goes hollow, the number is not trusted.
            highSinceMs = nil
            return
        }
        if accrueEffort, hasReading, let previous, let last = previous.lastReadingMs, previous.bpm > 0 {
            effortPoints += EffortPoints.points(zone: physiology.zone(Double(previous.bpm), model: settings.zoneModel), ms: t - last)
            // The same rule as the points: the heart rate held until this reading, gaps beyond the no-signal limit earn nothing.
            let ms = t - last
            if ms > 0, ms <= AppState.noSignalAfterMs {
                kcal += EnergyExpenditure.kcalPerMinute(bpm: Double(previous.bpm), physiology: physiology) * Double(ms) / 60_000
            }
        }
        hasReading = true
        recent.append(bpm: bpm, atMs: t)
        zoneModel = settings.zoneModel
        zone.observe(bpm: Double(bpm), physiology: physiology, model: zoneModel, marginBpm: Double(settings.zoneMarginBpm))
        if physiology.percentOfMax(Double(bpm)) >= settings.highIntensityPercent {
            if highSinceMs == nil { highSinceMs = t }
        } else {
            highSinceMs = nil
        }
    }
}

/// A live tile as the screens show it: the player's tile and their strap's latest reading.
public struct ShownTile: Sendable, Equatable {
    public var tile: LiveTile
    public var reading: StrapReading
    /// Live, not "no signal": a trusted reading this session, and a recent one.
    public var hasSignal: Bool
    /// The strap was never heard at all — not advertising, not linked — since the source started,
    /// and the live screen has been open `notFoundAfterMs`: not worn, not charged, out of range,
    /// or held by a phone, rather than a strap gone quiet.
    public var notFound: Bool

    /// How long a live screen waits before a strap never heard is "not found" (the source's first
    /// connects and a slow board's first samples take a few seconds).
    public static let notFoundAfterMs: Int64 = 20_000

    /// Effort points ahead of (> 0) or behind where the player was at this minute of the team's
    /// previous session with the same tags; nil when there is none to compare with.
    public var versusLastTime: Double?

    /// `lastTimePoints`: where the player was at this point of the previous comparable session;
    /// `openedMs`: when the live screen opened (nil: never "not found").
    public init(tile: LiveTile, reading: StrapReading?, nowMs: Int64, lastTimePoints: Double? = nil, openedMs: Int64? = nil) {
        self.tile = tile
        self.reading = reading ?? StrapReading()
        hasSignal = tile.hasReading && self.reading.hasSignal(nowMs: nowMs)
        notFound = !hasSignal && !self.reading.everHeard && openedMs.map { nowMs - $0 >= Self.notFoundAfterMs } == true
        versusLastTime = lastTimePoints.map { tile.effortPoints - $0 }
    }

    public var playerID: Int64 { tile.playerID }
    public var name: String { tile.name }
    public var shirtNumber: Int { tile.shirtNumber }
    public var bpm: Int { reading.bpm }
    public var contact: SensorContact { reading.contact }
    public var battery: Int? { reading.battery }
    public var shownZone: HeartRateZone { tile.shownZone }
    public var effortPoints: Double { tile.effortPoints }
    public var kcal: Double { tile.kcal }
    public var percentOfMax: Double { tile.physiology.percentOfMax(Double(bpm)) }
    /// The whole percentage the tile shows beside its zone (of HRmax or of the reserve, as the zone model says).
    public var shownPercent: Int { tile.shownPercent(bpm: bpm) }
    public var zoneModel: ZoneModel { tile.zoneModel }
    public var photoVersion: Int64? { tile.photoVersion }
    public var nameForms: [String] { tile.nameForms }
    public var initials: String? { tile.initials }

    public func isFlagged(nowMs: Int64, alertMs: Int64) -> Bool {
        guard let since = tile.highSinceMs, hasSignal else { return false }
        return nowMs - since > alertMs
    }
}

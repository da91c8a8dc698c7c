/// One player's tile in a live session.
public struct LiveTile: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    public var shirtNumber: Int
    public var physiology: Physiology
    /// Index in the strap table, nil when the player has no strap today.
    public var strapIndex: UInt16?
    public var bpm: Int = 0
    public var contact: SensorContact = .notSupported
    public var battery: Int?
    public var lastReadingMs: Int64?
    public var zone = ZoneHysteresis()
    public var effortPoints: Double = 0
    /// Since when the player has been at or above the high-intensity threshold.
    public var highSinceMs: Int64?

    public init(playerID: Int64, name: String, shirtNumber: Int, physiology: Physiology, strapIndex: UInt16?) {
        self.playerID = playerID
        self.name = name
        self.shirtNumber = shirtNumber
        self.physiology = physiology
        self.strapIndex = strapIndex
    }

    public func hasSignal(nowMs: Int64) -> Bool {
        guard let last = lastReadingMs, bpm > 0 else { return false }
        return nowMs - last <= AppState.noSignalAfterMs
    }

    public var percentOfMax: Double { physiology.percentOfMax(Double(bpm)) }

    /// The zone the tile is coloured with (held, not the instantaneous one).
    public var shownZone: HeartRateZone { zone.shown ?? .rest }

    public func isFlagged(nowMs: Int64, alertMs: Int64) -> Bool {
        guard let since = highSinceMs, hasSignal(nowMs: nowMs) else { return false }
        return nowMs - since > alertMs
    }

    /// Takes a heart-rate reading; `accrueEffort` is false before the session starts, while it is
    /// paused, and once the effort ended: the recovery minute is measured, not earned.
    mutating func take(bpm newBPM: Int, contact newContact: SensorContact, atMs t: Int64,
                       settings: KioskSettings, accrueEffort: Bool) {
        contact = newContact
        guard newBPM > 0, newContact != .notDetected else {
            // No skin contact: the heart goes hollow, the number is not trusted.
            highSinceMs = nil
            return
        }
        if accrueEffort, let last = lastReadingMs, bpm > 0 {
            effortPoints += EffortPoints.points(zone: physiology.zone(Double(bpm), model: settings.zoneModel), ms: t - last)
        }
        bpm = newBPM
        lastReadingMs = t
        zone.observe(physiology.zone(Double(newBPM), model: settings.zoneModel), atMs: t, holdMs: settings.zoneHoldMs)
        if percentOfMax >= settings.highIntensityPercent {
            if highSinceMs == nil { highSinceMs = t }
        } else {
            highSinceMs = nil
        }
    }
}

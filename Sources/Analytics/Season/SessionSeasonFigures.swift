import TeamCore

/// What the season keeps of one player's analysed session: cardio load (Banister TRIMP over the
/// effort), time in zones under the session's zone model, HRR60, and for a readiness check its
/// lnRMSSD, resting heart rate and share of beats corrected, for a fitness test its HRex. Computed once per session and kept
/// (the kiosk's `session_load` table, the club's), so a season never analyses readings again.
public struct SessionSeasonFigures: Sendable, Equatable {
    public var playerID: Int64
    public var cardioLoad: Double
    /// Milliseconds in rest, zone 1 … zone 5.
    public var zoneMs: [Int64]
    public var recoveryBPM: Double?
    public var lnRMSSD: Double?
    public var restingBPM: Double?
    /// 0…1.
    public var correctedShare: Double?
    /// % HRmax (`FitnessTest.hrex`).
    public var hrex: Double?

    public init(playerID: Int64, cardioLoad: Double, zoneMs: [Int64], recoveryBPM: Double? = nil,
                lnRMSSD: Double? = nil, restingBPM: Double? = nil, correctedShare: Double? = nil, hrex: Double? = nil) {
        self.playerID = playerID
        self.cardioLoad = cardioLoad
        self.zoneMs = zoneMs
        self.recoveryBPM = recoveryBPM
        self.lnRMSSD = lnRMSSD
        self.restingBPM = restingBPM
        self.correctedShare = correctedShare
        self.hrex = hrex
    }

    /// The time in zones as the season's weekly sums take it.
    public var zones: ZoneTimes { ZoneTimes(kept: zoneMs) }
}

extension SessionAnalysis {
    /// Every player's figures for the season, from this one analysis.
    public var seasonFigures: [SessionSeasonFigures] {
        let readiness = session.isReadinessCheck
        let hrex = FitnessTest.hrex(of: self)
        return players.map { p in
            let check = readiness ? ReadinessCheck(sessionID: session.id, day: CalendarDay(dayNumber: 0), posture: "", analysis: p) : nil
            return SessionSeasonFigures(playerID: p.playerID, cardioLoad: p.stats.banisterTRIMP.value ?? 0,
                                        zoneMs: p.stats.zones(zoneModel).ms, recoveryBPM: p.recoveryBPM.value,
                                        lnRMSSD: check?.lnRMSSD, restingBPM: check?.restingBPM, correctedShare: check?.correctedShare, hrex: hrex[p.playerID])
        }
    }
}

import TeamCore

extension ReadinessCheck {
    /// One player's check from their analysis of a readiness-check session: lnRMSSD and the mean
    /// heart rate of the clean beats in its last two minutes (`PlayerAnalysis.reportedHRV`), and the
    /// share of the check's beats the artefact correction changed.
    public init(sessionID: Int64, day: CalendarDay, posture: String, analysis p: PlayerAnalysis) {
        let time = p.reportedHRV.timeDomain.value
        self.init(sessionID: sessionID, day: day, posture: posture, lnRMSSD: Readiness.lnRMSSD(time?.rmssdMs),
                  restingBPM: time?.meanHRBPM,
                  correctedShare: p.rr.recorded > 0 ? Double(p.rr.corrected) / Double(p.rr.recorded) : nil)
    }
}

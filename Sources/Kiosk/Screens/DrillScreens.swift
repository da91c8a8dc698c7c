import Analytics
import AppCore
import SessionReview
import TeamCore

// The drill reports as the review screens show them (`AppCore`'s types): built here, where the screens' data is loaded.

extension SessionDrillReport {
    /// As review shows them.
    public var reviewDrills: [ReviewDrill] {
        drills.map { line in
            ReviewDrill(phase: line.phase, team: DrillNumbers(line.team),
                        players: Dictionary(uniqueKeysWithValues: line.players.map { ($0.playerID, DrillNumbers($0.figures)) }))
        }
    }
}

extension DrillNumbers {
    public init(_ f: DrillFigures) {
        self.init(minutes: f.minutes, meanBPM: f.meanBPM, peakBPM: f.peakBPM.map(Double.init), highIntensityPercent: f.highIntensityPercent,
                  trimp: f.signalMs > 0 ? f.trimp : nil)
    }

    public init(_ t: TeamDrillFigures) {
        self.init(minutes: t.minutes ?? 0, meanBPM: t.meanBPM, peakBPM: t.peakBPM, highIntensityPercent: t.highIntensityPercent, trimp: t.trimp)
    }
}

extension DrillSeasonReport {
    /// As review's sheet shows it, weeks named by their Monday ("9 Mar").
    public var sheet: DrillSeasonSheet {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return DrillSeasonSheet(drill: drill, weeks: season.weeks.map { w in
            let (_, month, day) = w.monday.components
            return DrillSeasonSheet.Week(label: "\(day) \(months[month - 1])", sessions: w.sessionIDs.count, team: DrillNumbers(w.team),
                                         players: w.players.mapValues(DrillNumbers.init))
        })
    }
}

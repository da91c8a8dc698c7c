import Analytics
import TeamCore

/// The team table as CSV: one row per player and session (lap = "all"), then
/// one row per player and lap. Ranked as on the review screen. Empty cells
/// mean not enough data; the `notes` column says why. `tags`: the session's context tags, space-separated. For spreadsheets: UTF-8 with a
/// byte-order mark, text guarded against formulas; seconds in zones (z0 = rest, below
/// zone 1) rounded to tenths. `rpe` and `srpe_load`: the player's session RPE and RPE × effort minutes, on
/// the row of the whole session only (empty when not rated). A session's drills (decision 077) follow each player's
/// laps as rows of their own, `lap` = "drill" and `lap_label` its name (an interval block is a lap already).
/// `above_85_s`: seconds above 85 % HRmax (docs/ANALYTICS.md, "Drills").
public enum SummaryCSVEncoder {
    public static let header = [
        "rank", "player", "shirt_number", "lap", "lap_label", "from_s", "to_s", "signal_s",
        "avg_bpm", "min_bpm", "max_bpm", "peak_pct_max",
        "max_hr", "resting_hr", "max_hr_source", "zone_model", "tags",
        "z0_max_s", "z1_max_s", "z2_max_s", "z3_max_s", "z4_max_s", "z5_max_s",
        "z0_hrr_s", "z1_hrr_s", "z2_hrr_s", "z3_hrr_s", "z4_hrr_s", "z5_hrr_s",
        "kcal", "trimp_banister", "trimp_edwards", "effort_points", "recovery_60s_bpm",
        "rr_beats", "rr_corrected", "rmssd_ms", "sdnn_ms", "sdsd_ms", "pnn50_pct", "lf_ms2", "hf_ms2", "lf_hf", "rpe", "srpe_load", "above_85_s", "notes",
    ]

    public static func encode(_ context: AnalysedSession, rankedBy key: RankKey = .banisterTRIMP) -> String {
        let analysis = context.analysis
        var out = CSVRecords.byteOrderMark + header.joined(separator: ",") + "\n"
        for (rank, p) in analysis.ranked(by: key).enumerated() {
            let whole = row(p, context: context, rank: rank + 1, lap: "all", label: nil, from: 0, to: analysis.totalsEndMs ?? analysis.durationMs,
                            stats: p.stats, recovery: p.recoveryBPM, hrv: p.hrv.first)
            out += whole.joined(separator: ",") + "\n"
            for lap in p.laps where p.laps.count > 1 {
                out += row(p, context: context, rank: rank + 1, lap: String(lap.number), label: lap.label, from: lap.fromMs, to: lap.toMs,
                           stats: lap.stats, recovery: lap.recoveryBPM, hrv: nil).joined(separator: ",") + "\n"
            }
            for phase in p.phases where phase.phase.kind == .drill {
                out += row(p, context: context, rank: rank + 1, lap: "drill", label: phase.phase.name, from: phase.phase.fromMs,
                           to: phase.phase.toMs, stats: phase.stats, recovery: .notEnoughData(.noDataAfterEnd), hrv: nil).joined(separator: ",") + "\n"
            }
        }
        return out
    }

    private static func row(_ p: PlayerAnalysis, context: AnalysedSession, rank: Int, lap: String, label: String?,
                            from: Int64, to: Int64, stats s: HeartRateStats, recovery: Metric<Double>, hrv: HRVSummary?) -> [String] {
        let f = SummaryFormatting.self
        var notes: [String] = []
        if !s.hasSignal { notes.append(NotEnoughData.noHeartRate.rawValue) }
        if case .notEnoughData(let why) = recovery, s.hasSignal, lap != "drill" { notes.append("recovery: \(why.rawValue)") }
        let time = hrv?.timeDomain.value, freq = hrv?.frequencyDomain.value
        if let hrv, case .notEnoughData(let why) = hrv.timeDomain { notes.append("HRV: \(why.rawValue)") } else if let hrv, case .notEnoughData(let why) = hrv.frequencyDomain { notes.append("LF/HF: \(why.rawValue)") }
        let zonesMax = HeartRateZone.allCases.map { f.fixed(Double(s.zonesOfMax[$0]) / 1000, 1) }
        let zonesHRR = HeartRateZone.allCases.map { f.fixed(Double(s.zonesOfReserve[$0]) / 1000, 1) }
        // In parts, each typed: as one expression, Swift 6.2's type checker gives up on it (Debian's swiftlang, the arm64 build).
        let who: [String] = [String(rank), CSVRecords.textCell(context.name(of: p)), String(p.shirtNumber), lap, CSVRecords.textCell(label ?? ""),
                             f.fixed(Double(from) / 1000, 1), f.fixed(Double(to) / 1000, 1), f.fixed(Double(s.signalMs) / 1000, 1),
                             f.cell(s.averageBPM), f.cell(s.minBPM), f.cell(s.maxBPM), f.cell(s.peakPercentOfMax),
                             f.fixed(p.physiology.maxHR, 2), f.fixed(p.physiology.restingHR, 0), p.physiology.maxSource.rawValue,
                             context.analysis.zoneModel.rawValue, CSVRecords.textCell(context.analysis.session.tags.joined(separator: " "))]
        let load: [String] = [f.cell(s.kcal), f.cell(s.banisterTRIMP), f.cell(s.edwardsTRIMP), f.cell(s.effortPoints), f.cell(recovery)]
        let beats: [String] = [hrv == nil ? "" : String(p.rr.recorded), hrv == nil ? "" : String(p.rr.corrected)]
        let timeDomain: [String] = [time.map { f.fixed($0.rmssdMs, 1) } ?? "", time.map { f.fixed($0.sdnnMs, 1) } ?? "",
                                    time.map { f.fixed($0.sdsdMs, 1) } ?? "", time.map { f.fixed($0.pnn50, 1) } ?? ""]
        let frequencyDomain: [String] = [freq.map { f.fixed($0.lfPowerMs2, 1) } ?? "", freq.map { f.fixed($0.hfPowerMs2, 1) } ?? "",
                                         freq.map { f.fixed($0.lfHfRatio, 3) } ?? ""]
        let whole = lap == "all"
        let rating: [String] = [whole ? context.ratings[p.playerID].map { String($0.rpe) } ?? "" : "",
                                whole ? context.srpeLoad(of: p).map { f.fixed($0, 1) } ?? "" : ""]
        return who + zonesMax + zonesHRR + load + beats + timeDomain + frequencyDomain + rating
            + [f.fixed(Double(s.highIntensityMs) / 1000, 1), CSVRecords.textCell(notes.joined(separator: "; "))]
    }
}

import Localization
import Foundation
import TeamCore

/// The texts of a player's review panel — heart rate or HRV — each number with its change since the
/// previous comparable session in brackets: worked out here, drawn by the kiosk, dumped for tests.
public enum ReviewPanelLine: Sendable, Equatable {
    case row(label: String, value: String)
    /// A small line under the row before it (why a number is missing).
    case note(String)
}

public enum ReviewPanelLines {
    /// What HRV needs: enough clean beats in one stretch (the frequency domain's shortest window is 128 s).
    public static let hrvNeeds = N_("needs 2 min of clean RR")

    /// " (+3)", " (−2)", " (=)" after a value, rounded as the value is shown; nothing without a previous value.
    public static func delta(_ now: Double?, _ before: Double?, decimals: Int = 0) -> String {
        guard let now, let before else { return "" }
        let scale = pow(10, Double(decimals))
        let diff = ((now - before) * scale).rounded() / scale
        if diff == 0 { return " (=)" }
        let text = decimals == 0 ? "\(Int(abs(diff)))" : decimal(abs(diff), digits: decimals)
        return diff > 0 ? " (+\(text))" : " (−\(text))"
    }

    /// A decimal with the kiosk's language's mark ("1.5", "1,5").
    public static func decimal(_ value: Double, digits: Int) -> String { Localization.current.formatted(value, digits: digits) }

    /// A share of beats: one decimal under 10 %, whole above.
    public static func percent(_ value: Double) -> String {
        value < 10 ? decimal(value, digits: 1) + " %" : "\(Int(value.rounded())) %"
    }

    /// Average, max, peak %HRmax and kcal, then up to three of the analytics' figures (the zone bars follow, drawn).
    public static func heartRate(_ p: ReviewPlayer) -> [ReviewPanelLine] {
        let d = p.digest, before = p.previous?.digest
        return [
            .row(label: N_("Average HR"), value: (d.averageBPM.map { "\(Int($0.rounded()))" } ?? "–") + delta(d.averageBPM, before?.averageBPM)),
            .row(label: N_("Max HR"), value: (d.maxBPM.map(String.init) ?? "–") + delta(d.maxBPM.map(Double.init), before?.maxBPM.map(Double.init))),
            .row(label: N_("Peak %HRmax"), value: d.peakPercentOfMax.map { "\(Int($0.rounded()))%" } ?? "–"),
            .row(label: N_("kcal"), value: (d.kcal.map { "\(Int($0.rounded()))" } ?? "–") + delta(d.kcal, before?.kcal)),
        ] + p.analytics.prefix(3).map { .row(label: $0.label, value: $0.value) }
    }

    /// The window, RMSSD, SDNN, SDSD, pNN50, LF/HF and the share of beats corrected; "needs 2 min of clean RR"
    /// where one does not apply.
    public static func hrv(_ p: ReviewPlayer) -> [ReviewPanelLine] {
        let d = p.digest, before = p.previous?.digest
        let corrected = ReviewPanelLine.row(label: N_("Beats corrected"), value: d.correctedBeatsPercent.map(percent) ?? "–")
        // Said first: HRV over a window at rest, not over the exercise.
        let window: [ReviewPanelLine] = d.hrvWindow.map { [.row(label: N_("Over"), value: $0)] } ?? []
        guard let rmssd = d.rmssdMs else {
            return window + [.row(label: N_("HRV"), value: "–"), .note(hrvNeeds)] + (d.correctedBeatsPercent == nil ? [] : [corrected])
        }
        var lines: [ReviewPanelLine] = window + [
            .row(label: N_("RMSSD"), value: "\(Int(rmssd.rounded())) ms" + delta(rmssd, before?.rmssdMs)),
            .row(label: N_("SDNN"), value: (d.sdnnMs.map { "\(Int($0.rounded())) ms" } ?? "–") + delta(d.sdnnMs, before?.sdnnMs)),
            .row(label: N_("SDSD"), value: (d.sdsdMs.map { "\(Int($0.rounded())) ms" } ?? "–") + delta(d.sdsdMs, before?.sdsdMs)),
            .row(label: N_("pNN50"), value: (d.pnn50.map { "\(Int($0.rounded()))%" } ?? "–") + delta(d.pnn50, before?.pnn50)),
        ]
        if let ratio = d.lfHfRatio {
            lines.append(.row(label: N_("LF/HF"), value: decimal(ratio, digits: 1) + delta(ratio, before?.lfHfRatio, decimals: 1)))
        } else {
            lines += [.row(label: N_("LF/HF"), value: "–"), .note(hrvNeeds)]
        }
        return lines + [corrected]
    }
}

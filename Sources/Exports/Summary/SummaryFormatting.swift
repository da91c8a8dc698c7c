import Analytics
import Foundation

/// How numbers look in the CSV summary: fixed decimals, and an empty cell
/// (never "nan") where there is not enough data.
enum SummaryFormatting {
    static func cell(_ metric: Metric<Double>, decimals: Int = 1) -> String {
        metric.value.map { fixed($0, decimals) } ?? ""
    }

    static func cell(_ metric: Metric<Int>) -> String {
        metric.value.map(String.init) ?? ""
    }

    static func fixed(_ x: Double, _ decimals: Int) -> String {
        guard x.isFinite else { return "" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (abs(x) * scale).rounded()
        // Past 2^53 a double has no fraction to split off, and past 2^63 Int64 traps: print it as it is.
        guard rounded < 9e15 else { return String(format: "%.\(decimals)f", x) }
        let whole = Int64(rounded / scale), fraction = Int64(rounded) - whole * Int64(scale)
        var out = (x < 0 && rounded > 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            out += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return out
    }
}

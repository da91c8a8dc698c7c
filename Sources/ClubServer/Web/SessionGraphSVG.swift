import Analytics
import ClubProtocol
import Foundation
import TeamCore

/// A session's team graph, as the kiosk's review draws it: the team's band (lowest to highest heart
/// rate, minute by minute) with its mean, and every player's line, downsampled to the graph's width
/// (`SessionGraph`, `TeamBand`: the review's own code).
enum SessionGraphSVG {
    static func draw(_ source: BundleAnalysisInput, players names: [(shirtNumber: Int, name: String)]) -> String {
        let input = source.input
        let tracks = Dictionary(uniqueKeysWithValues: input.players.map { ($0.playerID, HeartRateTrack(samples: input.samples[$0.playerID] ?? [])) })
        let graph = SessionGraph(tracks: tracks, width: 600)
        let lastMs = tracks.values.compactMap { $0.tMs.last }.max() ?? 0
        let band = TeamBand.compute(tracks: Array(tracks.values), durationMs: lastMs)
        let all = graph.players.values.flatMap { $0.map(\.y) }
        let low = max(30, ((all.min() ?? 60) / 10).rounded(.down) * 10), high = min(230, ((all.max() ?? 180) / 10).rounded(.up) * 10)
        let minutes = Double(lastMs) / 60_000
        var chart = SVGChart(xRange: 0...max(1, minutes), yRange: low...max(low + 20, high))
        chart.gridY(SVGChart.ticks(chart.yRange, count: 5)) { "\(Int($0))" }
        chart.gridX(SVGChart.ticks(chart.xRange, count: 8)) { "\(Int($0))′" }
        chart.band(upper: band.map { (Double($0.tMs) / 60_000, $0.maxBPM) }, lower: band.map { (Double($0.tMs) / 60_000, $0.minBPM) }, colour: "#5d6778")
        let ordered = input.players.sorted { $0.shirtNumber < $1.shirtNumber }
        var legend: [String] = []
        for (i, p) in ordered.enumerated() {
            let colour = SVGChart.palette[i % SVGChart.palette.count]
            let name = source.identities.players[p.playerID]?.fullName ?? "Player \(p.shirtNumber)"
            chart.line((graph.players[p.playerID] ?? []).map { ($0.x / 60, $0.y) }, colour: colour, width: 1.2, title: "#\(p.shirtNumber) \(name)")
            legend.append("<span>\(SVGChart.swatch(colour))#\(p.shirtNumber) \(name.html)</span>")
        }
        chart.line(band.map { (Double($0.tMs) / 60_000, $0.meanBPM) }, colour: "#18212f", width: 2.6, title: "team mean")
        legend.append("<span>\(SVGChart.swatch("#18212f"))team mean (band: lowest to highest)</span>")
        return chart.svg(label: "Heart rate of every player over the session, in beats per minute against minutes", id: "team-graph")
            + "<div class=\"legend\">\(legend.joined())</div>"
    }
}

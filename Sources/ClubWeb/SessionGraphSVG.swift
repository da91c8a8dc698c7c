import Analytics
import ClubProtocol
import ClubStorage
import Foundation
import Localization
import TeamCore

/// A session's team graph, as the kiosk's review draws it: the team's band (lowest to highest heart
/// rate, minute by minute) with its mean, and every player's line, downsampled to the graph's width
/// (`SessionGraph`, `TeamBand`: the review's own code).
enum SessionGraphSVG {
    static func draw(_ source: BundleAnalysisInput) -> HTML {
        let input = source.input
        let tracks = Dictionary(uniqueKeysWithValues: input.players.map { ($0.playerID, HeartRateTrack(samples: input.samples[$0.playerID] ?? [])) })
        let graph = SessionGraph(tracks: tracks, width: 600)
        let lastMs = tracks.values.compactMap { $0.tMs.last }.max() ?? 0
        let band = TeamBand.compute(tracks: Array(tracks.values), durationMs: lastMs)
        let all = graph.players.values.flatMap { $0.map(\.y) }
        let low = max(30, ((all.min() ?? 60) / 10).rounded(.down) * 10), high = min(230, ((all.max() ?? 180) / 10).rounded(.up) * 10)
        let minutes = Double(lastMs) / 60_000
        let ordered = input.players.sorted { $0.shirtNumber < $1.shirtNumber }
        let words = WebLanguage.words
        let names = ordered.map { source.identities.players[$0.playerID]?.fullName ?? words.tr("Player {number}", ["number": "\($0.shirtNumber)"]) }
        let svg = SVGChart.responsive { width in
            var chart = SVGChart(xRange: 0...max(1, minutes), yRange: low...max(low + 20, high), width: width, height: width < 600 ? 260 : 280)
            chart.gridY(SVGChart.ticks(chart.yRange, count: 5)) { "\(Int($0))" }
            chart.gridX(SVGChart.ticks(chart.xRange, count: width < 600 ? 4 : 8)) { "\(Int($0))′" }
            chart.band(upper: band.map { (Double($0.tMs) / 60_000, $0.maxBPM) }, lower: band.map { (Double($0.tMs) / 60_000, $0.minBPM) }, colour: "#5d6778")
            for (i, p) in ordered.enumerated() {
                chart.line((graph.players[p.playerID] ?? []).map { ($0.x / 60, $0.y) }, colour: SVGChart.palette[i % SVGChart.palette.count],
                           width: 1.2, title: "#\(p.shirtNumber) \(names[i])")
            }
            chart.line(band.map { (Double($0.tMs) / 60_000, $0.meanBPM) }, colour: "#18212f", width: 2.6, title: words.tr("team mean"))
            return chart.svg(label: words.tr("Heart rate of every player over the session, in beats per minute against minutes"),
                             id: width < 600 ? "team-graph-narrow" : "team-graph")
        }
        var legend = ordered.enumerated().map { i, p -> HTML in
            "<span>\(SVGChart.swatch(SVGChart.palette[i % SVGChart.palette.count]))#\(p.shirtNumber) \(names[i])</span>"
        }
        legend.append("<span>\(SVGChart.swatch("#18212f"))\(words.tr("team mean (band: lowest to highest)"))</span>")
        return svg + "<div class=\"legend\">\(legend)</div>"
    }
}

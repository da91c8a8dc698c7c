import Foundation

/// A chart drawn on the server as SVG: a plot area with scaled axes, grid lines with labels,
/// lines, bands and bars. Sized by its viewBox, so it fills any width from a phone to a printout.
struct SVGChart {
    typealias Point = (x: Double, y: Double)

    var width = 800.0, height = 280.0
    var left = 44.0, right = 12.0, top = 12.0, bottom = 26.0
    var xRange: ClosedRange<Double>
    var yRange: ClosedRange<Double>
    private var parts: [HTML] = []

    /// Distinct colours for a team's lines, in shirt-number order.
    static let palette = ["#0b6bcb", "#c2261b", "#1a7f37", "#8e44ad", "#d35400", "#16a085", "#b7950b", "#2c3e50",
                          "#e84393", "#6d4c41", "#00838f", "#7f8c8d"]

    /// `width` and `height` in the viewBox's units, which are CSS pixels at that width: a chart half a page wide is given about half the width, so its labels stay readable.
    init(xRange: ClosedRange<Double>, yRange: ClosedRange<Double>, width: Double = 800, height: Double = 280) {
        self.width = width
        self.xRange = xRange.lowerBound == xRange.upperBound ? xRange.lowerBound...(xRange.lowerBound + 1) : xRange
        self.yRange = yRange.lowerBound == yRange.upperBound ? (yRange.lowerBound - 1)...(yRange.upperBound + 1) : yRange
        self.height = height
    }

    func x(_ v: Double) -> Double { left + (v - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * (width - left - right) }
    func y(_ v: Double) -> Double { height - bottom - (v - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * (height - top - bottom) }

    static func n(_ v: Double) -> String { String(format: "%.1f", v) }

    mutating func gridY(_ ticks: [Double], label: (Double) -> String) {
        for t in ticks where yRange.contains(t) {
            let py = Self.n(y(t))
            parts.append("<line x1=\"\(Self.n(left))\" x2=\"\(Self.n(width - right))\" y1=\"\(py)\" y2=\"\(py)\" stroke=\"#e3e7ee\"/>")
            parts.append("<text x=\"\(Self.n(left - 6))\" y=\"\(py)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(label(t))</text>")
        }
    }

    mutating func gridX(_ ticks: [Double], label: (Double) -> String) {
        for t in ticks where xRange.contains(t) {
            let px = Self.n(x(t))
            parts.append("<line x1=\"\(px)\" x2=\"\(px)\" y1=\"\(Self.n(top))\" y2=\"\(Self.n(height - bottom))\" stroke=\"#eef1f5\"/>")
            parts.append("<text x=\"\(px)\" y=\"\(Self.n(height - 8))\" text-anchor=\"middle\">\(label(t))</text>")
        }
    }

    mutating func line(_ points: [Point], colour: String, width stroke: Double = 1.5, dash: String? = nil, title: String? = nil) {
        guard !points.isEmpty else { return }
        let d: String = points.map { "\(Self.n(x($0.x))),\(Self.n(y($0.y)))" }.joined(separator: " ")
        let dashing = dash.map { dash -> HTML in " stroke-dasharray=\"\(dash)\"" } ?? ""
        let label = title.map { title -> HTML in "<title>\(title)</title>" } ?? ""
        parts.append("<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(Self.n(stroke))\" stroke-linejoin=\"round\"\(dashing) points=\"\(d)\">\(label)</polyline>")
    }

    /// The area between two lines over the same x values.
    mutating func band(upper: [Point], lower: [Point], colour: String, opacity: Double = 0.18) {
        guard !upper.isEmpty, upper.count == lower.count else { return }
        let d: String = (upper + lower.reversed()).map { "\(Self.n(x($0.x))),\(Self.n(y($0.y)))" }.joined(separator: " ")
        parts.append("<polygon fill=\"\(colour)\" fill-opacity=\"\(Self.n(opacity))\" stroke=\"none\" points=\"\(d)\"/>")
    }

    /// A bar from `y0` to `y1` centred on `x`, `barWidth` in x units.
    mutating func bar(x center: Double, from y0: Double, to y1: Double, barWidth: Double, colour: String, title: String? = nil) {
        let x0 = x(center - barWidth / 2), x1 = x(center + barWidth / 2)
        let top = min(y(y0), y(y1)), h = abs(y(y1) - y(y0))
        let label = title.map { title -> HTML in "<title>\(title)</title>" } ?? ""
        parts.append("<rect x=\"\(Self.n(x0))\" y=\"\(Self.n(top))\" width=\"\(Self.n(max(0.5, x1 - x0)))\" height=\"\(Self.n(h))\" fill=\"\(colour)\">\(label)</rect>")
    }

    mutating func dot(_ p: Point, colour: String, radius: Double = 3.5, title: String? = nil) {
        let label = title.map { title -> HTML in "<title>\(title)</title>" } ?? ""
        parts.append("<circle cx=\"\(Self.n(x(p.x)))\" cy=\"\(Self.n(y(p.y)))\" r=\"\(Self.n(radius))\" fill=\"\(colour)\">\(label)</circle>")
    }

    func svg(label: String, id: String? = nil) -> HTML {
        let idAttribute = id.map { id -> HTML in " id=\"\(id)\"" } ?? ""
        return HTML("<svg class=\"chart\"\(idAttribute) viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" role=\"img\" aria-label=\"\(label)\" xmlns=\"http://www.w3.org/2000/svg\">"
            + "<rect x=\"\(Self.n(left))\" y=\"\(Self.n(top))\" width=\"\(Self.n(width - left - right))\" height=\"\(Self.n(height - top - bottom))\" fill=\"none\" stroke=\"#d9dee7\"/>"
            + parts.joined() + "</svg>")
    }

    /// A chart drawn twice: at `wide` for a laptop and print, at `narrow` for a phone (its labels would
    /// be too small scaled down), the stylesheet showing one.
    static func responsive(wide: Double = 800, narrow: Double = 400, _ draw: (Double) -> HTML) -> HTML {
        "<div class=\"wide\">\(draw(wide))</div><div class=\"narrow\">\(draw(narrow))</div>"
    }

    /// A legend's colour sample (an SVG, not a style attribute: the pages' content policy allows no inline style).
    static func swatch(_ colour: String) -> HTML {
        "<svg class=\"swatch\" width=\"14\" height=\"6\" aria-hidden=\"true\"><rect width=\"14\" height=\"6\" rx=\"2\" fill=\"\(colour)\"/></svg>"
    }

    /// Round steps for an axis: about `count` ticks over the range.
    static func ticks(_ range: ClosedRange<Double>, count: Int = 5) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, count > 0 else { return [range.lowerBound] }
        let raw = span / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        var t = ceil(range.lowerBound / step) * step, out: [Double] = []
        while t <= range.upperBound + step * 1e-9 { out.append(t); t += step }
        return out
    }
}

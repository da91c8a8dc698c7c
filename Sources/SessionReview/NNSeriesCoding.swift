import Analytics
import Foundation

/// NN series as bytes for the store's cache, little-endian whatever the machine: the report's
/// ten counts, the number of stretches and each stretch's length as UInt64 words, then each
/// stretch's beat times and intervals as Float64 bit patterns.
///
/// The blob comes back from a file that may be damaged: decoding checks every count against
/// the bytes that are there and answers nil (the analysis then recomputes) instead of trapping.
enum NNSeriesCoding {
    /// Names the method and this layout; a change of either makes old entries stale.
    /// v2: corrected on the raw series, plausibility judged after; the report counts changed intervals.
    static let algorithm = "lipponen-tarvainen-2019/nn-v2"

    static func encode(_ series: NNSeries) -> Data {
        let r = series.report
        var words = [r.recorded, r.rejected, r.implausible, r.stretches, r.extra, r.missed, r.ectopic, r.longShort, r.passes, r.corrected]
            .map { UInt64($0) }
        words.append(UInt64(series.stretches.count))
        for s in series.stretches { words.append(UInt64(s.nnMs.count)) }
        for s in series.stretches { words += s.endMs.map(\.bitPattern) + s.nnMs.map(\.bitPattern) }
        return words.map(\.littleEndian).withUnsafeBytes { Data($0) }
    }

    static func decode(_ data: Data) -> NNSeries? {
        var reader = Reader(bytes: [UInt8](data))
        guard let counts = reader.counts(10), let stretchCount = reader.counts(1)?[0],
              let sizes = reader.counts(stretchCount) else { return nil }
        var report = RRCorrectionReport()
        (report.recorded, report.rejected, report.implausible, report.stretches, report.extra) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        (report.missed, report.ectopic, report.longShort, report.passes, report.corrected) = (counts[5], counts[6], counts[7], counts[8], counts[9])
        var stretches: [NNSeries.Stretch] = []
        for n in sizes {
            guard let ends = reader.doubles(n), let nn = reader.doubles(n) else { return nil }
            stretches.append(NNSeries.Stretch(endMs: ends, nnMs: nn))
        }
        guard reader.isAtEnd else { return nil }
        return NNSeries(stretches: stretches, report: report)
    }

    /// Little-endian words off the front of the bytes; nil when the bytes cannot hold what is asked.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        /// `n` words, each a count: nil unless every one fits an Int.
        mutating func counts(_ n: Int) -> [Int]? {
            guard let words = words(n) else { return nil }
            var out: [Int] = []
            out.reserveCapacity(n)
            for w in words {
                guard let count = Int(exactly: w) else { return nil }
                out.append(count)
            }
            return out
        }

        /// `n` Float64 values.
        mutating func doubles(_ n: Int) -> [Double]? { words(n)?.map(Double.init(bitPattern:)) }

        private mutating func words(_ n: Int) -> [UInt64]? {
            // Compared by division: 8 × a damaged count must not overflow.
            guard n >= 0, n <= (bytes.count - offset) / 8 else { return nil }
            let start = offset
            offset += 8 * n
            return bytes.withUnsafeBytes { raw in
                (0..<n).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8 * $0, as: UInt64.self)) }
            }
        }
    }
}

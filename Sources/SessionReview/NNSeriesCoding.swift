import Analytics
import Foundation

/// NN series as bytes for the store's cache: little-endian, the report's counts,
/// then each stretch's beat times and intervals as Float64 — copied, not parsed.
enum NNSeriesCoding {
    /// Names the method and this layout; a change of either makes old entries stale.
    /// v2: corrected on the raw series, plausibility judged after; the report counts changed intervals.
    static let algorithm = "lipponen-tarvainen-2019/nn-v2"

    static func encode(_ series: NNSeries) -> Data {
        var words: [UInt64] = []
        let r = series.report
        words += [r.recorded, r.rejected, r.implausible, r.stretches, r.extra, r.missed, r.ectopic, r.longShort, r.passes, r.corrected]
            .map { UInt64($0) }
        words.append(UInt64(series.stretches.count))
        for s in series.stretches { words.append(UInt64(s.nnMs.count)) }
        var data = words.withUnsafeBytes { Data($0) }
        for s in series.stretches {
            s.endMs.withUnsafeBytes { data.append(contentsOf: $0) }
            s.nnMs.withUnsafeBytes { data.append(contentsOf: $0) }
        }
        return data
    }

    static func decode(_ data: Data) -> NNSeries? {
        let bytes = [UInt8](data)
        var offset = 0
        func word() -> UInt64? {
            guard offset + 8 <= bytes.count else { return nil }
            defer { offset += 8 }
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian }
        }
        func doubles(_ n: Int) -> [Double]? {
            guard n >= 0, offset + 8 * n <= bytes.count else { return nil }
            defer { offset += 8 * n }
            return [Double](unsafeUninitializedCapacity: n) { out, count in
                bytes.withUnsafeBytes { raw in
                    if n > 0 { UnsafeMutableRawBufferPointer(out).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 8 * n])) }
                }
                count = n
            }
        }
        var counts: [Int] = []
        for _ in 0..<10 { guard let w = word() else { return nil }; counts.append(Int(w)) }
        var report = RRCorrectionReport()
        (report.recorded, report.rejected, report.implausible, report.stretches, report.extra) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        (report.missed, report.ectopic, report.longShort, report.passes, report.corrected) = (counts[5], counts[6], counts[7], counts[8], counts[9])
        guard let stretchCount = word(), stretchCount < 1 << 24 else { return nil }
        var sizes: [Int] = []
        for _ in 0..<Int(stretchCount) { guard let n = word() else { return nil }; sizes.append(Int(n)) }
        var stretches: [NNSeries.Stretch] = []
        for n in sizes {
            guard let ends = doubles(n), let nn = doubles(n) else { return nil }
            stretches.append(NNSeries.Stretch(endMs: ends, nnMs: nn))
        }
        guard offset == bytes.count else { return nil }
        return NNSeries(stretches: stretches, report: report)
    }
}

import Analytics
import Foundation

/// NN series as bytes for the store's cache, little-endian whatever the machine: the report's
/// ten counts, the number of stretches and each stretch's length as UInt64 words, then each
/// stretch's beat times and intervals as Float64 bit patterns. The first part of a
/// `RecordingFiguresCoding` entry, which names the layout the store keeps.
///
/// The blob comes back from a file that may be damaged: decoding checks every count against
/// the bytes that are there and answers nil (the analysis then recomputes) instead of trapping.
enum NNSeriesCoding {
    static func encode(_ series: NNSeries) -> Data {
        var words = CacheWords()
        append(series, to: &words)
        return words.data
    }

    static func append(_ series: NNSeries, to words: inout CacheWords) {
        let r = series.report
        for count in [r.recorded, r.rejected, r.implausible, r.stretches, r.extra, r.missed, r.ectopic, r.longShort, r.passes, r.corrected] {
            words.append(count)
        }
        words.append(series.stretches.count)
        for s in series.stretches { words.append(s.nnMs.count) }
        for s in series.stretches {
            words.append(s.endMs)
            words.append(s.nnMs)
        }
    }

    static func decode(_ data: Data) -> NNSeries? {
        CacheWordReader.read(data) { reader in
            guard let series = next(from: &reader), reader.isAtEnd else { return nil }
            return series
        }
    }

    static func next(from reader: inout CacheWordReader) -> NNSeries? {
        guard let counts = reader.counts(10), let stretchCount = reader.counts(1)?[0],
              let sizes = reader.counts(stretchCount) else { return nil }
        var report = RRCorrectionReport()
        (report.recorded, report.rejected, report.implausible, report.stretches, report.extra) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        (report.missed, report.ectopic, report.longShort, report.passes, report.corrected) = (counts[5], counts[6], counts[7], counts[8], counts[9])
        var stretches: [NNSeries.Stretch] = []
        stretches.reserveCapacity(sizes.count)
        for n in sizes {
            guard let ends = reader.doubles(n), let nn = reader.doubles(n) else { return nil }
            stretches.append(NNSeries.Stretch(endMs: ends, nnMs: nn))
        }
        return NNSeries(stretches: stretches, report: report)
    }
}

/// Little-endian UInt64 words being written into a cache entry.
struct CacheWords {
    private(set) var words: [UInt64] = []

    mutating func append(_ count: Int) { words.append(UInt64(truncatingIfNeeded: count).littleEndian) }
    mutating func append(_ value: Int64) { words.append(UInt64(bitPattern: value).littleEndian) }
    mutating func append(_ value: Double) { words.append(value.bitPattern.littleEndian) }
    mutating func append(_ values: [Double]) {
        words.reserveCapacity(words.count + values.count)
        for v in values { words.append(v.bitPattern.littleEndian) }
    }

    var data: Data { words.withUnsafeBytes { Data($0) } }
}

/// Little-endian words off the front of a cache entry's bytes; nil when the bytes cannot hold what is asked.
/// A review reads hundreds of thousands of words: they are loaded straight from the entry's bytes.
struct CacheWordReader {
    /// Valid only inside `read`'s closure: the reader never leaves it (it is `inout` there).
    private let raw: UnsafeRawBufferPointer
    private var offset = 0

    private init(raw: UnsafeRawBufferPointer) { self.raw = raw }

    static func read<T>(_ data: Data, _ body: (inout CacheWordReader) -> T?) -> T? {
        data.withUnsafeBytes { raw in
            var reader = CacheWordReader(raw: raw)
            return body(&reader)
        }
    }

    var isAtEnd: Bool { offset == raw.count }

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

    /// One count (nil unless it fits an Int).
    mutating func count() -> Int? { counts(1)?[0] }

    /// `n` Float64 values.
    mutating func doubles(_ n: Int) -> [Double]? { copy(n) { Double(bitPattern: $0) } }

    /// `n` Int64 values (two's complement).
    mutating func integers(_ n: Int) -> [Int64]? { copy(n) { Int64(bitPattern: $0) } }

    mutating func double() -> Double? { doubles(1)?[0] }

    private mutating func words(_ n: Int) -> [UInt64]? { load(n) { $0 } }

    /// `n` 8-byte values whose bit patterns are the words: on a little-endian machine the bytes as they are.
    private mutating func copy<T: BitwiseCopyable>(_ n: Int, _ convert: (UInt64) -> T) -> [T]? {
        precondition(MemoryLayout<T>.size == 8, "a word a value")
        #if _endian(little)
        guard n >= 0, n <= (raw.count - offset) / 8 else { return nil }
        let start = offset, raw = self.raw
        offset += 8 * n
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<start + 8 * n]))
            initialized = n
        }
        #else
        return load(n, convert)
        #endif
    }

    private mutating func load<T>(_ n: Int, _ convert: (UInt64) -> T) -> [T]? {
        // Compared by division: 8 × a damaged count must not overflow.
        guard n >= 0, n <= (raw.count - offset) / 8 else { return nil }
        let start = offset, raw = self.raw
        offset += 8 * n
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            for i in 0..<n {
                buffer.initializeElement(at: i, to: convert(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8 * i, as: UInt64.self))))
            }
            initialized = n
        }
    }
}

import TeamCore

/// A growing UTF-8 buffer for large CSV exports: integers and fixed decimals are
/// written digit by digit, because `String(format:)` and interpolation cost
/// microseconds a row and an export has hundreds of thousands of rows.
struct CSVBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
    mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }
    mutating func comma() { bytes.append(UInt8(ascii: ",")) }
    mutating func newline() { bytes.append(UInt8(ascii: "\n")) }
    mutating func appendTime(unixMs: Int64, offsetSeconds: Int, with writer: inout ISOTime.Writer) {
        writer.append(unixMs: unixMs, offsetSeconds: offsetSeconds, to: &bytes)
    }

    mutating func append(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(d[i]) }
        }
    }

    /// An RR interval in ms with three decimals, exactly as `String(format: "%.3f")`
    /// prints rr1024 · 1000 / 1024: thousandths = rr1024 · 15625 / 16, ties to even.
    mutating func appendMilliseconds(rr1024: UInt16) {
        let scaled = UInt64(rr1024) * 15625 // sixteenths of a thousandth
        var thousandths = scaled / 16
        let remainder = scaled % 16
        if remainder > 8 || (remainder == 8 && thousandths % 2 == 1) { thousandths += 1 }
        append(Int64(thousandths / 1000))
        bytes.append(UInt8(ascii: "."))
        let fraction = thousandths % 1000
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }
}

/// A strap's position in the `StrapTable` a running source was started on: what a `SensorEvent`
/// names its strap by. It means that table's strap and nothing else — not a stored strap's id, not a
/// roster line, not a Bluetooth connection handle — and only for the one run of the source.
///
/// Two bytes, like the `UInt16` it wraps, so `SensorEvent` stays a fixed-size plain value.
public struct StrapIndex: Hashable, Comparable, Strideable, Sendable, BitwiseCopyable, CustomStringConvertible,
    ExpressibleByIntegerLiteral {
    public var rawValue: UInt16

    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// Tests and fixtures name a strap by its position: `SensorEvent(strap: 2, …)`.
    public init(integerLiteral value: UInt16) { rawValue = value }

    /// The strap at this position of a table (a worker's row, a table's entry).
    public init(position: Int) { rawValue = UInt16(position) }

    /// The position in the table, for indexing a parallel array.
    public var position: Int { Int(rawValue) }

    public static func < (a: StrapIndex, b: StrapIndex) -> Bool { a.rawValue < b.rawValue }

    public func distance(to other: StrapIndex) -> Int { Int(other.rawValue) - Int(rawValue) }

    public func advanced(by n: Int) -> StrapIndex { StrapIndex(position: position + n) }

    public var description: String { "\(rawValue)" }
}

/// When a roster field was edited, and by whom: a wall-clock millisecond, a counter for edits
/// within the same millisecond (or stamped after a later one was seen), and the origin (a kiosk
/// or user id). Ordered by all three, so two edits are never tied: the later one wins.
public struct HybridTimestamp: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var wallMs: Int64
    public var counter: Int
    public var origin: String

    public init(wallMs: Int64, counter: Int = 0, origin: String) {
        self.wallMs = wallMs
        self.counter = counter
        self.origin = origin
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.wallMs, a.counter, a.origin) < (b.wallMs, b.counter, b.origin)
    }

    public var description: String { "\(wallMs).\(counter)@\(origin)" }
}

/// The clock a kiosk stamps its roster edits with: its own clock corrected by the offset to
/// the server's, measured at each sync, and never behind anything it has seen (a hybrid
/// logical clock). A kiosk whose clock is ten minutes wrong then stamps an edit made after
/// a web edit it has synced as later, and one made before as earlier, as a person would expect.
public struct HybridLogicalClock: Sendable, Equatable {
    /// How far a stamp may run ahead of the server's clock (a kiosk's clock is corrected by its last
    /// sync, not perfectly); the server stores an edit stamped further ahead at its own time.
    public static let maxAheadMs: Int64 = 5_000

    public let origin: String
    /// Server time minus local time, from the last sync.
    public private(set) var offsetMs: Int64 = 0
    public private(set) var last: HybridTimestamp?
    /// The latest stamp the club can hold, as of the server's time this clock last observed (nil before).
    public private(set) var ceilingMs: Int64?

    public init(origin: String, offsetMs: Int64 = 0, last: HybridTimestamp? = nil) {
        self.origin = origin
        self.offsetMs = offsetMs
        self.last = last
    }

    /// A sync's answer carried the server's time: the request left at `sentMs` and its answer
    /// came back at `receivedMs` (local clock); the server's time is taken to be mid-way.
    public mutating func observeServer(timeMs serverMs: Int64, sentMs: Int64, receivedMs: Int64) {
        offsetMs = serverMs - (sentMs + (receivedMs - sentMs) / 2)
        ceilingMs = serverMs + Self.maxAheadMs
        // A last stamp beyond anything the club holds was taken by this kiosk's own clock running fast
        // before the offset was known (a roster stamped on joining): go on from the server's time, or
        // every edit would stay that far ahead — and beat later edits elsewhere — until real time caught up.
        if let last, last.wallMs > serverMs + Self.maxAheadMs { self.last = nil }
        observe(HybridTimestamp(wallMs: serverMs, origin: ""))
    }

    /// A change arrived (or was made here): nothing stamped from now on is before it.
    public mutating func observe(_ stamp: HybridTimestamp) {
        if let last, last >= stamp { return }
        last = stamp
    }

    /// The stamp for an edit made now (`localMs` by the local clock).
    public mutating func stamp(localMs: Int64) -> HybridTimestamp {
        let wall = localMs + offsetMs
        let next: HybridTimestamp
        if let last, last.wallMs >= wall {
            next = HybridTimestamp(wallMs: last.wallMs, counter: last.counter + 1, origin: origin)
        } else {
            next = HybridTimestamp(wallMs: wall, counter: 0, origin: origin)
        }
        last = next
        return next
    }
}

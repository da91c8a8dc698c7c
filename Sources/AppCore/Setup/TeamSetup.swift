import TeamCore

/// Team setup: the roster tab and strap pairing (two taps: a player, then a strap), and a
/// resting-HR measurement under way.
public struct TeamSetup: Sendable, Equatable {
    public enum Tab: String, Sendable, Equatable { case roster, straps, team }
    public var tab: Tab = .roster
    /// First tap of the two-tap strap assignment: the player chosen.
    public var pairingPlayerID: Int64?
    /// The list of the club's other players is open: a tap puts one on this team.
    public var pickingExisting = false
    public var rest: RestMeasurement?
    public init() {}
}

/// "Measure resting HR": the average of 20 s of the player's strap while they sit still.
public struct RestMeasurement: Sendable, Equatable {
    public static let durationMs: Int64 = 20_000
    public var playerID: Int64
    public var strapIndex: StrapIndex
    public var startMs: Int64
    public var sum = 0
    public var count = 0
    public init(playerID: Int64, strapIndex: StrapIndex, startMs: Int64) {
        self.playerID = playerID
        self.strapIndex = strapIndex
        self.startMs = startMs
    }
    public var estimate: Int? { count > 0 ? Int((Double(sum) / Double(count)).rounded()) : nil }
    public func isDone(nowMs: Int64) -> Bool { nowMs - startMs >= Self.durationMs }

    /// Counts a trusted heart rate of the player's strap heard within the 20 s.
    mutating func observe(_ e: SensorEvent) {
        let t = e.timestampMs
        guard e.kind == .measurement || e.kind == .advert, e.strap == strapIndex, t >= startMs, !isDone(nowMs: t),
              e.bpm > 0, e.contact != .notDetected else { return }
        sum += Int(e.bpm)
        count += 1
    }
}

import Localization
import TeamCore

/// The straps the sensor source listens to, what was last heard from each, and the source itself.
/// The one place a strap's heart rate, contact, battery and signal live: the lobby, the pairing
/// list and the live tiles all read them here.
public struct Sensors: Sendable, Equatable {
    /// The running source's strap table, as the `SensorPump` that owns it last handed it on.
    public var strapTable = StrapTable()
    /// The latest heard from each strap, by index.
    public var readings: [StrapIndex: StrapReading] = [:]
    /// Shown until it is solved (unlike a notice, which goes by itself): the straps cannot be heard.
    public var problem: String?
    /// The kind of source running now (the settings screen highlights it).
    public var kind = SensorChoice.simulated
    public var description = Message("")

    public init() {}

    public func slot(_ index: StrapIndex) -> StrapSlot? { strapTable.slot(index) }

    /// The strap table index of a stored strap.
    public func index(ofStrap strapID: Int64?) -> StrapIndex? { strapTable.index(ofStrap: strapID) }

    public func reading(ofStrap strapID: Int64?) -> StrapReading? {
        index(ofStrap: strapID).flatMap { readings[$0] }
    }

    /// Straps heard recently, strongest signal first (for pairing).
    public func nearby(nowMs: Int64) -> [StrapIndex] {
        readings.filter { $0.value.hasSignal(nowMs: nowMs) || $0.value.link == .connected || $0.value.wasHeard(nowMs: nowMs) }
            .sorted { a, b in a.value.rssi != b.value.rssi ? a.value.rssi > b.value.rssi : a.key < b.key }
            .map(\.key)
    }
}

/// The latest that was heard from a strap, whoever wears it.
public struct StrapReading: Sendable, Equatable {
    /// The last trusted heart rate (with skin contact); 0 before the first.
    public var bpm: Int = 0
    public var contact: SensorContact = .notSupported
    public var battery: Int?
    public var rssi: Int = 0
    public var link: LinkState = .disconnected
    /// App clock (ms) of the last trusted heart rate; nil before the first.
    public var lastReadingMs: Int64?
    /// App clock (ms) when a discovery scan last heard it advertise.
    public var lastHeardMs: Int64?
    /// The scan heard it but it neither accepts connections nor broadcasts.
    public var heardButBusy = false
    /// Anything came from the strap itself since the source started (a reading, an advertisement, a
    /// battery level, a link up): a strap never heard is "not found", not merely silent.
    public var everHeard = false
    public init() {}

    /// A trusted heart rate arrived within `AppState.noSignalAfterMs`: the number is live, not frozen.
    public func hasSignal(nowMs: Int64) -> Bool { Self.isRecent(lastReadingMs, nowMs: nowMs) }

    /// Heard advertising within `AppState.noSignalAfterMs`: near enough to pair, even before it streams.
    public func wasHeard(nowMs: Int64) -> Bool { Self.isRecent(lastHeardMs, nowMs: nowMs) }

    /// Near, but another device holds it: the pairing list says so instead of "free".
    public func isBusyElsewhere(nowMs: Int64) -> Bool {
        heardButBusy && wasHeard(nowMs: nowMs) && !hasSignal(nowMs: nowMs)
    }

    private static func isRecent(_ time: Int64?, nowMs: Int64) -> Bool {
        guard let time else { return false }
        return nowMs - time <= AppState.noSignalAfterMs
    }
}

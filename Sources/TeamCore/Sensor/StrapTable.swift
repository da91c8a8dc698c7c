/// The straps a running source listens to, in the order that numbers them: the strap at index `i`
/// is the one whose events carry `StrapIndex` `i`. One table a run of a source; it only grows, by
/// appending (a strap paired while running), and never holds an address twice, so an index means
/// one strap and a strap has one index.
///
/// Its one owner is the `SensorPump` (it starts and switches the source, and reads the events the
/// table numbers); whoever needs the numbering reads it there: the kiosk's reducer, `record`'s
/// lineup, the sightings, and the Bluetooth workers (their rows are the table's, in its order).
public struct StrapTable: RandomAccessCollection, Sendable, Equatable {
    /// How many straps a table numbers: the next index still fits in a `StrapIndex`'s two bytes.
    public static let capacity = Int(UInt16.max)

    private var slots: [StrapSlot] = []
    private var indexByAddress: [String: StrapIndex] = [:]

    public init() {}

    /// `slots` in this order; an address already given keeps its first place and is not listed again.
    public init(_ slots: some Sequence<StrapSlot>) {
        for slot in slots { append(slot) }
    }

    public var startIndex: StrapIndex { 0 }
    public var endIndex: StrapIndex { StrapIndex(position: slots.count) }

    public subscript(index: StrapIndex) -> StrapSlot { slots[index.position] }

    /// The strap at `index`; nil outside the table.
    public func slot(_ index: StrapIndex) -> StrapSlot? {
        index.position < slots.count ? slots[index.position] : nil
    }

    /// The index of the strap with this address (in any case).
    public func index(ofAddress address: String) -> StrapIndex? { indexByAddress[address.uppercased()] }

    /// The index of a stored strap.
    public func index(ofStrap strapID: Int64?) -> StrapIndex? {
        guard let strapID else { return nil }
        return indices.first { self[$0].strapID == strapID }
    }

    /// Appends a strap heard for the first time: its index is the next one. A strap whose address the
    /// table has keeps its place and is not appended again; a full table appends nothing.
    /// Returns whether it was appended.
    @discardableResult
    public mutating func append(_ slot: StrapSlot) -> Bool {
        guard indexByAddress[slot.address] == nil, slots.count < Self.capacity else { return false }
        indexByAddress[slot.address] = endIndex
        slots.append(slot)
        return true
    }

    /// The stored strap `strapID` is shown by `name` from now on (a label the club gave it); its
    /// index and address stay, so the events it numbers do not change.
    public mutating func rename(strapID: Int64, to name: String) {
        for position in slots.indices where slots[position].strapID == strapID { slots[position].name = name }
    }

    public static func == (a: StrapTable, b: StrapTable) -> Bool { a.slots == b.slots }
}

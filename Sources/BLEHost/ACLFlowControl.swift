/// Host-to-controller ACL flow control (Core Spec Vol 4 Part E §4.1.1): the controller has
/// a fixed number of ACL buffers; each packet sent holds one until the controller reports
/// it done (Number Of Completed Packets, per link) or the link closes (Disconnection
/// Complete: the controller flushed it). Packets wait here, in order, for a free buffer.
/// Credits are counted per link, so a controller's report can only free what that link
/// really has in flight: a misread or bogus count never lets the host overrun the buffers.
public struct ACLFlowControl {
    /// The largest ACL payload the controller accepts (L2CAP frames are cut to it).
    public private(set) var maxPayload = 27
    /// Buffers the controller has free, as far as the host knows.
    public private(set) var freeBuffers = 0
    private var queue: [(handle: UInt16, packet: [UInt8])] = []
    private var inFlight: [UInt16: Int] = [:]

    public init() {}

    /// The controller's buffers, from LE Read Buffer Size (or Read Buffer Size).
    public mutating func configure(maxPayload: Int, buffers: Int) {
        self.maxPayload = max(maxPayload, 1)
        freeBuffers = max(buffers, 0)
    }

    public mutating func enqueue(_ packet: [UInt8], handle: UInt16) { queue.append((handle, packet)) }

    /// The next packet that may go now (taking a buffer), in the order they were queued.
    public mutating func next() -> [UInt8]? {
        guard freeBuffers > 0, !queue.isEmpty else { return nil }
        let (handle, packet) = queue.removeFirst()
        freeBuffers -= 1
        inFlight[handle, default: 0] += 1
        return packet
    }

    /// The controller finished `count` packets of `handle`; returns the buffers freed.
    @discardableResult
    public mutating func completed(handle: UInt16, count: Int) -> Int {
        let held = inFlight[handle] ?? 0
        let freed = min(max(count, 0), held)
        inFlight[handle] = held - freed == 0 ? nil : held - freed
        freeBuffers += freed
        return freed
    }

    /// A link closed: its packets in the controller are flushed and those still waiting dropped.
    public mutating func linkClosed(handle: UInt16) {
        freeBuffers += inFlight.removeValue(forKey: handle) ?? 0
        queue.removeAll { $0.handle == handle }
    }

    public func packetsInFlight(handle: UInt16) -> Int { inFlight[handle] ?? 0 }
    public var waiting: Int { queue.count }
}

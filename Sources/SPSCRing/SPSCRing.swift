import Atomics

/// A lock-free single-producer, single-consumer ring buffer.
///
/// The sensor worker pushes, the main loop pops. `push` never blocks and never
/// allocates: when the ring is full the element is dropped and counted.
///
/// Memory layout: the element buffer, plus one 256-byte control block split in
/// two 128-byte halves so the producer's and the consumer's words never share a
/// cache line (128 covers adjacent-line prefetch on x86 and Apple cores):
///
///     [0]   tail (atomic, producer stores)   producer's cached head   dropped count
///     [128] head (atomic, consumer stores)   consumer's cached tail   draining flag
///
/// Indices grow without wrapping (an Int lasts 2^63 elements) and are masked
/// into the power-of-two buffer.
///
/// Safety of `@unchecked Sendable` and the raw pointers: the only shared mutable
/// words are `head` and `tail`, accessed atomically; element slots are handed
/// over by a release store of `tail` (producer) paired with an acquire load
/// (consumer), and handed back by a release store of `head` paired with the
/// producer's acquire load. Each cached index is touched by one side only. The
/// contract (one producing thread, one consuming thread at a time) is the
/// caller's, as the type's name says.
public final class SPSCRing<Element: BitwiseCopyable>: @unchecked Sendable {
    public let capacity: Int
    @usableFromInline let mask: Int
    @usableFromInline let slots: UnsafeMutablePointer<Element>
    @usableFromInline let control: UnsafeMutableRawPointer
    @usableFromInline let tail: UnsafeAtomic<Int>
    @usableFromInline let head: UnsafeAtomic<Int>
    @usableFromInline let droppedCount: UnsafeAtomic<Int>

    @usableFromInline static var producerCachedHeadOffset: Int { 16 }
    @usableFromInline static var consumerCachedTailOffset: Int { 128 + 8 }
    /// Consumer-only: non-zero while `drain` runs its body (see `drain`).
    @usableFromInline static var drainingOffset: Int { 128 + 16 }

    /// - Parameter capacity: rounded up to a power of two, at least 2.
    public init(capacity requested: Int) {
        precondition(requested > 0, "ring capacity must be positive")
        var capacity = 2
        while capacity < requested { capacity <<= 1 }
        self.capacity = capacity
        self.mask = capacity - 1
        self.slots = .allocate(capacity: capacity)
        self.control = .allocate(byteCount: 256, alignment: 128)
        control.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
        typealias Word = Int.AtomicRepresentation
        self.tail = UnsafeAtomic(at: control.bindMemory(to: Word.self, capacity: 1))
        self.droppedCount = UnsafeAtomic(at: (control + 8).bindMemory(to: Word.self, capacity: 1))
        self.head = UnsafeAtomic(at: (control + 128).bindMemory(to: Word.self, capacity: 1))
    }

    deinit {
        // Elements are BitwiseCopyable: nothing to deinitialise.
        slots.deallocate()
        control.deallocate()
    }

    // MARK: producer side

    /// Appends an element; returns false (and counts a drop) when the ring is full.
    @inlinable @discardableResult
    public func push(_ element: Element) -> Bool {
        let t = tail.load(ordering: .relaxed) // only the producer stores tail
        let cachedHead = control.load(fromByteOffset: Self.producerCachedHeadOffset, as: Int.self)
        if t &- cachedHead == capacity {
            let freshHead = head.load(ordering: .acquiring)
            control.storeBytes(of: freshHead, toByteOffset: Self.producerCachedHeadOffset, as: Int.self)
            if t &- freshHead == capacity {
                droppedCount.wrappingIncrement(ordering: .relaxed)
                return false
            }
        }
        (slots + (t & mask)).initialize(to: element)
        tail.store(t &+ 1, ordering: .releasing)
        return true
    }

    // MARK: consumer side

    /// Removes the oldest element, or returns nil when the ring is empty. Not from inside `drain`'s body.
    @inlinable
    public func pop() -> Element? {
        precondition(control.load(fromByteOffset: Self.drainingOffset, as: Int.self) == 0, "SPSCRing.pop called inside drain")
        let h = head.load(ordering: .relaxed) // only the consumer stores head
        let cachedTail = control.load(fromByteOffset: Self.consumerCachedTailOffset, as: Int.self)
        if h == cachedTail {
            let freshTail = tail.load(ordering: .acquiring)
            control.storeBytes(of: freshTail, toByteOffset: Self.consumerCachedTailOffset, as: Int.self)
            if h == freshTail { return nil }
        }
        let element = slots[h & mask]
        head.store(h &+ 1, ordering: .releasing)
        return element
    }

    /// Pops everything available now (at most `limit`), handing each element to `body`;
    /// publishes the freed slots once at the end. Returns the number consumed.
    ///
    /// Not re-entrant: the freed slots are published only when the body has seen them all, so a
    /// `drain` or `pop` from inside the body would hand out the same elements again. Both trap there.
    @inlinable @discardableResult
    public func drain(limit: Int = .max, _ body: (Element) throws -> Void) rethrows -> Int {
        precondition(control.load(fromByteOffset: Self.drainingOffset, as: Int.self) == 0, "SPSCRing.drain called inside drain")
        control.storeBytes(of: 1, toByteOffset: Self.drainingOffset, as: Int.self)
        defer { control.storeBytes(of: 0, toByteOffset: Self.drainingOffset, as: Int.self) }
        let h = head.load(ordering: .relaxed)
        let freshTail = tail.load(ordering: .acquiring)
        control.storeBytes(of: freshTail, toByteOffset: Self.consumerCachedTailOffset, as: Int.self)
        let n = min(freshTail &- h, limit)
        var i = 0
        defer { if i > 0 { head.store(h &+ i, ordering: .releasing) } }
        while i < n {
            let element = slots[(h &+ i) & mask]
            i += 1
            try body(element)
        }
        return n
    }

    // MARK: either side

    /// Elements dropped because the ring was full.
    public var dropped: Int { droppedCount.load(ordering: .relaxed) }

    /// Elements waiting now (a snapshot; exact only on the consumer thread when the producer is idle).
    public var count: Int { tail.load(ordering: .acquiring) &- head.load(ordering: .acquiring) }
}

/// Turns pointer downs, moves and ups (finger or mouse alike) into taps, long
/// presses and drags with inertia. Times are milliseconds of any monotonic clock.
public struct Gestures: Sendable {
    public enum Output: Sendable, Equatable {
        case tap(x: Int, y: Int)
        case longPress(x: Int, y: Int)
        /// The pointer moved by (dx, dy) since the last report, now at (x, y); started at (startX, startY).
        case drag(startX: Int, startY: Int, x: Int, y: Int, dx: Int, dy: Int)
        case dragEnded(velocityY: Double)
    }

    public static let longPressMs: Int64 = 600
    /// Movement under this many pixels still counts as a tap (fingers wobble, gloves more).
    public var slop: Int = 14

    private var down: (x: Int, y: Int, t: Int64)?
    private var last: (x: Int, y: Int, t: Int64)?
    private var dragging = false
    private var longPressFired = false
    private var velocityY = 0.0

    public init() {}

    public var isPressed: Bool { down != nil }

    public mutating func pointerDown(x: Int, y: Int, atMs t: Int64) {
        down = (x, y, t)
        last = (x, y, t)
        dragging = false
        longPressFired = false
        velocityY = 0
    }

    public mutating func pointerMove(x: Int, y: Int, atMs t: Int64) -> Output? {
        guard let d = down, let l = last, !longPressFired else { return nil }
        if !dragging, abs(x - d.x) > slop || abs(y - d.y) > slop { dragging = true }
        guard dragging else { return nil }
        let dt = max(1, t - l.t)
        // Smoothed velocity in px per ms, for inertia after release.
        velocityY = 0.7 * Double(y - l.y) / Double(dt) + 0.3 * velocityY
        last = (x, y, t)
        return .drag(startX: d.x, startY: d.y, x: x, y: y, dx: x - l.x, dy: y - l.y)
    }

    public mutating func pointerUp(x: Int, y: Int, atMs t: Int64) -> Output? {
        guard let d = down else { return nil }
        defer { down = nil; last = nil }
        if longPressFired { return nil }
        if dragging {
            let idle = t - (last?.t ?? t)
            return .dragEnded(velocityY: idle > 100 ? 0 : velocityY)
        }
        return t - d.t >= Self.longPressMs ? .longPress(x: d.x, y: d.y) : .tap(x: d.x, y: d.y)
    }

    /// Fires a long press while the finger is still down, so the coach feels it happen.
    public mutating func poll(atMs t: Int64) -> Output? {
        guard let d = down, !dragging, !longPressFired, t - d.t >= Self.longPressMs else { return nil }
        longPressFired = true
        return .longPress(x: d.x, y: d.y)
    }

    /// Milliseconds until a pending long press is due, for the event-wait timeout.
    public func msUntilLongPress(atMs t: Int64) -> Int64? {
        guard let d = down, !dragging, !longPressFired else { return nil }
        return max(0, d.t + Self.longPressMs - t)
    }
}

/// Scroll inertia: the list keeps gliding after a flick and slows down.
public struct Inertia: Sendable, Equatable {
    public var velocity: Double = 0 // px per ms
    public static let friction = 0.995 // per ms

    public init() {}

    public var isMoving: Bool { abs(velocity) > 0.02 }

    /// Distance to move for `dt` ms, decaying the velocity.
    public mutating func step(dtMs: Int64) -> Double {
        guard isMoving, dtMs > 0 else { velocity = 0; return 0 }
        let decay = pow(Self.friction, Double(dtMs))
        // Integral of v·f^t over dt.
        let distance = velocity * (decay - 1) / log(Self.friction)
        velocity *= decay
        return distance
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

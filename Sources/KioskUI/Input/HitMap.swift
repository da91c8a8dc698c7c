import AppCore
import Localization
import TeamCore

/// A touch target drawn this frame: where it is, what a script calls it, what a tap does.
public struct Hit: Sendable {
    public var rect: Rect
    /// The button's text (or a "key:A" style name); scripts tap targets by label.
    public var label: String
    public var action: Action?
    public var longPress: Action?
    /// The whole target when a scrolling list shows only part of it (`rect` is the visible part).
    public var whole: Rect?
    public init(rect: Rect, label: String, action: Action?, longPress: Action? = nil) {
        self.rect = rect
        self.label = label
        self.action = action
        self.longPress = longPress
    }
}

/// What dragging over a region does.
public enum DragTarget: Sendable, Equatable {
    /// Scrolls a list vertically; `maxOffset` is how far it can go.
    case scroll(id: String, maxOffset: Int)
    /// Moves the review cursor along a graph spanning `durationMs` across the rect.
    case graphCursor(durationMs: Int64)
}

public struct DragRegion: Sendable {
    public var rect: Rect
    public var target: DragTarget
}

/// Everything touchable in the last frame. Later entries are on top (dialogs, keyboards).
public struct HitMap: Sendable {
    public private(set) var hits: [Hit] = []
    public private(set) var drags: [DragRegion] = []
    /// Where each player's live tile was drawn (for state dumps and pixel checks).
    public var tileRects: [Int64: Rect] = [:]
    public init() {}

    public mutating func add(_ hit: Hit) { hits.append(hit) }
    public mutating func add(_ drag: DragRegion) { drags.append(drag) }

    /// A modal layer: swallows touches to what is beneath.
    public mutating func block(_ rect: Rect) {
        hits.append(Hit(rect: rect, label: "", action: nil))
        drags.removeAll()
    }

    mutating func replaceHits(from start: Int, with new: [Hit]) {
        hits.removeSubrange(start...)
        hits.append(contentsOf: new)
    }

    public func hit(at x: Int, _ y: Int) -> Hit? { hits.last { $0.rect.contains(x, y) } }

    public func drag(at x: Int, _ y: Int) -> DragRegion? {
        // A drag only reaches a region that is not covered by a modal layer drawn later.
        guard let region = drags.last(where: { $0.rect.contains(x, y) }) else { return nil }
        return region
    }

    /// The target a script means by a label: exact match first, then a prefix, then a substring.
    /// Scripts name targets in English: a label drawn in the kiosk's language is also known by the English
    /// message it was translated from, so one flow plays in every language.
    public func find(label: String) -> Hit? {
        // The query as written and in the kiosk's language ("Setup" is drawn "Team" in German, and "Team"'s
        // source is ambiguous); each label as drawn and as its source message.
        let queries = Set([label.lowercased(), tr(label).lowercased()])
        let catalog = Localization.current.catalog
        let live = hits.filter { !$0.label.isEmpty }.map { hit in
            (hit, [hit.label.lowercased()] + (catalog.source(of: hit.label).map { [$0.lowercased()] } ?? []))
        }
        return live.last { !queries.isDisjoint(with: $0.1) }?.0
            ?? live.last { names in names.1.contains { name in queries.contains { name.hasPrefix($0) } } }?.0
            ?? live.last { names in names.1.contains { name in queries.contains { name.contains($0) } } }?.0
    }
}

/// A one-line, actionable failure of a source (no adapter, busy, no permission…).
public struct SensorSourceError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

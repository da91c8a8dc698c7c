/// A one-line problem the kiosk reports to whoever runs it: a script line that cannot be played,
/// a restore refused. The command line prints it and exits 2; on screen it is the coach's notice.
public struct KioskError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

import Localization

/// A one-line, actionable failure of a source (no adapter, busy, no permission…): English in the log, the person's
/// language where the command line prints it (decision 087).
public struct SensorSourceError: Error, CustomStringConvertible, Sendable {
    public var message: Message
    public var description: String { message.english }
    public init(_ message: Message) { self.message = message }
    /// A line worded elsewhere (a test's, a library's): a catalog that has it translates it.
    public init(_ description: String) { self.message = Message(description) }

    /// "hci-user:hci0: no such adapter; …": a library's problem (its English words, which a catalog that has them
    /// translates) after the source's name.
    public static func labelled(_ source: String?, _ problem: any Error) -> SensorSourceError {
        labelled(source, "\(problem)")
    }

    public static func labelled(_ source: String?, _ problem: String) -> SensorSourceError {
        guard let source else { return SensorSourceError(problem) }
        return SensorSourceError(Message("{source}: {problem}", ["source": source], nested: ["problem": Message(problem)]))
    }
}

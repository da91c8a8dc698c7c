import Localization

/// A one-line problem the kiosk reports to whoever runs it: a script line that cannot be played,
/// a restore refused. The command line prints it in its language and exits 2; the log keeps the English;
/// on screen it is the coach's notice.
public struct KioskError: Error, CustomStringConvertible, Sendable {
    public var message: Message
    public var description: String { message.english }
    public init(_ message: Message) { self.message = message }
    /// A line worded elsewhere (SDL's, a script's): a catalog that has it translates it.
    public init(_ description: String) { self.message = Message(description) }
}

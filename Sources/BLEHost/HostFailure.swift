/// Why a controller cannot be used, in words for two readers: `summary` for the coach's
/// screen ("lost", "not answering"), `detail` for the log line, which says what happened.
/// Neither names the controller: whoever reports it adds the label, once.
public struct HostFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var summary: String
    public var detail: String

    public init(summary: String, detail: String) {
        self.summary = summary
        self.detail = detail
    }

    public var description: String { "\(summary) (\(detail))" }

    /// The transport ended or failed (unplugged, emulator stopped, socket error).
    public static func lost(_ detail: String) -> HostFailure { HostFailure(summary: "lost", detail: detail) }

    /// The controller could not be opened at all yet (no such adapter, no permission, nothing
    /// listening): not "lost", since it was never there.
    public static func unavailable(_ detail: String) -> HostFailure { HostFailure(summary: "not available", detail: detail) }
}

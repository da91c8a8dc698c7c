import Foundation
import Logging

/// swift-log's backend for Sideline: one line per message on stderr, `sideline: message`.
///
/// Under systemd, stderr is a stream into journald, which reads a leading `<N>` (the syslog
/// priority, 0–7) as the line's level; the handler adds it only then (systemd sets
/// `JOURNAL_STREAM` to stderr's device and inode), so a terminal never sees the prefix and
/// `journalctl -p warning -u sideline` shows just the warnings and errors.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    /// Whether lines carry the `<N>` priority prefix.
    let prefixed: Bool
    /// Whether lines without it (not to journald) start with the time and the level: a server's log file
    /// is read afterwards, unlike a command's lines on a terminal.
    let timestamped: Bool
    /// Where a finished line goes (stderr; tests capture it).
    let sink: @Sendable (String) -> Void

    public init(logLevel: Logger.Level = .info, prefixed: Bool, timestamped: Bool = false,
                sink: @escaping @Sendable (String) -> Void = JournalLogHandler.writeToStandardError) {
        self.logLevel = logLevel
        self.prefixed = prefixed
        self.timestamped = timestamped
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        let time = timestamped && !prefixed ? Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) : nil
        sink(Self.line(level: event.level, message: event.message.description, metadata: merged, prefixed: prefixed, time: time))
    }

    /// `<3>sideline: the message key=value` (prefix only for journald), newline-terminated;
    /// `2026-11-29T14:40:01.123Z error sideline: …` with a `time` (a server's plain log).
    /// A message of several lines becomes several lines, each with the prefix, so journald
    /// files every one at the right level.
    public static func line(level: Logger.Level, message: String, metadata: Logger.Metadata, prefixed: Bool, time: String? = nil) -> String {
        var text = message
        if !metadata.isEmpty {
            text += " " + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        let head = prefixed ? "<\(syslogPriority(level))>sideline: " : (time.map { "\($0) \(level) " } ?? "") + "sideline: "
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line in
            (index == 0 ? head : (prefixed ? "<\(syslogPriority(level))>" : "")) + line + "\n"
        }.joined()
    }

    /// RFC 5424 severities, as sd-daemon(3) defines the `<N>` prefixes.
    public static func syslogPriority(_ level: Logger.Level) -> Int {
        switch level {
        case .critical: 2
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug, .trace: 7
        }
    }

    /// One `write(2)` per line: lines from several threads never interleave.
    public static let writeToStandardError: @Sendable (String) -> Void = { line in
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            offset += n
        }
    }
}

import Foundation
import Logging

/// The one way Sideline reports what happens: `Diagnostics.logger(…)` gives a swift-log
/// `Logger`; `Diagnostics.bootstrap()` (once, first thing in `main`) routes every logger to
/// `JournalLogHandler` — stderr, with journald priorities under systemd.
///
/// `SIDELINE_LOG_LEVEL` (trace, debug, info, notice, warning, error, critical) lowers or
/// raises the threshold, default info.
public enum Diagnostics {
    /// `timestamped`: lines not going to journald start with the time and level (a server's log file).
    public static func bootstrap(environment: [String: String] = ProcessEnvironment.values(of: ["SIDELINE_LOG_LEVEL", "JOURNAL_STREAM"]),
                                 timestamped: Bool = false) {
        let level = environment["SIDELINE_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .info
        let prefixed = JournalStream.isJournal(environment: environment)
        LoggingSystem.bootstrap { _ in JournalLogHandler(logLevel: level, prefixed: prefixed, timestamped: timestamped) }
    }

    /// A logger named after the part of Sideline that speaks (`kiosk`, `backup`, `usb`…).
    public static func logger(_ label: String) -> Logger { Logger(label: "sideline.\(label)") }
}

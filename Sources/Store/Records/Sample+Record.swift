import GRDB
import TeamCore

// The hot tables, read back whole (tests, `sideline` checks). The recorder writes them through
// SQLite's C API (`SessionWriter`) and review reads them the same way (`recordedSeries`): GRDB's
// rows cost about a microsecond each, and a 2-hour session has hundreds of thousands. Heart-rate
// readings and RR intervals are no table's rows but a minute's blob (`SampleMinuteCodec`,
// `RRMinuteCodec`).

/// A `strap_event` row: a battery level or link state a strap reported during a session.
extension StrapEvent: FetchableRecord, TableRecord {
    public static let databaseTableName = "strap_event"

    public init(row: Row) throws {
        self.init(strapID: row["strap_id"], tMs: row["t_ms"], kind: StrapEvent.Kind(rawValue: row["kind"]) ?? .link, value: row["value"])
    }
}

/// The formats a session is exported in: the kiosk's "Export", `sideline export` and the club's pages.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// `<stem>_samples.csv` and `<stem>_rr.csv`: every sample and RR interval.
    case rawCSV
    /// `<stem>_summary.csv`: per player and lap.
    case summaryCSV
    /// One `.tcx` per player with a heart rate.
    case tcx
    /// One `.fit` per player with a heart rate.
    case fit
    /// `<stem>_summary.json`: every number of the review screens.
    case json
}

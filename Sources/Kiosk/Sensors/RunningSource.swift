import TeamCore

/// The source the pump runs, with what the kiosk did with it: whether it scans, and which straps it
/// was last told to keep. A switch replaces it whole, so nothing of the old source lingers.
struct RunningSource {
    let source: KioskSource
    /// Scanning for new straps (the pairing list is open) — Bluetooth only.
    var discoveryOn = false
    /// What the source was last told to keep connected (nil: not told yet).
    var toldWanted: StrapSelection?

    init(_ source: KioskSource) { self.source = source }
}

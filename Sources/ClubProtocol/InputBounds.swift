/// The plausible ranges of everything a kiosk sends — a session bundle's fields and a roster
/// edit's values — in one place (docs/decisions/064-a-kiosk-is-untrusted-input.md). The server
/// refuses what lies outside (a bundle with 422, an edit with 400) and stores nothing of it; the
/// kiosk checks a bundle against the same ranges before it sends it, so a session it cannot
/// upload is reported once, not offered for ever. A value inside every range keeps the analysis,
/// the pages and the exports far from any overflow.
public enum InputBounds {
    /// Wall-clock times (Unix ms): 2000-01-01 to 2100-01-01 UTC (`WallClockBounds`, which an erasure record is held to too).
    public static let unixMs = WallClockBounds.unixMs
    /// The longest session, and so the latest offset (ms since its start) of anything in it.
    public static let sessionMs: Int64 = 24 * 3_600_000
    public static let offsetMs: ClosedRange<Int64> = 0...sessionMs

    /// A player's resting or maximum heart rate (bpm): numbers a person typed or a formula gave.
    public static let heartRate: ClosedRange<Int> = 20...260
    /// A reading's heart rate and a beat-to-beat interval (1/1024 s) are held to what a strap's field
    /// can say, not to what a heart can do: straps report artefacts (a beat split in two, two merged,
    /// a start-up 0), and the analysis drops the implausible ones itself (`PlausibleHeartRate`), so one
    /// glitch must not cost the club a whole session. Both are far from any overflow.
    public static let readingBPM: ClosedRange<Int> = 0...255
    public static let rr1024: ClosedRange<Int> = 1...65_535
    public static let weightKg: ClosedRange<Double> = 20...250
    public static let age: ClosedRange<Int> = 0...150
    public static let shirtNumber: ClosedRange<Int> = 0...999
    /// A strap event's value and a strap's last battery: what the strap's byte said (a battery is 0–100, a link state small).
    public static let strapByte: ClosedRange<Int> = 0...255
    public static let energyKJ: ClosedRange<Int> = 0...65_535

    /// Counts per session, from what 24 h of 60 straps can send: a strap notifies about once a
    /// second (two a second allowed, for a player who changed straps), and a beat comes at most four
    /// times a second (240 bpm; five for one player, whose strap may split beats).
    public static let straps = 160
    public static let participants = 80
    public static let readingsPerParticipant = 2 * 86_400
    public static let readingsPerSession = 60 * 86_400
    public static let rrPerParticipant = 5 * 86_400
    public static let rrPerSession = 60 * 86_400 * 4
    public static let laps = 1_000
    public static let strapEvents = 100_000
    public static let tags = 16

    /// Names and words: a bundle's team, player, strap and lap names, its tags, what a strap said of itself.
    public static let bundleText = TextBounds(characters: 200, bytes: 800)

    /// A bundle's canonical JSON text, inflated (docs/decisions/069-a-commit-has-a-memory-ceiling.md):
    /// a 90-minute session of 24 players is about 4 MB.
    public static let bundleBytes = 64 * 1024 * 1024
    /// What decoding a bundle may cost, bounded by its text's shape (`BundleShape`) before it is decoded:
    /// 2 million values (a 90-minute session of 24 players holds about 0.9 million: readings, beats and
    /// the rest; about 50 bytes each while a commit decodes, checks and stores them), the text of every
    /// name and word at its bound, and no number longer than 32 bytes. These, not the counts above,
    /// bound a commit's memory; they refuse a day of 60 straps (about 60 million values) that the counts
    /// would let through.
    public static let bundleShape = BundleShape.Limits(values: 2_000_000, stringBytes: 4 * 1024 * 1024, tokenBytes: 32)
}

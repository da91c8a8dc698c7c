import TeamCore

/// One player's samples as three columns in time order: when each reading was taken, its heart rate
/// and the strap's skin contact. The first analysis reads a player's recording straight into these
/// (`SessionReview`): a `Sample` a reading is 56 bytes, its player's and strap's ids repeated in each,
/// and the track needs none of that (issue 34's memory).
public struct SampleColumns: Sendable, Equatable {
    /// Milliseconds since the session started.
    public var tMs: [Int64]
    public var bpm: [Int]
    public var contact: [SensorContact]

    /// The three columns, of one length (a shorter column ends them all).
    public init(tMs: [Int64], bpm: [Int], contact: [SensorContact]) {
        self.tMs = tMs
        self.bpm = bpm
        self.contact = contact
    }

    /// The columns of samples in time order (one player's).
    public init(_ samples: [Sample]) {
        self.init(tMs: samples.map(\.tMs), bpm: samples.map(\.bpm), contact: samples.map(\.contact))
    }

    public var count: Int { min(tMs.count, bpm.count, contact.count) }
}

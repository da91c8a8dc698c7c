import Analytics
import Store
import Synchronization

/// The first analysis's pass over a finished session's recording: each player's samples and RR
/// intervals read (as columns: `SampleColumns`), made into what the store keeps of them
/// (`RecordingFigures`: the track, the corrected NN series, the whole session's HRV) and let go before
/// the next player is read — one player at a time on each core. What the rest of the analysis needs of
/// the recording is in those figures, so it never holds the whole session's samples and beats
/// (decision 105; the figures are the ones `SessionAnalysis` would compute from them, bit for bit).
enum RecordingPass {
    /// The figures of `players` (ids), computed from the session's recording.
    static func figures(store: SidelineStore, sessionID: Int64, players: [Int64]) throws -> [Int64: RecordingFigures] {
        guard !players.isEmpty else { return [:] }
        let figures = Mutex<[Int64: RecordingFigures]>([:])
        try store.forEachPlayerRecording(sessionID, players: players) { recording in
            let track = HeartRateTrack(columns: SampleColumns(tMs: recording.tMs, bpm: recording.bpm, contact: recording.contact))
            let made = RecordingFigures(track: track, rrIntervals: recording.rrIntervals)
            figures.withLock { $0[recording.playerID] = made }
        }
        return figures.withLock { $0 }
    }
}

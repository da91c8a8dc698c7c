import Analytics
import Store
import Synchronization
import TeamCore

/// The first analysis's pass over a finished session's recording: each player's samples and RR
/// intervals read (as columns: `SampleColumns`), made into what the store keeps of them
/// (`RecordingFigures`: the track, the corrected NN series, the whole session's HRV) and let go before
/// the next player is read — one player at a time on each core. What the rest of the analysis needs of
/// the recording is in those figures, so it never holds the whole session's samples and beats
/// (decision 105; the figures are the ones `SessionAnalysis` would compute from them, bit for bit).
enum RecordingPass {
    /// The figures of `players` (ids), computed from the session's recording; without `includingRR` no RR
    /// interval is read (the NN series are empty).
    static func figures(store: SidelineStore, sessionID: Int64, players: [Int64], includingRR: Bool = true) throws -> [Int64: RecordingFigures] {
        guard !players.isEmpty else { return [:] }
        let figures = Mutex<[Int64: RecordingFigures]>([:])
        try store.forEachPlayerRecording(sessionID, players: players, includingRR: includingRR) { recording in
            let track = HeartRateTrack(columns: SampleColumns(tMs: recording.tMs, bpm: recording.bpm, contact: recording.contact))
            let made = RecordingFigures(track: track, rrIntervals: recording.rrIntervals)
            figures.withLock { $0[recording.playerID] = made }
        }
        return figures.withLock { $0 }
    }

    /// The analysis's input for what heart rates alone give (the sessions list's team average, a training
    /// session's season figures), its recording read a player at a time with no RR interval: the same
    /// analysis as from every sample at once (no laps, no HRV window), without them all held at once —
    /// the kiosk's sessions list asks for it at Save, while the session-end analysis runs (issue 34).
    static func heartRateInput(store: SidelineStore, session: Session, players: [SessionPlayer]) throws -> SessionInput {
        var input = SessionInput(session: session, players: players, samples: [:], rrIntervals: [:], laps: [], hrvWindows: [])
        input.recorded = try figures(store: store, sessionID: session.id, players: players.map(\.playerID), includingRR: false)
        // A session without a recorded length lasted to its last sample.
        if session.recordedMs == nil { input.lastSampleMs = try store.lastSampleMs(session.id) }
        return input
    }
}
